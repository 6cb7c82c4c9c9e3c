"""The learned value (issue 33): model files, the `learned` player, `playout learn`, mcts eval=learned.
Yokohama at 4 players, small budgets."""

import json
import math
from dataclasses import replace
from pathlib import Path

import numba
import numpy as np
import polars as pl
import pytest

from cli import main
from reports.training import learn as ln
from sim.engine import play_range
from sim.errors import ParamError
from sim.recipe import Recipe, prepare
from sim.registry import get_game
from sim.samples import play_samples, sample_range
from sim.seal import SEAL, write_sealed
from strategies.families import LEARNED
from strategies.learned_model import KIND, feature_names, model_weights, read_model, write_model

GAME = "yokohama"


def run_cli(args, capsys):
    try:
        main(args)
    except SystemExit as e:
        out = capsys.readouterr()
        return e.code, out.out, out.err
    out = capsys.readouterr()
    return 0, out.out, out.err


def small_config(**over) -> ln.LearnConfig:
    cfg = dict(game=GAME, players=["greedy", "tuned", "greedy", "tuned"], games=60, generations=1, eval_games=20,
               target="win", seed=5)  # fmt: skip
    cfg.update(over)
    return ln.LearnConfig(**cfg)


def learn_once(out, threads: int, **over):
    before = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        noop = lambda n: None  # noqa: E731
        noop.skip = noop
        return ln.learn(small_config(**over), out, "test", noop)
    finally:
        numba.set_num_threads(before)


@pytest.fixture(scope="module")
def learned_once(tmp_path_factory):
    """One small learn run for the module, never written to by a test: each test gets its own copy."""
    out = tmp_path_factory.mktemp("learn") / "l"
    return out, learn_once(out, 2)


@pytest.fixture()
def learned_run(learned_once, tmp_path):
    """A copy of the module's learn run for this test alone: a test that rewrites model.json, resumes the run or
    writes its report cannot change what another test reads, in any order."""
    import shutil

    out, records = learned_once
    copy = tmp_path / "learned"
    shutil.copytree(out, copy)
    moved = [replace(r, model=str(copy / Path(r.model).relative_to(out))) for r in records]
    return copy, moved


def a_model(tmp_path, **over) -> str:
    names = list(feature_names(GAME))
    prep = prepare(Recipe(GAME, ["greedy"] * 4, 1, 1, 1))
    doc = {"kind": KIND, "game": GAME, "rules_version": prep.spec.version, "data_fingerprint": prep.data.fingerprint,
           "features": names, "coef": [0.1 * (i % 3) for i in range(len(names))], "bias": -0.5}  # fmt: skip
    doc.update(over)
    path = tmp_path / "m.json"
    write_model(path, doc)
    return str(path)


def test_a_model_file_round_trips_into_the_players_weights(tmp_path):
    path = a_model(tmp_path)
    doc = read_model(path, GAME, feature_names(GAME))
    book = get_game(GAME).strategies
    player = book.player(f"learned@{path}")
    at = {w.name: i for i, w in enumerate(book.weights)}
    for name, value in model_weights(doc).items():
        assert player.weights[at[name]] == value
    assert player.strategy.kernel == LEARNED
    assert player.preset["coef"] == doc["coef"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "is not a model"),
        ('{"kind": "playout tune preset"}', "is not a model"),
        (None, "another feature set"),
        (None, "not 34 + 1 finite numbers"),
        (None, "for the game 'gangsta'"),
        (None, "its proposer is not"),
        (None, "proposer sets unknown weight"),
        (None, "its margin is not"),
        (None, "its look 'far' is not one of step, turn"),
        (None, "its worlds 0 is not a whole number"),
    ],
)
def test_a_bad_model_file_is_one_line_and_exit_code_2(tmp_path, capsys, content, message):
    if content is not None:
        path = tmp_path / "bad.json"
        path.write_text(content)
    elif "proposer is not" in message:
        path = a_model(tmp_path, proposer={"code": "tuned", "weights": {"w_money": "much"}})
    elif "margin is not" in message:
        path = a_model(tmp_path, margin=-1.0)
    elif "look" in message:
        path = a_model(tmp_path, look="far")
    elif "worlds" in message:
        path = a_model(tmp_path, worlds=0)
    elif "unknown weight" in message:
        path = a_model(tmp_path, proposer={"code": "tuned", "weights": {"w_nosuch": 1.0}})
    elif "feature set" in message:
        path = a_model(tmp_path, features=["a", "b"])
    elif "finite" in message:
        path = tmp_path / "nan.json"
        doc = json.loads(Path(a_model(tmp_path)).read_text())
        doc["bias"] = math.inf
        path.write_text(json.dumps(doc))
    else:
        path = a_model(tmp_path, game="gangsta")
    code, _, err = run_cli(["run", GAME, "-n", "4", "--players", f"learned@{path},greedy*3"], capsys)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


