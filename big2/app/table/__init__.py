"""The card table: the table scene (:mod:`.scene`) and its parts (input, playback, drawing,
computers, exchange, undo, tracker, recent plays), with the table's own models (the bottom
hand, the geometry, one-tap selection, the computer players) and the resumed table.
"""
