"""The student's hidden layer (reports/training/student_net.py, strategies/student.py): its gradient is its loss's
slope; it learns a teacher no linear student can; the kernel plays its units where the fit put them, and reads
nothing a seat cannot see; a malformed hidden layer is refused in one line."""

from __future__ import annotations

import json
from importlib import import_module
from pathlib import Path

import numpy as np
import pytest

from reports.training.distil import fit_ridge, judge, targets
from reports.training.student_net import loss_grad, shapes, start_theta
from sim.errors import ParamError
from sim.recipe import Recipe, prepare
from sim.registry import available
from strategies.student_model import HIDDEN, read_student
from tests.engine.test_student import reads_nothing_hidden, student_file


def positions(n_pos: int, n_features: int, seed: int, rate) -> dict:
    """Positions of 2 to 6 legal actions with random features, each action rated by `rate(landed)`."""
    rng = np.random.default_rng(seed)
    x = rng.normal(0, 1, (n_pos, n_features))
    counts = rng.integers(2, 7, n_pos)
    action = np.concatenate([np.sort(rng.choice(6, c, replace=False)) for c in counts])
    start = np.concatenate([[0], np.cumsum(counts)])[:-1]
    proposed = np.array([action[s] for s in start])
    pos = np.repeat(np.arange(n_pos), counts)
    landed = x[pos] + rng.normal(0, 1, (len(action), n_features))
    return {"game": np.arange(n_pos), "x": x, "proposed": proposed, "start": start, "count": counts,
            "action": action, "utility": rate(landed), "landed": landed}  # fmt: skip


def test_the_hidden_layers_gradient_is_the_slope_of_its_loss():
    data = positions(40, 3, seed=1, rate=lambda y: y[:, 0])
    p = targets(data, 0.7, hard=False)  # each position's targets sum to 1, as the loss's gradient assumes
    hidden = 4
    theta = start_theta(3, hidden, 0.5, np.array([0.2, -0.1, 0.3]))
    theta[shapes(3, hidden)[1] : shapes(3, hidden)[2]] = [0.7, -0.4, 0.3, 0.9]  # output weights: every part counts
    args = (data["x"], data["landed"], data["proposed"], data["start"], data["count"], data["action"], p, 0.01, hidden)
    _, grad = loss_grad(theta, *args)
    eps = 1e-6
    for t in range(len(theta)):
        up, down = theta.copy(), theta.copy()
        up[t] += eps
        down[t] -= eps
        slope = (loss_grad(up, *args)[0] - loss_grad(down, *args)[0]) / (2 * eps)
        assert abs(slope - grad[t]) < 1e-5, f"parameter {t}: gradient {grad[t]}, slope {slope}"


def test_a_hidden_layer_learns_a_teacher_no_linear_student_can():
    """The teacher rates an action by how far its landing's first feature is from 0, either way: a V that no
    weighing of the features draws, and two rectified units draw exactly."""
    rate = lambda y: 3.0 * np.abs(y[:, 0])  # noqa: E731
    train, held = positions(1500, 3, seed=5, rate=rate), positions(1000, 3, seed=6, rate=rate)
    linear = fit_ridge(train, 6, 0.5, hard=False, ridge=1e-4, table=False)
    net = fit_ridge(train, 6, 0.5, hard=False, ridge=1e-4, table=False, hidden=4)
    assert net["loss"] < linear["loss"]
    assert judge(net, held)[0] > 0.95 > 0.8 > judge(linear, held)[0]


def hidden_student(tmp_path: Path, game: str, units: dict, after: np.ndarray | None = None) -> Path:
    """The empty student of `game` (its proposer's weight 0) with these hidden units, weighing where actions land."""
    path = student_file(tmp_path, game, proposer=0.0)
    doc = json.loads(path.read_text())
    n = len(doc["features"])
    doc.update(after=True, after_coef=(np.zeros(n) if after is None else after).tolist(), hidden=units)
    out = tmp_path / f"{game}-{len(list(tmp_path.iterdir()))}.json"
    out.write_text(json.dumps(doc))
    return out


