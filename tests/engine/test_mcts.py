"""The search bot `mcts` (strategies/mcts.py) in every game: it never reads what the deciding seat cannot see
(a decision does not change when only hidden information changes), its re-deals keep every multiset and
everything the seat sees, it plays legal actions, and at one iteration it plays as its rollout bot."""

from importlib import import_module

import numpy as np
import pytest

from cli import main
from sim.engine import Recipe, prepare
from sim.kernel_tools import random_legal
from sim.registry import available
from sim.rng import new_streams

GAMES = available()  # a new game is searched here as soon as it registers
CODE = "mcts:iters=24,depth=8"
PAIRED = "mcts:iters=24,depth=8,search=paired"  # every root action in the same sampled worlds


class Position:
    """A 4-player game of `game` after `moves` random decisions, stopped at a real decision (2+ legal)."""

    def __init__(self, game, seed=3, moves=40):
        self.game = game
        prep = prepare(Recipe(game, ["greedy"] * 4, seed, 1))
        self.d, self.k = prep.data.array, prep.params
        self.rules = import_module(f"sim.games.{game}.rules")
        self.layout = import_module(f"sim.games.{game}.layout")
        self.hidden = import_module(f"sim.games.{game}.hidden")
        self.bots = import_module(f"strategies.{game}")
        self.n_actions = import_module(f"sim.games.{game}.actions").N_ACTIONS
        self.tables = import_module(f"sim.games.{game}.tables")
        rng = new_streams(seed, 0)
        self.s = np.zeros(self.layout.STATE_SIZE, np.int32)
        self.mask = np.zeros(self.n_actions, np.uint8)
        while True:  # a game over before `moves` real decisions (a short game: Bazaar) is dealt again, half as far
            n = self.play_into(rng, moves)
            if n > 1:
                break
            moves //= 2
        self.n_legal = n
        self.seat = int(self.rules.current_player(self.s))

    def play_into(self, rng, moves: int) -> int:
        """Deal a game and play random decisions until a real one after `moves` of them; the legal count there,
        or 0 when the game ended first."""
        self.rules.init_state(self.s, self.d, self.k, 4, rng)
        played = 0
        while not self.rules.is_terminal(self.s):
            n = self.rules.legal_mask(self.s, self.d, self.k, self.mask)
            if n > 1 and played >= moves:
                return n
            a = random_legal(self.mask, n, rng, np.int64(5))
            self.rules.step(self.s, self.d, self.k, a)
            played += n > 1
        return 0

    def mcts(self, s, code=CODE, seed=9):
        """mcts's action for the seat to move in s, with the same seat generator every time."""
        player = prepare(Recipe(self.game, [code] * 4, 1, 1)).players[0]
        memory = self.bots.new_memory()[0].copy()
        rng = new_streams(seed, 1)
        mask = np.zeros(self.n_actions, np.uint8)
        n = self.rules.legal_mask(s, self.d, self.k, mask)
        # the play kernel's own argument types (int32 kernel id and seat, int64 count), so the choose it
        # compiled is loaded from the cache instead of the whole search compiling again for Python ints
        a = self.bots.choose(np.int32(player.strategy.kernel), player.weights, s.copy(), self.d, self.k, mask,
                             np.int64(n), np.int32(self.seat), rng, memory)  # fmt: skip
        assert mask[a], "mcts played an illegal action"
        return int(a)


