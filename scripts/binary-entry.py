"""The entry point pyinstaller freezes into dist/referee (scripts/build-binary)."""

from referee.cli import main

main()
