"""Online play in the app: the screens over a :class:`big2.net.link.RemoteLink`."""