def permute_hidden(p: Position) -> np.ndarray:
    """The same position with only what p.seat cannot see changed (a hidden order, a hidden hand)."""
    s = p.s.copy()
    L = p.layout
    other = (p.seat + 1) % 4
    if p.game == "yokohama":
        top, n = int(s[L.G_ORDER_TOP]), int(p.d[p.tables.D_ORDER_N])
        s[L.G_ORDER_DECK + top : L.G_ORDER_DECK + n] = s[L.G_ORDER_DECK + top : L.G_ORDER_DECK + n][::-1]
        hand = p.rules.pb(other) + L.P_ORDERS_HAND
        if s[hand] >= 0:  # an opponent's order swapped with a deck card
            s[hand], s[L.G_ORDER_DECK + top] = s[L.G_ORDER_DECK + top], s[hand]
        t0, t1 = L.G_TECH_DECK + int(s[L.G_TECH_TOP]), L.G_TECH_DECK + int(s[L.G_TECH_END])
        s[t0:t1] = s[t0:t1][::-1]
    elif p.game == "gangsta":
        n = int(s[L.G_GDECK_N])
        s[L.G_GDECK : L.G_GDECK + n] = s[L.G_GDECK : L.G_GDECK + n][::-1]
        for ch in range(1, L.N_CHAPTERS + 1):
            base, n = p.rules.deck_base(ch), int(s[L.G_HDECK_N + ch - 1])
            s[base : base + n] = s[base : base + n][::-1]
        for ch in range(int(s[L.G_CHAPTER]) + 1, L.N_CHAPTERS + 1):  # a chapter not begun: its opening river
            at = L.G_OPENING + (ch - 2) * L.RIVER
            s[at : at + L.RIVER] = s[at : at + L.RIVER][::-1]
        s[L.G_SHUFFLE_KEY] += 12345
    elif p.game == "lagranja":
        n = int(s[L.G_DECK_N])
        s[L.G_DECK : L.G_DECK + n] = s[L.G_DECK : L.G_DECK + n][::-1]
        hand = p.rules.pb(other) + L.P_HAND
        if n and s[p.rules.pb(other) + L.P_HAND_N]:  # an opponent's hand card swapped with a deck card
            s[hand], s[L.G_DECK] = s[L.G_DECK], s[hand]
    elif p.game == "bazaar":  # only the deck's order is hidden
        n = int(s[L.G_DECK_N])
        s[L.G_DECK : L.G_DECK + n] = s[L.G_DECK : L.G_DECK + n][::-1]
    elif p.game == "obsession":
        n = int(s[L.G_BAG_N])
        s[L.G_BAG : L.G_BAG + n] = s[L.G_BAG : L.G_BAG + n][::-1]
        n = int(s[L.G_OBJ_DECK_N])
        obj = p.rules.pb(other) + L.P_OBJ
        if n and s[p.rules.pb(other) + L.P_OBJ_N]:
            s[obj], s[L.G_OBJ_DECK] = s[L.G_OBJ_DECK], s[obj]
    else:  # a game registered since: its hidden information is permuted here, as each game's above
        raise NotImplementedError(f"{p.game}: say here what a seat of it cannot see")
    return s


def hidden_position(game: str) -> tuple[Position, np.ndarray]:
    """A position where something is hidden from the seat to move, and the same with only that changed (a short
    game's deck can run out by the 40th decision: then an earlier one)."""
    for moves in (40, 20, 10, 5):
        p = Position(game, moves=moves)
        hidden = permute_hidden(p)
        if not np.array_equal(hidden, p.s):
            return p, hidden
    raise AssertionError(f"{game}: the permutation changed nothing in any position tried")


@pytest.mark.parametrize("code", [CODE, PAIRED])
@pytest.mark.parametrize("game", GAMES)
def test_a_decision_does_not_change_when_only_hidden_information_changes(game, code):
    p, hidden = hidden_position(game)
    assert p.mcts(hidden, code) == p.mcts(p.s, code)
    # the reason: the re-deal forgets the hidden order, so both positions give the same determinisation
    a, b = p.s.copy(), hidden.copy()
    p.hidden.redeal(a, p.d, p.k, np.int64(p.seat), new_streams(4, 0), np.int64(5))
    p.hidden.redeal(b, p.d, p.k, np.int64(p.seat), new_streams(4, 0), np.int64(5))
    assert np.array_equal(a, b)


@pytest.mark.parametrize("code", [CODE, PAIRED])
@pytest.mark.parametrize("game", GAMES)
def test_mcts_plays_legal_actions_and_the_same_seat_generator_gives_the_same_action(game, code):
    p = Position(game, seed=8, moves=15)
    assert p.mcts(p.s, code, seed=2) == p.mcts(p.s, code, seed=2)