def test_a_models_proposer_plays_with_the_weights_the_model_was_judged_with(tmp_path):
    path = a_model(tmp_path, proposer={"code": "tuned", "weights": {"w_money": 0.7, "w_order": 2.5}})
    book = get_game(GAME).strategies
    at = {w.name: i for i, w in enumerate(book.weights)}
    proposed = book.player(f"learned@{path}").weights
    assert proposed[at["w_money"]] == 0.7 and proposed[at["w_order"]] == 2.5
    plain = book.player(f"learned@{a_model(tmp_path)}").weights  # no proposer: greedy's own weights
    assert plain[at["w_money"]] == book.weights[at["w_money"]].default


def test_a_models_margin_is_the_margin_it_plays_with(tmp_path):
    book = get_game(GAME).strategies
    at = {w.name: i for i, w in enumerate(book.weights)}
    assert book.player(f"learned@{a_model(tmp_path, margin=2.0)}").weights[at["lv_margin"]] == 2.0
    default = book.weights[at["lv_margin"]].default
    assert book.player(f"learned@{a_model(tmp_path)}").weights[at["lv_margin"]] == default


def test_a_models_look_ahead_is_the_one_it_plays_with(tmp_path):
    book = get_game(GAME).strategies
    at = {w.name: i for i, w in enumerate(book.weights)}
    player = book.player(f"learned@{a_model(tmp_path, look='turn')}")
    assert player.weights[at["lv_look"]] == 1.0 and player.code.endswith("m.json")
    assert book.player(f"learned@{a_model(tmp_path)}").weights[at["lv_look"]] == 0.0  # the book's default: step
    assert book.player(f"learned@{a_model(tmp_path, look='turn')}:lv_look=step").weights[at["lv_look"]] == 0.0


def test_a_models_worlds_are_the_re_deals_it_plays_with(tmp_path):
    book = get_game(GAME).strategies
    at = {w.name: i for i, w in enumerate(book.weights)}["lv_worlds"]
    assert book.player(f"learned@{a_model(tmp_path, worlds=16)}").weights[at] == 16.0
    assert book.player(f"learned@{a_model(tmp_path)}").weights[at] == 1.0  # a model from before: one world
    assert book.player(f"learned@{a_model(tmp_path, worlds=16)}:lv_worlds=2").weights[at] == 2.0


def test_a_models_proposes_is_who_proposes_as_it_plays(tmp_path):
    book = get_game(GAME).strategies
    at = {w.name: i for i, w in enumerate(book.weights)}["lv_proposer"]
    assert book.player(f"learned@{a_model(tmp_path, proposes='student')}").weights[at] == 1.0
    assert book.player(f"learned@{a_model(tmp_path)}").weights[at] == 0.0  # a model from before: greedy proposes


@pytest.mark.parametrize("game", ["lagranja", "obsession"])  # the games whose student and learned share a proposer
def test_the_student_proposing_under_a_margin_no_value_reaches_plays_as_the_student(game):
    """lv_proposer=student calls the student's own kernel, with the seat's stream as the student draws it: with
    nothing rated (lv_margin=100), every game is the student's, row for row."""
    book = get_game(game).strategies
    at = {w.name: i for i, w in enumerate(book.weights)}
    student, proposing = book.player("student"), book.player("learned:lv_margin=100,lv_proposer=student")
    greedy_part = [i for w, i in at.items() if w.startswith(("w_", "top_"))]
    assert np.array_equal(student.weights[greedy_part], proposing.weights[greedy_part])  # the same one-step bot
    rows = [play_range(prepare(Recipe(game, [code, "greedy", "greedy"], 3, 12, 12)), 0, 12)
            for code in ("student", "learned:lv_margin=100,lv_proposer=student", "learned:lv_margin=100")]  # fmt: skip
    assert np.array_equal(rows[0], rows[1])
    assert not np.array_equal(rows[1], rows[2])  # and not as the one-step bot proposing alone


