"""The 18xx rules both Lost Atlas and the described titles play by, written once (issue 30).

Below the games and above the core: a game imports these and passes its own choices as
parameters (a title's description, Lost Atlas's rules file); nothing here imports a game.
"""
