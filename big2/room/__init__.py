"""The room: one game of Big Two as a service, between the rules engine and the app.

A :class:`~big2.room.room.Room` owns a session of hands (the engine's games, the
computers' turns, undo, the three-player exchange, each finished hand's record). A seat
talks to it only through **commands** (:mod:`big2.room.commands`) and hears only what it
may see: a :class:`~big2.room.state.SeatState` snapshot and a stream of events passed
through :func:`big2.room.redact.redact`. Everything a seat receives is plain data that
round-trips through JSON (:mod:`big2.room.codec`), so the same table can show a game in
this process (:class:`~big2.room.link.LocalLink`) or, later, one on a server.

Standard library, the engine, the opponents' views and the translator only: no pygame,
no files, no sockets, no clock of its own (callers pass the time in).
"""
