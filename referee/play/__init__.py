"""A game in play: the session (the move log replayed through a game), the frame's own verbs,
what is offered next, and the text of the record (events, standings, the log)."""
