"""The shell: one line in, one answer out, interactively (prompt-toolkit) or from a pipe."""