def test_gangsta_mcts_is_the_paired_search_and_mcts_fast_the_same_at_a_smaller_budget():
    book = import_module("strategies.gangsta").BOOK
    mcts, fast = book.player("mcts").weights, book.player("mcts-fast").weights
    at = book._index
    assert mcts[at["search"]] == fast[at["search"]] == 1.0
    assert mcts[at["depth"]] == fast[at["depth"]] == 40.0
    assert fast[at["iters"]] < mcts[at["iters"]]
    assert import_module("strategies.yokohama").BOOK.player("mcts").weights[
        import_module("strategies.yokohama").BOOK._index["search"]] == 0.0  # fmt: skip


def yokohama_pools(p: Position, s):
    L, pb = p.layout, p.rules.pb
    orders = [int(x) for x in s[L.G_ORDER_DECK + s[L.G_ORDER_TOP] : L.G_ORDER_DECK + p.d[p.tables.D_ORDER_N]]]
    for q in range(4):
        if q != p.seat:
            orders += [int(x) for x in s[pb(q) + L.P_DEALT : pb(q) + L.P_DEALT + 2] if x >= 0]
            orders += [int(x) for x in s[pb(q) + L.P_ORDERS_HAND : pb(q) + L.P_ORDERS_HAND + L.HAND_SLOTS] if x >= 0]
    techs = s[L.G_TECH_DECK + s[L.G_TECH_TOP] : L.G_TECH_DECK + s[L.G_TECH_END]].tolist()
    return sorted(orders), sorted(techs)


def yokohama_hidden_cells(p: Position, s) -> set[int]:
    L, pb = p.layout, p.rules.pb
    cells = set(range(L.G_ORDER_DECK + int(s[L.G_ORDER_TOP]), L.G_ORDER_DECK + int(p.d[p.tables.D_ORDER_N])))
    cells |= set(range(L.G_TECH_DECK + int(s[L.G_TECH_TOP]), L.G_TECH_DECK + int(s[L.G_TECH_END])))
    for q in range(4):
        if q != p.seat:
            cells |= set(range(pb(q) + L.P_DEALT, pb(q) + L.P_DEALT + 2))
            cells |= set(range(pb(q) + L.P_ORDERS_HAND, pb(q) + L.P_ORDERS_HAND + L.HAND_SLOTS))
    return cells


def gangsta_pools(p: Position, s):
    L = p.layout
    pools = [sorted(s[L.G_GDECK : L.G_GDECK + s[L.G_GDECK_N]].tolist())]
    for ch in range(1, L.N_CHAPTERS + 1):
        base = p.rules.deck_base(ch)
        deck = s[base : base + s[L.G_HDECK_N + ch - 1]].tolist()
        if ch > s[L.G_CHAPTER]:
            deck += s[L.G_OPENING + (ch - 2) * L.RIVER : L.G_OPENING + (ch - 1) * L.RIVER].tolist()
        pools.append(sorted(deck))
    return pools


def gangsta_hidden_cells(p: Position, s) -> set[int]:
    L = p.layout
    cells = set(range(L.G_GDECK, L.G_GDECK + int(s[L.G_GDECK_N]))) | {L.G_SHUFFLE_KEY}
    for ch in range(1, L.N_CHAPTERS + 1):
        base = p.rules.deck_base(ch)
        cells |= set(range(base, base + int(s[L.G_HDECK_N + ch - 1])))
        if ch > s[L.G_CHAPTER]:
            cells |= set(range(L.G_OPENING + (ch - 2) * L.RIVER, L.G_OPENING + (ch - 1) * L.RIVER))
    return cells


