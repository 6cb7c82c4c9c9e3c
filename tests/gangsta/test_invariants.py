"""Over 10,000 random games for each player count (2,000 in the default tier, the rest in the slow one, as
tests/tiers.py says): every game ends, no negative money, every gangster in exactly one place (never in two gangs),
the boss always first in its gang and never discarded, every completed heist's required skills present in its crew,
skill and influence totals consistent."""

import numpy as np
import pytest

from sim.games.gangsta.params import PARAMS
from tests.tiers import SPANS

from .harness import COUNTS, ERRORS, N_OUT, check_random_games
from .scenario import D


def run(n_players, knobs=None, n=2_000, seed=2024, first=0):
    out = np.zeros(N_OUT, np.int64)
    k = PARAMS.values(knobs or {})
    check_random_games(np.int64(seed), np.int64(first), np.int64(n), np.int64(n_players), D, k, np.int64(20_000), out)
    errors = {name: int(out[i]) for i, name in enumerate(ERRORS)}
    counts = {name: int(out[len(ERRORS) + i]) for i, name in enumerate(COUNTS)}
    return errors, counts


@pytest.mark.parametrize(("first", "n"), SPANS)
@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_random_games_keep_every_invariant(n_players, first, n):
    errors, counts = run(n_players, n=n, first=first)
    assert errors == dict.fromkeys(ERRORS, 0)
    assert counts["games"] == n
    # the checks saw what they check: heists (cooperative ones too), both endings, discarded gangsters
    assert counts["heists_checked"] > n and counts["coop_heists_checked"] > n // 100
    assert counts["end_gang_size"] > n // 100 and counts["end_snitches"] > n // 100
    assert counts["gangsters_lost"] > n // 100
    assert counts["end_gang_size"] + counts["end_snitches"] == n  # no dead end, no round limit


@pytest.mark.parametrize(
    "knobs",
    [
        {"chapters.count": 2, "snitch.bga_values": 1, "coop.solo_reward": 0},
        {"pass.min_money": 2, "start_money.bonus_per_seat": 1, "mobilise.engaged_leaders_free": 1},
        {"pass.may_discard": 0, "snitch.unpaid_takes_all": 0},
        {"heist.crew_brings_missing": 1, "chapters.count": 1, "snitch.lone_boss_pays": 1},  # readings before 1.1
    ],
)
def test_random_games_keep_every_invariant_under_the_variants(knobs):
    for n_players in (2, 4):
        errors, counts = run(n_players, knobs, n=2_000, seed=7)
        assert errors == dict.fromkeys(ERRORS, 0)
        assert counts["games"] == 2_000
