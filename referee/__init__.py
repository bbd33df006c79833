"""referee: the rules referee, banker and scorekeeper for train games at a real table."""

__version__ = "0.1.0"
