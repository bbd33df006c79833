"""Development code, never shipped (pyproject.toml lists the packages of the wheel, and
tests/ship/test_packaging.py checks that none of this is in it): the scenario runner
(`scenario`), random play from `Game.options` (`random_play`), and the generators of the shell
completions and the man page (`generate`, run by scripts/gen-completions and scripts/gen-man).

Tests import it from the checkout (pytest puts the checkout on the path); a bench script or a
script run from bench/ or scripts/ puts the checkout first on `sys.path` itself."""
