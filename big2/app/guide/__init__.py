"""How to play: the guided first game (:mod:`.howtoplay`) and its script (:mod:`.tutorial`).
"""