@pytest.mark.parametrize("game", ["yokohama", "gangsta"])
def test_a_redeal_keeps_every_multiset_and_everything_the_seat_sees(game):
    p = Position(game, seed=5, moves=20)
    pools, hidden_cells = (yokohama_pools, yokohama_hidden_cells) if game == "yokohama" else (
        gangsta_pools, gangsta_hidden_cells)  # fmt: skip
    t = p.s.copy()
    p.hidden.redeal(t, p.d, p.k, np.int64(p.seat), new_streams(5, 0), np.int64(5))
    assert pools(p, t) == pools(p, p.s)
    seen = [i for i in range(p.s.size) if i not in hidden_cells(p, p.s)]
    assert np.array_equal(t[seen], p.s[seen])
    assert not np.array_equal(t, p.s)  # the hidden order did change


def test_gangsta_redeal_keeps_the_opening_rivers_free_of_snitches():
    p = Position("gangsta", seed=6, moves=5)
    L = p.layout
    for seed in range(5):
        t = p.s.copy()
        p.hidden.redeal(t, p.d, p.k, np.int64(p.seat), new_streams(seed, 0), np.int64(5))
        for h in t[L.G_OPENING : L.G_OPENING + 2 * L.RIVER]:
            assert not p.rules.is_snitch(p.d, h)


def test_mcts_at_one_iteration_plays_exactly_as_its_rollout_bot(tmp_path):
    """Yokohama's greedy draws no random numbers, so one iteration (the bot's own move) gives the same games."""
    from sim.engine import run

    run(Recipe("yokohama", ["mcts:iters=1", "greedy", "greedy", "greedy"], 4, 6, 6), tmp_path / "a", threads=1)
    run(Recipe("yokohama", ["greedy"] * 4, 4, 6, 6), tmp_path / "b", threads=1)
    import polars as pl

    cols = [f"score_{s}" for s in range(4)] + ["winner", "steps"]
    a = pl.read_parquet(tmp_path / "a" / "games.parquet").select(cols)
    b = pl.read_parquet(tmp_path / "b" / "games.parquet").select(cols)
    assert a.equals(b)


def _fails(capsys, *argv):
    with pytest.raises(SystemExit) as e:
        main(list(argv))
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2, err
    assert "\n" not in err and "Traceback" not in err, err
    return err


def test_rollout_takes_a_bot_name_and_refuses_others(capsys):
    err = _fails(capsys, "run", "yokohama", "-n", "2", "--players", "mcts:rollout=gredy,greedy*3")
    assert "random, greedy" in err and "did you mean 'greedy'" in err


def test_search_weights_are_refused_on_other_bots(capsys):
    err = _fails(capsys, "run", "gangsta", "-n", "2", "--players", "greedy:iters=5,greedy*3")
    assert "mcts strategies only" in err


def test_the_player_code_names_the_rollout_bot():
    players = prepare(Recipe("obsession", ["mcts:iters=400,rollout=random", "mcts-fast", "greedy"], 1, 1)).players
    assert players[0].code == "mcts:iters=400,rollout=random"
    book = import_module("strategies.obsession").BOOK
    assert players[0].weights[book._index["rollout"]] == 0.0
    assert players[1].weights[book._index["iters"]] < players[0].weights[book._index["iters"]]


def test_gangsta_evaluate_adds_money_and_the_gang_to_the_influence_the_game_would_end_with():
    p = Position("gangsta", seed=5, moves=30)
    L, pb = p.layout, p.rules.pb
    out = np.zeros(8, np.int64)
    p.bots.evaluate(p.s.copy(), p.d, p.k, out)
    ended = p.s.copy()
    p.rules.final_scoring(ended, p.k)
    for q in range(4):  # at least the influence, in tenths, and more for a seat with money or a gang
        assert out[q] >= 10 * ended[pb(q) + L.P_VP]
        assert (out[q] > 10 * ended[pb(q) + L.P_VP]) == (p.s[pb(q) + L.P_MONEY] > 0 or p.s[pb(q) + L.P_GANG_N] > 0)
    richer = p.s.copy()
    richer[pb(0) + L.P_MONEY] += 3
    more = np.zeros(8, np.int64)
    p.bots.evaluate(richer, p.d, p.k, more)
    assert more[0] > out[0]