def test_a_learned_player_the_student_proposes_for_is_a_new_player_when_the_student_is():
    book = get_game("lagranja").strategies
    plain, proposing = book.reads(book.player("learned")), book.reads(book.player("learned:lv_proposer=student"))
    assert "lv_proposer" not in plain and not any(name.startswith("st_") for name in plain)  # inert at greedy
    assert proposing["lv_proposer"] == 1.0 and "st_proposer" in proposing


def test_learn_writes_its_proposers_weights_into_the_model():
    book = get_game(GAME).strategies
    assert ln.default_proposer(book) == "tuned"  # Yokohama ships a tuned preset
    prep = prepare(Recipe(GAME, ["greedy"] * 4, 1, 1, 1))
    names = list(feature_names(GAME))
    fitted = {"coef": [0.0] * len(names), "bias": 0.0}
    doc = ln.model_doc(small_config(proposer="tuned"), names, fitted, prep, [], "test")
    assert doc["proposer"] == {"code": "tuned", "weights": dict(book.strategies["tuned"].weights)}


def test_a_rank_share_value_is_judged_with_margins_in_its_own_units():
    # margins in log-odds on a value in [0, 1] would never override: every generation its proposer, unseen
    prep = prepare(Recipe(GAME, ["greedy"] * 4, 1, 1, 1))
    names = list(feature_names(GAME))
    fitted = {"coef": [0.0] * len(names), "bias": 0.0}
    win, share = (ln.model_doc(small_config(target=t), names, fitted, prep, [], "test") for t in ln.TARGETS)
    assert share["margin"] == pytest.approx(win["margin"] * ln.MARGIN_UNIT["rank_share"])
    assert share["margin"] < win["margin"]
    tried = dict.fromkeys(m for _, m in ln.settings("rank_share"))
    assert [m for m in tried if m < 1000] == pytest.approx([0.05, 0.1, 0.2, 0.4]) and 1000 in tried
    assert ln.settings("win") == ln.SETTINGS


def test_the_learn_command_prints_each_generation_and_the_margin_its_model_plays(tmp_path, capsys):
    out = tmp_path / "l"
    args = ["learn", GAME, "--games", "40", "--generations", "1", "--eval-games", "16", "--seed", "3", "-t", "1"]
    code, printed, err = run_cli([*args, "--out", str(out)], capsys)
    assert code == 0, err
    doc = read_model(out / "model.json", GAME, feature_names(GAME))
    plays = f"the model plays lv_margin {doc['margin']:g}, lv_look {doc['look']}"
    assert "generation 0:" in printed and plays in printed
    assert doc["command"] == "playout " + " ".join([*args, "--out", str(out)])
    code, again, err = run_cli([*args, "--out", str(out), "--resume"], capsys)  # all kept: the same outcome
    assert code == 0 and read_model(out / "model.json", GAME, feature_names(GAME)) == doc, err


@pytest.mark.parametrize(("proposer", "message"), [("tunde", "did you mean"), ("mcts", "one-step bots")])
def test_a_proposer_that_is_not_a_one_step_bot_is_refused(tmp_path, capsys, proposer, message):
    code, _, err = run_cli(["learn", GAME, "--proposer", proposer, "--out", str(tmp_path / "l")], capsys)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize(("field", "message"), [("rules_version", "rules version"), ("data_fingerprint", "data set")])
def test_a_model_of_other_rules_or_data_is_refused(tmp_path, capsys, field, message):
    path = a_model(tmp_path, **{field: "other"})
    code, _, err = run_cli(["run", GAME, "-n", "4", "--players", f"learned@{path},greedy*3"], capsys)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


SHIPPED = sorted(p.stem for p in (Path(__file__).parents[2] / "strategies" / "models").glob("*.json"))


def test_every_game_of_the_four_ships_a_model():
    assert SHIPPED == ["gangsta", "lagranja", "obsession", "yokohama"]


