"""The route search's knobs, passed down from `solve` to every stage (see search.py).

None of them changes an answer: they say when a stage switches to a cheaper or a more thorough
way of finding the same one. Tests pass their own (`replace(DEFAULT, tight_after=0)`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SearchConfig:
    # Two ∞ (or D) trains alone: listed and combined while the network holds at most this many
    # routes (seeds 0 and 37 of bench/routes.py's Lost Atlas hold 47,000 and 102,000), walked
    # as a pair beyond (seed 15 holds many millions). 0 walks every pair.
    pair_after: int = 1_000_000
    # Tight ceilings after this many places seen (soon: places with the same nodes left to
    # reach share their ceilings; in 1889's short walks they cost more than they save). Walks
    # remembered once walks come back to places this often: on Lost Atlas's small dense map
    # within the first steps, on 1830's wide one rarely (there remembering them changed which
    # routes were listed and made combining them up to three times dearer). Measured on
    # bench/routes.py's positions against the old thresholds (10,000 places; twice, plus 5,000
    # walks): Lost Atlas 23% less CPU, 1830 and 1889 the same.
    tight_after: int = 300
    dominate_after: int = 2
    ceilings_kept: int = 1_000_000  # remembered ceilings, at most (then forgotten, found again)
    walks_kept: int = 200_000  # remembered walks for dominance, at most (then forgotten)
    walks_per_place: int = 12  # walks remembered per place (end and stops met)
    split_after: float = 0.01  # seconds of a lone ∞/D walk before the rest is shared (cores.py)
    grace: float = 0.25  # seconds the parent waits for its child past the deadline, then kills
    bitset_limit: int = 2_000_000  # candidate lists up to this long are indexed by track
    scan: int = 64  # how far down an unindexed list a bound looks for a candidate clear of track


DEFAULT = SearchConfig()
