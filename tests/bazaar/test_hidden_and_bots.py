"""What a search may not see (hidden.py re-deals the deck's order, nothing else), the greedy bot's choice
(strategies/bazaar.py: the one-step value written in its docstring) and the shared search playing Bazaar."""

import numpy as np

from sim.games.bazaar.actions import A_BUY, A_TAKE, N_ACTIONS
from sim.games.bazaar.hidden import redeal
from sim.games.bazaar.layout import G_DECK, G_DECK_N, G_ROUND
from sim.games.bazaar.params import K_COINS_PER_VP, K_ROUNDS, K_TAKE
from sim.games.bazaar.rules import current_player, legal_mask
from sim.rng import new_streams
from strategies.bazaar import BOOK, W_COIN, W_INCOME, W_VP, choose, greedy, new_memory

from .scenario import D, Game, cost, income, vp

SPARE = 5  # the generator's spare stream, as the search uses it


def deck(s) -> list[int]:
    return s[G_DECK : G_DECK + s[G_DECK_N]].tolist()


def test_redeal_reshuffles_only_the_deck_and_keeps_its_cards():
    g = Game(3, seed=2)
    s = g.s.copy()
    redeal(s, None, g.k, 0, new_streams(7, 0), SPARE)
    assert sorted(deck(s)) == sorted(deck(g.s)) and deck(s) != deck(g.s)
    outside = np.ones(s.size, bool)
    outside[G_DECK : G_DECK + s[G_DECK_N]] = False
    assert (s[outside] == g.s[outside]).all()


def test_redeal_does_not_depend_on_the_hidden_order_it_replaces():
    g = Game(2, seed=3)
    other = g.s.copy()
    other[G_DECK : G_DECK + other[G_DECK_N]] = other[G_DECK : G_DECK + other[G_DECK_N]][::-1]
    a, b = g.s.copy(), other
    redeal(a, None, g.k, 1, new_streams(11, 0), SPARE)
    redeal(b, None, g.k, 1, new_streams(11, 0), SPARE)
    assert deck(a) == deck(b)


def value(w, g, name: str | None) -> float:
    """The greedy bot's value of taking (None) or buying `name`, written out from its docstring."""
    coin = w[W_COIN] / g.k[K_COINS_PER_VP]
    if name is None:
        return coin * g.k[K_TAKE]
    rounds_left = g.k[K_ROUNDS] - g.s[G_ROUND]
    return w[W_VP] * vp(name) + coin * (w[W_INCOME] * income(name) * rounds_left - cost(name))


def greedy_choice(g, code: str) -> int:
    w = BOOK.player(code).weights
    mask = np.zeros(N_ACTIONS, np.uint8)
    legal_mask(g.s, D, g.k, mask)
    return int(greedy(w, g.s, D, g.k, mask, 0, new_streams(1, 0)))


def test_greedy_plays_the_action_of_highest_one_step_value():
    g = Game(2)
    g.market(["date_stall", "jeweller", "sultans_favour"])
    g.money(0, cost("jeweller"))
    w = BOOK.player("greedy:w_noise=0").weights
    options = {A_TAKE: None, A_BUY + 0: "date_stall", A_BUY + 1: "jeweller"}  # the sultan's favour is too dear
    best = max(options, key=lambda a: value(w, g, options[a]))
    assert greedy_choice(g, "greedy:w_noise=0") == best


def test_greedy_takes_coins_when_no_card_is_worth_its_price():
    g = Game(2)
    g.s[G_ROUND] = g.k[K_ROUNDS] - 1  # the last round: income pays once more
    g.market(["date_stall"])
    g.money(0, cost("date_stall"))
    w = BOOK.player("greedy:w_noise=0").weights
    assert value(w, g, "date_stall") < value(w, g, None)
    assert greedy_choice(g, "greedy:w_noise=0") == A_TAKE


def test_the_builder_archetype_is_greedy_with_income_valued_higher():
    greedy_, builder = BOOK.player("greedy"), BOOK.player("builder")
    assert builder.strategy.kernel == greedy_.strategy.kernel
    assert builder.weights[W_INCOME] > greedy_.weights[W_INCOME]


# ---------------------------------------------------------------- the shared search on Bazaar


def mcts_choice(g, s, code: str = "mcts:iters=24,depth=8") -> int:
    """The search's action for the seat to move in s, with the same seat generator every time (the play
    kernel's argument types, so the compiled dispatcher is the cached one)."""
    player = BOOK.player(code)
    mask = np.zeros(N_ACTIONS, np.uint8)
    n = legal_mask(s, D, g.k, mask)
    seat = int(current_player(s))
    a = choose(np.int32(player.strategy.kernel), player.weights, s.copy(), D, g.k, mask, np.int64(n),
               np.int32(seat), new_streams(9, 1), new_memory()[seat].copy())  # fmt: skip
    assert mask[a], "mcts played an illegal action"
    return int(a)


def test_mcts_decides_the_same_when_only_the_deck_order_differs():
    g = Game(3, seed=5)
    g.money(0, 9)  # several cards affordable: a real decision
    other = g.s.copy()
    other[G_DECK : G_DECK + other[G_DECK_N]] = other[G_DECK : G_DECK + other[G_DECK_N]][::-1]
    assert deck(other) != deck(g.s)
    for code in ("mcts:iters=24,depth=8", "mcts:iters=24,depth=8,search=paired"):
        assert mcts_choice(g, other, code) == mcts_choice(g, g.s, code)