@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_model_was_made_by_playout_learn_for_its_game_rules_and_data(game):
    """The shipped `learned` is not read through learned@PATH, so nothing checks it at run time: a rule change
    (a new rules version) or a data change must fail here until the model is learned again."""
    from sim.registry import rules_version
    from strategies.learned_model import shipped_path

    doc = read_model(shipped_path(game), game, feature_names(game))
    prep = prepare(Recipe(game, ["greedy"] * 4, 1, 1, 1))
    assert doc["command"].startswith(f"playout learn {game} ") and doc["rules_version"] == rules_version(game)
    assert doc["data_fingerprint"] == prep.data.fingerprint
    book = get_game(game).strategies
    at = {w.name: i for i, w in enumerate(book.weights)}
    played = book.player("learned").weights
    assert {name: played[at[name]] for name in model_weights(doc)} == model_weights(doc)


def test_eval_learned_is_refused_where_the_game_has_no_learned_value(capsys):
    """Bazaar has the learned family (its features) but ships no model: a value of zeros would score every cut-off
    alike, silently."""
    code, _, err = run_cli(["run", "bazaar", "-n", "4", "--players", "mcts:eval=learned,depth=4,greedy"], capsys)
    assert code == 2 and "needs a learned value" in err and "no model shipped" in err, err


def test_samples_are_the_same_for_any_thread_count():
    prep = prepare(Recipe(GAME, ["greedy"] * 4, 3, 12, 12))
    frames = []
    for t in (1, 2):
        before = numba.get_num_threads()
        numba.set_num_threads(t)
        frames.append(sample_range(prep, 0, 12, 6, 64))
        numba.set_num_threads(before)
    assert frames[0].height > 12 * 4 * 10
    assert frames[0].equals(frames[1])
    # the outcomes: one win shared per game, rank shares of a 4-player game 0, 1/3, 2/3, 1
    per_game = (
        frames[0].filter(pl.col("decision") == 0).group_by("game").agg(pl.col("win").sum(), pl.col("rank_share").sum())
    )
    assert (per_game["win"] - 1).abs().max() < 1e-9 and (per_game["rank_share"] - 2).abs().max() < 1e-9


def test_the_same_seed_gives_the_same_model_on_one_thread_and_two(learned_run, tmp_path):
    out, records = learned_run
    again = learn_once(tmp_path / "l1", 1)
    assert (
        json.loads((out / "models" / "gen0.json").read_text())["coef"]
        == json.loads((tmp_path / "l1" / "models" / "gen0.json").read_text())["coef"]
    )
    assert records[0].win_vs_greedy == again[0].win_vs_greedy


def judged(code: str, cfg: ln.LearnConfig) -> np.ndarray:
    """The judging games replayed through the engine: `code` in one seat against three greedy bots, games
    EVAL_FIRST.. of the run's seed; 1 where code's seat won. Seat s of game i is lineup entry (s + i) mod 4
    (README), so code sits in seat -i mod 4."""
    from sim.play import play_frame

    n = cfg.eval_games
    prep = prepare(Recipe(GAME, [code, "greedy", "greedy", "greedy"], cfg.seed, n, n, first=ln.EVAL_FIRST))
    winners = play_frame(prep, ln.EVAL_FIRST, n)["winner"].to_list()
    return np.array(
        [float(w == (-i) % 4) for i, w in zip(range(ln.EVAL_FIRST, ln.EVAL_FIRST + n), winners, strict=True)]
    )


def test_learn_writes_a_model_that_plays_and_its_report(learned_run, capsys):
    """The report's figures recomputed from the judging games: generation 0's win rate against three greedy bots
    with its 95% normal interval, and the rate of the setting model.json plays, in the records, model.json and
    report.html (floats shown to 4 significant digits)."""
    out, records = learned_run
    cfg = small_config()
    won = judged(f"learned@{records[0].model}", cfg)
    m, h = won.mean(), 1.96 * won.std(ddof=1) / math.sqrt(len(won))
    assert (records[0].win_vs_greedy, records[0].lo, records[0].hi) == pytest.approx((m, m - h, m + h))
    doc = read_model(out / "model.json", GAME, feature_names(GAME))
    assert doc["generations"][0]["generation"] == 0 and doc["command"] == "test" and records[0].kept
    g = doc["generations"][0]
    assert (g["win_vs_greedy3"], g["lo"], g["hi"]) == pytest.approx((m, m - h, m + h))
    model = out / "model.json"
    chosen = next(r for r in doc["margins"] if (r["look"], r["margin"]) == (doc["look"], doc["margin"]))
    rate = judged(f"learned@{model}:lv_margin={doc['margin']:g},lv_look={doc['look']},lv_worlds=1", cfg).mean()
    assert chosen["win_vs_greedy3"] == pytest.approx(rate)
    path = ln.write_report(out, cfg, records, "test")
    html = path.read_text()
    assert (out / "calibration.png").stat().st_size > 0 and (out / "strength.png").stat().st_size > 0
    assert f">{m:.4g}</td>" in html and f">{m - h:.4g}</td>" in html and f">{rate:.4g}</td>" in html
    chosen_text = f"lv_margin {doc['margin']:g}, lv_look {doc['look']}, lv_worlds {doc['worlds']}"
    assert f"model.json plays the best in its worlds, {chosen_text}" in html
    code, _, err = run_cli(["run", GAME, "-n", "8", "--players", f"learned@{model},greedy*3", "--out", str(out / "r")],
                           capsys)  # fmt: skip
    assert code == 0, err


