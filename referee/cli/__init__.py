"""The command line (click): `referee new`, `play`, `board`, `dividend`, `route`, `title`, ...

`main` is the group and its commands; `clicktext` translates click's own texts; `route` and
`title` are loaded when they are run; `calc` holds the quick calculators (dividends)."""
