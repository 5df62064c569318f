"""One module per screen or dialog (title, new game, settings, rules, pause, results, saved
games, statistics, replay, ...), opened by name through :mod:`big2.app.router`.
"""
