"""The core: the `Game` contract and what every game uses (words, rules kit, errors, citations,
text fitted to a terminal, the game data tables and the user's files read safely).

The lowest layer: it imports nothing of referee but `referee.i18n`.
"""
