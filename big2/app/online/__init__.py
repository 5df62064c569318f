"""Online play in the app: the hub (Host a game, Join a game, Rejoin), the host's in-app
server, the join screen, the stored seat for a rejoin after a restart, and the sentences
for the server's error codes.

Importing this package imports nothing else: the screens are opened by name through the
router (``"online"``, ``"host_game"``, ``"join_game"``, ``"lobby"``), and each module is imported when
it is first used, so the title stays quick and big2.net loads only when a player goes
online.

- :mod:`.hub`: the scene ``"online"``; :mod:`.host`: ``"host_game"``; :mod:`.join`:
  ``"join_game"``; :mod:`.form`: what the two forms share (the name, the wait for a room).
- :mod:`.hosting`: the app's one :class:`~big2.net.hostthread.ServerThread`, stopped when
  the app closes or the host leaves.
- :mod:`.entering`: a link on its way into a room: joined, refused or unreachable.
- :mod:`.address`: what a player types as an address, made a server URL.
- :mod:`.rejoin`: the seat kept in the user data folder to take back after a restart.
- :mod:`.lobby`: the scene ``"lobby"`` (seats, the host's set-up, ready, start,
  reactions); :mod:`.reactions`: the reactions' words and the mutes kept while the app runs.
- :mod:`.errors`: a translated sentence for every ``protocol.ERROR_CODES`` code.
"""
