"""The invariant checks' random games, split between the two test tiers so that CI checks every one of them
once: the default tier (the README's test line) plays the first DEFAULT of each count, the slow tier (`pytest
-m slow`, CI's second step) the rest. "The checks saw enough" floors are rates, scaled by the games played."""

import pytest

TOTAL = 10_000  # random games per player count, over both tiers
DEFAULT = 2_000  # of which the default tier plays the first

SPANS = [
    pytest.param(0, DEFAULT, id=f"games-0-{DEFAULT}"),
    pytest.param(DEFAULT, TOTAL - DEFAULT, id=f"games-{DEFAULT}-{TOTAL}", marks=pytest.mark.slow),
]
