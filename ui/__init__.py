"""The user's side of Землевласник: the command line and the pygame-ce window."""
