"""Model and preset files get the checks typed codes get (issue 48): a malformed field is one line and exit code 2
(never a TypeError), a count or a categorical weight hidden in a file is bounded as in a code, a proposer's weights
are a one-step bot's, a negative lv_margin is refused in a code as in a file, and a search told to score its
cut-offs with the learned value but given no cut-off (mcts:eval=learned without a depth) is refused."""

from __future__ import annotations

import json

import pytest

from sim.engine import Recipe, prepare
from strategies.learned_model import KIND, feature_names
from tests.cli_checks import fails

GAME = "yokohama"


def model(tmp_path, **over) -> str:
    prep = prepare(Recipe(GAME, ["greedy"] * 4, 1, 1, 1))
    names = list(feature_names(GAME))
    doc = {"kind": KIND, "game": GAME, "rules_version": prep.spec.version, "data_fingerprint": prep.data.fingerprint,
           "features": names, "coef": [0.01] * len(names), "bias": 0.0}  # fmt: skip
    doc.update(over)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc))
    return str(path)


def preset(tmp_path, strategy: str, weights: dict) -> str:
    prep = prepare(Recipe(GAME, ["greedy"] * 4, 1, 1, 1))
    doc = {"kind": "playout tune preset", "game": GAME, "rules_version": prep.spec.version,
           "data_fingerprint": prep.data.fingerprint, "strategy": strategy, "weights": weights}  # fmt: skip
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    return str(path)


def refused(capsys, tmp_path, code: str) -> str:
    out = tmp_path / "r"
    line = fails(capsys, "run", GAME, "-n", 4, "--players", f"{code},greedy*3", "--out", out)
    assert not out.exists()
    return line


@pytest.mark.parametrize(
    ("field", "says"),
    [
        ({"features": 5}, "another feature set"),
        ({"features": None}, "another feature set"),
        ({"look": ["turn"]}, "its look ['turn'] is not one of"),
        ({"look": {"a": 1}}, "its look"),
        ({"game": 5}, "its game 5 is not a text"),
        ({"rules_version": ["1"]}, "its rules_version"),
        ({"data_fingerprint": None}, "its data_fingerprint"),
        ({"coef": "abc"}, "finite numbers"),
        ({"bias": "0"}, "finite numbers"),
        ({"proposer": ["greedy"]}, "its proposer is not"),
        ({"proposer": {"code": 5, "weights": {}}}, "its proposer is not"),
        ({"margin": "0.5"}, "its margin is not"),
        ({"margin": -0.5}, "its margin is not"),
        ({"worlds": 10**9}, "its worlds 1000000000 is not a whole number from 1 to 256"),
        ({"worlds": 2.5}, "its worlds"),
        ({"proposes": "mcts"}, "its proposes 'mcts' is not one of greedy, student"),
        ({"target": 3}, "its target"),
        ({"command": ["playout"]}, "its command"),
        # a proposer is a one-step bot with a one-step bot's weights
        ({"proposer": {"code": "mcts", "weights": {}}}, "its proposer 'mcts' is not one of the game's one-step"),
        ({"proposer": {"code": "greedy", "weights": {"iters": 1e9}}}, "'iters', a weight of mcts players"),
        ({"proposer": {"code": "greedy", "weights": {"rollout": 7}}}, "'rollout', a weight of mcts players"),
        ({"proposer": {"code": "greedy", "weights": {"lv_worlds": 1e9}}}, "'lv_worlds', a weight of learned"),
        ({"proposer": {"code": "greedy", "weights": {"w_nosuch": 1}}}, "proposer sets unknown weight 'w_nosuch'"),
    ],
)
def test_a_malformed_model_file_is_one_line_and_exit_2(tmp_path, capsys, field, says):
    line = refused(capsys, tmp_path, f"learned@{model(tmp_path, **field)}")
    assert says in line, line


@pytest.mark.parametrize(
    ("strategy", "weights", "says"),
    [
        ("learned", {"lv_worlds": 1e9}, "lv_worlds = 1e+09 is not a whole number from 1 to 256"),
        ("learned", {"lv_worlds": 2.5}, "lv_worlds = 2.5 is not a whole number"),
        ("learned", {"lv_look": 7}, "lv_look = 7 is not one of step (0), turn (1), round (2)"),
        ("learned", {"lv_margin": -1}, "lv_margin must be 0 or more"),
        ("mcts", {"rollout": 7}, "rollout = 7 is not one of random (0), greedy (1)"),
        ("mcts", {"search": -1}, "search = -1 is not one of"),
        ("mcts", {"iters": 1e15}, "iters must be a whole number"),
        ("mcts", {"eval": 1}, "eval=learned scores a rollout cut at depth"),
    ],
)
def test_a_count_or_a_named_value_hidden_in_a_preset_is_bounded_as_in_a_code(tmp_path, capsys, strategy, weights, says):
    line = refused(capsys, tmp_path, f"tuned@{preset(tmp_path, strategy, weights)}")
    assert says in line, line


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("learned:lv_margin=-1", "lv_margin must be 0 or more, not -1"),
        ("learned:lv_margin=-0.001", "lv_margin must be 0 or more"),
        ("mcts:eval=learned", "eval=learned scores a rollout cut at depth, and depth=0"),
        ("mcts-fast:eval=learned,cut=turn", "give a depth"),
    ],
)
def test_a_code_that_could_not_act_as_written_is_refused(tmp_path, capsys, code, says):
    assert says in refused(capsys, tmp_path, code)


def test_the_codes_refused_above_act_once_given_what_they_lack():
    # the margin 0 and a search with a depth are players; Gangsta!'s mcts cuts at 40 by its own preset
    prepare(Recipe(GAME, ["learned:lv_margin=0", "mcts:eval=learned,depth=8", "greedy", "greedy"], 1, 1, 1))
    prepare(Recipe("gangsta", ["mcts:eval=learned", "greedy"], 1, 1, 1))


def test_every_shipped_player_passes_the_checks():
    from sim.registry import get_game

    for game in ("yokohama", "gangsta", "lagranja", "obsession", "bazaar"):
        book = get_game(game).strategies
        prepare(Recipe(game, list(book.strategies)[:4], 1, 1, 1))
        for code in book.strategies:
            prepare(Recipe(game, [code, "greedy"], 1, 1, 1))
