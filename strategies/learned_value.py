"""The learned value of a position for one seat, in the kernels: `bias + sum(coef[i] * feature[i])` over the
game's features (sim/games/<game>/features.py, through sim/hooks.py). The coefficients are the `learned`
weights of the game's book (lv_<feature>..., then lv_bias, lv_margin, lv_look, lv_worlds and lv_proposer), just
before the search's weights; the caller passes where they start (strategies/learned.py, strategies/mcts.py)."""

from numba import njit

from sim.hooks import g_features, g_n_features

N_EXTRA = 5  # the learned family's weights after the coefficients: lv_bias, lv_margin, lv_look, lv_worlds, lv_proposer
# read by the learned player only: a search's cut-off reads the value alone
PLAYER_ONLY = ("lv_margin", "lv_look", "lv_worlds", "lv_proposer")


@njit(cache=True)
def linear_value(game, w, at, s, d, k, seat, f):
    """The value of `s` for `seat`; `f` is scratch of at least N_FEATURES floats."""
    n = g_n_features(game)
    g_features(game, s, d, k, seat, f)
    v = w[at + n]
    for i in range(n):
        v += w[at + i] * f[i]
    return v