def test_learn_plays_the_best_model_at_the_setting_it_picks(learned_run):
    out, _ = learned_run
    doc = read_model(out / "model.json", GAME, feature_names(GAME))
    tried = doc["margins"]
    assert [(r["look"], r["margin"]) for r in tried] == list(ln.SETTINGS)
    best = ln.pick_setting(tried)
    assert (doc["look"], doc["margin"]) == (best["look"], best["margin"])
    assert all(r["lo"] <= r["win_vs_greedy3"] <= r["hi"] for r in tried)


def setting(look, margin, win, half=0.02):
    return {"look": look, "margin": margin, "win_vs_greedy3": win, "lo": win - half, "hi": win + half}


def test_a_costlier_look_is_played_only_when_its_interval_lies_above_the_cheaper_choice():
    step = [setting("step", 0.5, 0.28), setting("step", 1000.0, 0.29)]
    clear = [*step, setting("turn", 0.5, 0.455), setting("round", 0.5, 0.539)]  # Yokohama's judging games
    assert ln.pick_setting(clear) == clear[-1]
    within = [*step, setting("turn", 0.25, 0.80), setting("turn", 0.5, 0.60), setting("round", 0.25, 0.808)]
    assert ln.pick_setting(within) == within[2]  # a point more within the noise, at several times the cost
    worse = [*step, setting("turn", 0.25, 0.30, half=0.02)]
    assert ln.pick_setting(worse) == step[1]  # the interval reaches below the proposer alone's 29%


def test_learn_resumes_where_it_stopped_and_refuses_other_settings(learned_run):
    out, records = learned_run
    again = learn_once(out, 2)  # everything kept: nothing is played again, the same records come back
    assert [r.win_vs_greedy for r in again] == [r.win_vs_greedy for r in records]
    with pytest.raises(ParamError, match="other settings"):
        learn_once(out, 2, games=61)


def test_a_resume_plays_only_the_settings_a_model_has_not_tried(learned_run):
    """A look added since a run (round) is tried on a resume; what was tried stands and is not played again."""
    out, _ = learned_run
    model = out / "model.json"
    doc = json.loads(model.read_text())
    full = doc["margins"]
    doc["margins"] = [r for r in full if r["look"] != "round"]
    write_sealed(model, {k: v for k, v in doc.items() if k != SEAL})  # as kept by a learn from before `round`
    played = []

    def advance(n):
        played.append(n)

    advance.skip = lambda n: None
    assert ln.choose_margin(small_config(), out, advance, "test") == full  # the same games give the same rates
    rounds = sum(1 for look, _ in ln.SETTINGS if look == "round")
    assert rounds and sum(played) == rounds * small_config().eval_games


def test_a_resume_in_more_worlds_chooses_again_among_the_settings_played_in_them(learned_run, tmp_path):
    """--worlds K on a resume plays every setting again in K re-deals, chooses among those, and records the
    command that chose; the one-world rates stay in the model's record."""
    out, _ = learned_run
    copy = tmp_path / "l"
    copy.mkdir()
    (copy / "model.json").write_text((out / "model.json").read_text())
    before = json.loads((copy / "model.json").read_text())["margins"]
    noop = lambda n: None  # noqa: E731
    noop.skip = noop
    tried = ln.choose_margin(small_config(worlds=2), copy, noop, "learn --worlds 2")
    doc = read_model(copy / "model.json", GAME, feature_names(GAME))
    assert [(r["look"], r["margin"], r["worlds"]) for r in tried] == [(lk, m, 2) for lk, m in ln.SETTINGS]
    assert doc["worlds"] == 2 and doc["command"] == "learn --worlds 2"
    assert (doc["look"], doc["margin"]) == (ln.pick_setting(tried)["look"], ln.pick_setting(tried)["margin"])
    assert doc["margins"] == [*before, *tried]


