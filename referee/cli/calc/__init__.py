"""Quick calculators that need no session: dividends, per-share payouts, stock moves."""