def choices(game: str, paths: list[Path], steps: int = 400) -> list[list[int]]:
    """Each student's choice at every decision of one game walked by greedy (at most `steps` decisions: a student
    of random weights need not end a game, greedy does), in 2-player games."""
    from sim.dispatch import for_game
    from sim.rng import new_streams
    from strategies.families import STUDENT, choose

    rules = import_module(f"sim.games.{game}.rules")
    walker = prepare(Recipe(game, ["greedy", "greedy"], 1, 1, 1))
    students = [prepare(Recipe(game, [f"student@{p}"] * 2, 1, 1, 1)).weights[0] for p in paths]
    d, k = walker.data.array, walker.params
    s = np.zeros(walker.spec.state_size, np.int32)
    mask = np.zeros(walker.spec.n_actions, np.uint8)
    memory = import_module(f"strategies.{game}").new_memory()
    rng = new_streams(4, 0)
    rules.init_state(s, d, k, 2, rng)
    out = [[] for _ in paths]
    for _ in range(steps):
        if rules.is_terminal(s):
            break
        n_legal = np.int64(rules.legal_mask(s, d, k, mask))
        seat = np.int64(rules.current_player(s))
        for mine, w in zip(out, students, strict=True):
            mine.append(for_game(choose, game, np.int64(STUDENT), w, s.copy(), d, k, mask, n_legal, seat, rng.copy(),
                                 memory[seat].copy()))  # fmt: skip
        greedy = np.int64(walker.players[0].strategy.kernel)
        a = for_game(choose, game, greedy, walker.weights[0], s, d, k, mask, n_legal, seat, rng, memory[seat])
        rules.step(s, d, k, np.int64(a))
    return out


@pytest.mark.parametrize("game", available())
def test_the_kernel_plays_each_hidden_unit_where_the_fit_put_it(game, tmp_path):
    """A unit always on (a bias far above anything its weights add) chooses as the linear student with its `after`
    weights; a unit never on chooses as a student without it. Checks the units' place in the kernel's table, the
    state part and the action part, at every decision of a game."""
    n = len(import_module(f"sim.games.{game}.features").FEATURES)
    weights = np.random.default_rng(7).normal(0, 1, n)
    now = np.random.default_rng(8).normal(0, 1, n).tolist()

    def unit(bias: float, after: list[float]) -> dict:
        return {"out": [0.0, 1.0], "bias": [0.0, bias], "now": [[0.0] * n, now], "after": [[0.0] * n, after]}

    def linear(c: np.ndarray) -> Path:
        return hidden_student(tmp_path, game, unit(-1e6, [0.0] * n), after=c)

    on = hidden_student(tmp_path, game, unit(1e6, weights.tolist()))
    off = hidden_student(tmp_path, game, unit(-1e6, weights.tolist()), after=-weights)
    # with `now` the unit's state part shifts every action of a decision alike: the choice is the linear one's
    got_on, want_on, got_off, want_off = choices(game, [on, linear(weights), off, linear(-weights)])
    assert got_on == want_on and got_off == want_off
    assert want_on != want_off  # the two linear students differ: the comparison can fail


@pytest.mark.parametrize("game", available())
def test_a_student_with_hidden_units_reads_nothing_the_seat_cannot_see(game, tmp_path):
    """As the linear student's test (tests/engine/test_student.py), with random hidden units and after-state."""
    rng = np.random.default_rng(11)
    n = len(import_module(f"sim.games.{game}.features").FEATURES)
    units = {"out": rng.normal(0, 1, 3).tolist(), "bias": rng.normal(0, 1, 3).tolist(),
             "now": rng.normal(0, 0.3, (3, n)).tolist(), "after": rng.normal(0, 0.3, (3, n)).tolist()}  # fmt: skip
    path = hidden_student(tmp_path, game, units, after=rng.normal(0, 0.3, n))
    reads_nothing_hidden(game, path)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda h: h.update(out=h["out"][:1]), "hidden layer is not 1 to"),
        (lambda h: h["now"][0].pop(), "hidden layer is not 1 to"),
        (lambda h: h.update({k: h[k] * (HIDDEN + 1) for k in h}), "hidden layer is not 1 to"),
        (lambda h: h["after"][1].__setitem__(0, float("nan")), "not all finite"),
    ],
)
def test_a_malformed_hidden_layer_is_refused_in_one_line(tmp_path, change, words):
    path = student_file(tmp_path, "bazaar")
    doc = json.loads(path.read_text())
    n = len(doc["features"])
    doc.update(after=True, after_coef=[0.0] * n)
    doc["hidden"] = {"out": [1.0, 0.5], "bias": [0.0, 0.1], "now": [[0.0] * n] * 2, "after": [[0.1] * n, [0.2] * n]}
    change(doc["hidden"])
    path.write_text(json.dumps(doc))
    with pytest.raises(ParamError, match=words):
        read_student(path, "bazaar")
    doc["after"] = False
    doc["hidden"] = {"out": [1.0], "bias": [0.0], "now": [[0.0] * n], "after": [[0.1] * n]}
    path.write_text(json.dumps(doc))
    with pytest.raises(ParamError, match="`after` is false"):
        read_student(path, "bazaar")
