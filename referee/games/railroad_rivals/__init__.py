"""Railroad Rivals (Glenn Drover, Forbidden Games 2018)."""
