"""Railways of the Lost Atlas (rules: shared/rules/lost-atlas.ja.txt)."""
