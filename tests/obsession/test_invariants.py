"""Over 10,000 random games for each of 2, 3 and 4 players, standard and extended (2,000 in the default tier, the
rest in the slow one): every game ends on the last round, no negative money or reputation out of range, servants
conserved, every guest and tile in exactly one place, objective and VP cards conserved, every activity hosted met its
requirements (guest type and number, prestige ratings within the level of step 3, service), final scores equal the
sum of their sources."""

import numpy as np
import pytest

from sim.games.obsession.params import PARAMS
from sim.games.obsession.tables import load
from tests.tiers import SPANS

from .harness import COUNTS, ERRORS, N_OUT, check_random_games

D = load().array


def run(n_players, knobs=None, n=2_000, seed=2024, first=0):
    out = np.zeros(N_OUT, np.int64)
    k = PARAMS.values(knobs or {})
    check_random_games(np.int64(seed), np.int64(first), np.int64(n), np.int64(n_players), D, k, np.int64(20_000), out)
    errors = {name: int(out[i]) for i, name in enumerate(ERRORS)}
    counts = {name: int(out[len(ERRORS) + i]) for i, name in enumerate(COUNTS)}
    return errors, counts


@pytest.mark.parametrize(("first", "n"), SPANS)
@pytest.mark.parametrize("extended", [0, 1], ids=["standard", "extended"])
@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_random_games_keep_every_invariant(n_players, extended, first, n):
    errors, counts = run(n_players, {"game.extended": extended}, n=n, first=first)
    assert errors == dict.fromkeys(ERRORS, 0)
    assert counts["games"] == n
    # the checks saw what they check: activities with guests, passes, national-holiday hosting, Fairchilds
    assert counts["activities_checked"] > 2 * n and counts["guests_checked"] > 4 * n
    assert counts["passes"] > n and counts["hosted"] > 3 * n
    assert counts["national_holiday_above_level"] > n // 1000
    assert counts["fairchilds_held_at_end"] > n // 2
    assert counts["paupers_invited"] > n // 10 and counts["final_vp_cards_used"] > 0


@pytest.mark.parametrize(
    "knobs",
    [
        {"setup.wessex": 1, "setup.suites": 1, "game.extended": 1},
        {"setup.family_choice": 0, "setup.starter_draft": 0, "turn.first_player": 1, "courtship.closed": 1},
        {"objectives.draw_discard": 0, "monuments.garden_maze": 1, "quarters.servants": 3, "setup.family_order": 1},
    ],
)
def test_random_games_keep_every_invariant_under_the_variants(knobs):
    for n_players in (2, 4):
        errors, counts = run(n_players, knobs, n=2_000, seed=7)
        assert errors == dict.fromkeys(ERRORS, 0)
        assert counts["games"] == 2_000