def test_learn_refuses_a_count_of_worlds_out_of_range(tmp_path, capsys):
    code, _, err = run_cli(["learn", GAME, "--worlds", "0", "--out", str(tmp_path / "l")], capsys)
    assert code == 2 and "--worlds must be from 1 to" in err and len(err.strip().splitlines()) == 1, err


def test_the_learned_value_ranks_won_positions_above_lost_ones_on_held_out_games(tmp_path):
    """Fit on 4/5 of 1,000 greedy games, rate the positions of the other 1/5 (200 games, 4 seats each, one
    winner). Under no skill the held-out AUC is 1/2 with a standard deviation of sqrt((n+ + n- + 1) /
    (12 n+ n-)) over independent observations; positions of one game are not independent, so count seat-games,
    not positions (50 won and 150 lost): sd = 0.047; the bound is 1/2 plus four of them (0.69)."""
    prep = prepare(Recipe(GAME, ["greedy"] * 4, 11, 1000, 1000))
    frame = sample_range(prep, 0, 1000, ln.STRIDE, ln.PER_GAME)
    fitted = ln.fit(frame, list(feature_names(GAME)), "win")
    n_pos, n_neg = 50, 150
    sd = math.sqrt((n_pos + n_neg + 1) / (12 * n_pos * n_neg))
    assert fitted["auc"] > 0.5 + 4 * sd, fitted["auc"]
    assert np.isfinite(fitted["coef"]).all()


def test_mcts_with_eval_learned_plays_whole_games(capsys, tmp_path):
    """mcts:eval=learned rates the positions at its depth with the learned value: the same game (seed, index,
    lineup otherwise equal) with and without it reaches a position where the searching seat chooses otherwise.
    Were eval=learned ignored, both traces would be the same step for step."""

    def trace(code):
        argv = ["show", GAME, "--seed", "1", "--game", "0", "--players", f"{code},greedy*3", "--json"]
        status, text, err = run_cli(argv, capsys)
        assert status == 0, err
        lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        assert lines[-1]["type"] == "final"
        return [x for x in lines if x["type"] == "step"]

    learned, plain = trace("mcts:iters=8,depth=4,eval=learned"), trace("mcts:iters=8,depth=4")
    differ = next(i for i, (a, b) in enumerate(zip(learned, plain, strict=False)) if a["action_id"] != b["action_id"])
    assert differ == 0 or learned[differ - 1]["state_digest"] == plain[differ - 1]["state_digest"]  # one position
    assert learned[differ]["strategy"].startswith("mcts")  # the searching seat chose otherwise there


def test_an_unknown_look_is_refused_in_one_line(tmp_path, capsys):
    code, _, err = run_cli(["learn", GAME, "--look", "trun", "--out", str(tmp_path / "l")], capsys)
    assert code == 2 and "unknown look 'trun'" in err and "turn" in err and len(err.strip().splitlines()) == 1, err


def test_a_generation_model_plays_with_the_look_it_was_learned_under(learned_run):
    out, records = learned_run
    doc = read_model(records[0].model, GAME, feature_names(GAME))
    assert doc["look"] == "step"  # the run's --look (its default)


def test_a_teacher_the_student_proposes_for_still_gives_a_student_the_one_step_bots_choice():
    """A student's proposer term is the one-step bot's choice (strategies/student.py). Distilled from a teacher the
    student proposes for, the positions must say what greedy would have proposed, not what the student did: the same
    as the plain teacher says on the same positions, while the verdicts differ (the teacher's margin goes with its
    own proposer)."""
    game = "obsession"
    prep = prepare(Recipe(game, ["greedy"] * 3, 5, 4, 4))
    book = prep.spec.strategies
    plain = play_samples(prep, 0, 4, 6, 12, book.player("learned"))
    proposing = play_samples(prep, 0, 4, 6, 12, book.player("learned:lv_proposer=student"))
    assert np.array_equal(plain["got"], proposing["got"]) and plain["got"].sum() > 20
    assert np.array_equal(plain["proposed"], proposing["proposed"])
    assert not np.array_equal(plain["verdict"], proposing["verdict"])
