"""The table scene and its panels: the board and its centre, tokens, the deed card, dice, the
players, the feed, the decision panel, the person's choices and the moments shown as cards."""
