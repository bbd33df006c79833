"""Test-wide settings."""

from __future__ import annotations

import os

from hypothesis import settings

# CI runs the same generated examples every time, so a red run always reproduces; on a
# developer's machine hypothesis explores new ones.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")
