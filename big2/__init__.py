"""Big2: Big Two (Cho Dai Di, Pusoy Dos) for the desktop."""

__version__ = "0.1.0"
