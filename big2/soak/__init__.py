"""A soak you can rerun: random games, mutated files and random input, for a while.

    python -m big2.soak --seconds 600 [--seed N] [--hands N] [--files N] [--damage N] [--events N]

Four parts share the time (or stop at the counts given):

* **hands**: sessions over every preset × 2/3/4 players and random house-rule
  combinations and scoring schemes, moves chosen at random (the checked path now and
  then), with invariants after every move: cards conserved, no card in two places, the
  mover held the cards played, nobody acts who is out of the hand, nobody acts twice in
  a row unless pass-lock or AutoPass allows it; a finished hand's winner holds nothing,
  the hand scores, zero-sum schemes sum to zero;
* **files**: settings and save files, real ones mutated (bytes flipped, cut short,
  nested deep, escaped quotes, fields swapped, FIFOs), fed through the app's real
  start-up path (storage, title, Continue) headless, each start timed;
* **damage** (issue 28): one file of a home holding a game in progress (the autosave,
  its previous copy, a save slot of the same game, the settings) gets one bit flipped,
  a value's type swapped, a key deleted or a lone surrogate put in a text (sometimes
  with the checksum made again, as a buggy writer would leave it); the game is started
  as players run it (the crash guard on), Continue pressed and played on to the hand's
  end, Saved games opened and its first loadable slot loaded and played on; a start
  that crashed is repeated, up to three starts. It counts silent acceptances (a damaged
  file loaded that is not equal in meaning to the original), crash screens, crash loops
  (a crash again at the next start) and lost games (a file gone, or a good copy refused);
* **events**: random clicks, drags, keys and window resizes posted to the headless app
  through every screen (``--memory-every N`` prints resident memory every N events),
  then 300 resize steps at the table with the memory before and after printed.

It prints the counts and every distinct failure (with how often it happened), and exits
1 if there was any. ``run(...)`` is the same for the test suite's short slice.
"""
