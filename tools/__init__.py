"""Developer tools: never shipped (the wheel and the frozen app hold only ``big2``).

Run them from the repository root, as modules or as files::

    python -m tools.arena --seats expert,expert-v1 ...   # the arena, with the frozen old Expert
    python -m tools.bench_engine engine                  # engine speed
    python -m tools.bench_ai                             # the Expert's search speed, old and new
    python -m tools.bench_ui                             # frame times, idle CPU, start-up (under Xvfb)
    python tools/screenshots.py                          # docs/screenshots

What is here: ``baseline_v1`` (the Expert of tag ``ai-baseline-v1``, frozen, the arena's
yardstick), ``tour`` (a walk through every screen) and ``fitcheck`` (does every text fit,
does no control cover another), used by the fit tests and the screenshot script; the
benches; and the scripts the opponents' research uses (``paired``, ``last_hand``,
``model_fit``, ``decision_times``; see docs/research/opponents-log.md). Tests import
these as ``tools.…`` (pytest puts the repository root on ``sys.path``).
"""
