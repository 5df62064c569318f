"""The UI kit: the scene stack's base, focus, text, tweens, scaling, the theme manager, toasts,
sound, card art and sprites. Nothing here knows a Big Two screen.
"""
