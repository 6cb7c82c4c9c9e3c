"""`playout answers` (issue 50): a game's flagship answers played under the rungs of its ladder, kept, read back
without playing, named stale when what made them has changed, and judged against strength (settled, still moving
and which way, across the fair share, not judged while the ladder's strongest is unmeasured)."""

from __future__ import annotations

import json

import pytest

from cli import main
from reports.analysis import robustness as rb
from reports.experiments import answers as an
from reports.experiments.asked import Question
from sim.engine import Recipe
from sim.seal import read_sealed, write_sealed
from tests.cli_checks import fails

GAME = "lagranja"
SEATS4 = an.Flagship("seat fairness at 4 players", Question("seat-fairness"), 4)


def kept(code: str, values: list[float], half: float, n: int = 2000) -> an.Kept:
    variation = rb.Variation("builtin", f"{code}*4")
    estimates = [rb.Estimate(variation, f"seat {s}", v, v - half, v + half) for s, v in enumerate(values)]
    return an.Kept(code, estimates, recipe=Recipe(GAME, [code] * 4, 1, n))


RATINGS = {"random": [0.0] * 3, "greedy": [4.0] * 3, "student": [5.0] * 3, "learned": [7.0] * 3}


def verdicts(answers: list[an.Kept], ratings=RATINGS) -> dict[str, an.Judged]:
    return {j.conclusion: j for j in an.judge(GAME, SEATS4, answers, ratings)}


def test_the_two_strongest_rungs_agreeing_within_narrow_intervals_settle_an_answer():
    judged = verdicts([kept("greedy", [0.40, 0.20, 0.20, 0.20], 0.02), kept("student", [0.30, 0.24, 0.23, 0.23], 0.02),
                       kept("learned", [0.31, 0.23, 0.23, 0.23], 0.02)])  # fmt: skip
    assert {j.verdict for j in judged.values()} == {rb.SETTLED}  # greedy, the weakest, may disagree
    assert judged["seat 0"].strongest.variation.players == "learned*4" and judged["seat 0"].strongest.value == 0.31
    assert judged["seat 0"].settle == ""


def test_an_answer_that_moves_between_the_two_strongest_says_which_way_and_when_it_crosses_the_fair_share():
    weaker, stronger = kept("student", [0.20, 0.30, 0.25, 0.25], 0.01), kept("learned", [0.30, 0.25, 0.25, 0.20], 0.01)
    judged = verdicts([weaker, stronger])
    assert judged["seat 0"].verdict == rb.MOVING
    assert "rises with strength, 0.2 under the weaker to 0.3 under the stronger" in judged["seat 0"].why
    assert "across 0.25: the stronger players' conclusion is the opposite" in judged["seat 0"].why
    assert "across" not in judged["seat 1"].why and "falls with strength" in judged["seat 1"].why
    assert judged["seat 2"].verdict == rb.SETTLED
    assert "playout learn / distil lagranja" in judged["seat 0"].settle


def test_wide_intervals_are_too_few_games_and_say_how_many_would_do():
    judged = verdicts([kept("student", [0.25] * 4, 0.05, n=500), kept("learned", [0.25] * 4, 0.05, n=500)])
    assert judged["seat 0"].verdict == rb.TOO_FEW
    assert judged["seat 0"].settle.endswith("--play -n 2000 --players 4")  # twice as narrow: four times the games


def test_an_answer_is_not_judged_settled_while_the_ladders_strongest_has_not_played_it():
    judged = verdicts([kept("greedy", [0.25] * 4, 0.01), kept("student", [0.25] * 4, 0.01)])
    assert judged["seat 0"].verdict == an.UNMEASURED_TOP
    assert "learned (7.00)" in judged["seat 0"].why and judged["seat 0"].settle.endswith("--rungs learned")
    moving = verdicts([kept("greedy", [0.35, 0.25, 0.2, 0.2], 0.01), kept("student", [0.25] * 4, 0.01)])
    assert moving["seat 0"].verdict == rb.MOVING  # it moves below the strongest: it moves all the same


def test_a_sweep_that_never_crossed_is_not_judged_and_says_why():
    fair = an.flagships("yokohama")[-1]
    crossed = rb.Estimate(rb.Variation("builtin", "student*4"), fair.question.describe(), 2.0, 1.8, 2.2)
    never = rb.Estimate(rb.Variation("builtin", "learned*4"), fair.question.describe(), *[float("nan")] * 3)
    kept = [an.Kept(c, [e], recipe=Recipe("yokohama", [c] * 4, 1, 1500)) for c, e in [("student", crossed),
                                                                                     ("learned", never)]]  # fmt: skip
    (judged,) = an.judge("yokohama", fair, kept, RATINGS)
    assert judged.verdict == rb.UNMEASURED and "never crossed" in judged.settle


def test_two_strongest_that_disagree_but_the_ladder_cannot_order_are_not_called_moving_either_way(monkeypatch):
    """A ladder like Yokohama's before its top was settled: `learned` 0.12 [-0.42, +0.14] behind the turn's look."""
    from reports.analysis import strength

    turn_first = {"learned:lv_look=turn": [0.0] * 3, "learned": [-0.12, -0.42, 0.14], "student": [-0.7, -0.8, -0.6]}
    monkeypatch.setattr(strength, "shipped", lambda game: {"behind_top": turn_first})
    ratings = {"learned:lv_look=turn": [12.52] * 3, "learned": [12.40] * 3, "student": [11.8] * 3}
    turn, rounds = kept("learned:lv_look=turn", [0.21, 0.29, 0.28, 0.21], 0.01), kept("learned", [0.28] * 4, 0.01)
    judged = {j.conclusion: j for j in an.judge(GAME, SEATS4, [turn, rounds], ratings)}
    assert judged["seat 0"].verdict == rb.UNORDERED
    assert "cannot tell learned (-0.12 [-0.42, +0.14] behind the strongest)" in judged["seat 0"].why
    assert "0.21 [0.2, 0.22] under learned:lv_look=turn*4" in judged["seat 0"].why
    assert "--settle-top" in judged["seat 0"].settle
    assert judged["seat 1"].verdict == rb.SETTLED
    ordered = {**turn_first, "learned": [-0.3, -0.4, -0.2]}  # the same two once more games order them
    monkeypatch.setattr(strength, "shipped", lambda game: {"behind_top": ordered})
    apart = {j.conclusion: j for j in an.judge(GAME, SEATS4, [turn, rounds], ratings)}
    assert apart["seat 0"].verdict == rb.MOVING  # strength does move it: down, towards the turn's 0.21


def test_stale_answers_are_left_out_of_the_judgement():
    fresh = kept("learned", [0.25] * 4, 0.01)
    old = an.Kept("student", [], "played before the code changed", Recipe(GAME, ["student"] * 4, 1, 2000))
    assert verdicts([old, fresh])["seat 0"].verdict == rb.UNRATED  # one current rung cannot judge a trend


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    where = tmp_path_factory.mktemp("answers")
    main(["answers", GAME, "--play", "-n", "40", "--rungs", "random,greedy", "--store", str(where), "-t", "1"])
    return where


def test_play_keeps_every_flagship_under_every_rung(store, capsys):
    capsys.readouterr()
    main(["answers", GAME, "--store", str(store)])
    out = " ".join(capsys.readouterr().out.split())
    for players in (2, 3, 4):
        assert f"seat fairness at {players} players" in out
        for code in ("random", "greedy"):
            flagship = an.Flagship(f"seat fairness at {players} players", Question("seat-fairness"), players)
            assert an.kept_path(store, GAME, flagship, code).exists()
    assert "not judged: the ladder's strongest is not measured" in out  # learned was not played
    assert "--rungs learned" in out and "stale" not in out


def test_reading_back_plays_nothing(store, capsys, monkeypatch):
    import reports.experiments.variations

    def refuse(*args, **kwargs):
        raise AssertionError("reading answers played games")

    monkeypatch.setattr(reports.experiments.variations, "answer", refuse)
    monkeypatch.setattr(reports.experiments.variations, "answer_all", refuse)
    capsys.readouterr()
    main(["answers", GAME, "--store", str(store)])
    assert "seat fairness at 4 players" in capsys.readouterr().out


def test_an_answer_made_under_other_rules_is_named_stale_and_a_damaged_one_is_not_read(store, tmp_path, capsys):
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(store, copy)
    flagship = an.flagships(GAME)[0]
    path = an.kept_path(copy, GAME, flagship, "greedy")
    doc = read_sealed(path)
    doc["made_by"]["rules_version"] = "0.0.1"
    doc.pop("content_sha256", None)
    write_sealed(path, doc)
    damaged = an.kept_path(copy, GAME, flagship, "random")
    text = json.loads(damaged.read_text())
    text["estimates"][0][1] = 0.99  # edited by hand: the seal no longer holds
    damaged.write_text(json.dumps(text))
    capsys.readouterr()
    main(["answers", GAME, "--store", str(copy)])
    out = " ".join(capsys.readouterr().out.split())
    assert f"stale, not shown: {flagship.title} under greedy: played before the rules changed" in out
    assert "cannot be read as a kept answer" in out
    kept_now = {k.code: k for k in an.kept_answers(copy, GAME, flagship)}
    assert kept_now["greedy"].stale and not kept_now["greedy"].estimates


def test_the_page_shows_each_flagship_against_strength(store, tmp_path):
    main(["answers", GAME, "--store", str(store), "--html", str(tmp_path / "page")])
    page = tmp_path / "page"
    assert (page / "report.html").exists() and (page / "verdicts.csv").exists()
    assert sorted(p.name for p in page.glob("*.png")) == sorted(f"{f.slug}.png" for f in an.flagships(GAME))


def test_a_dry_run_shows_each_rungs_cost_and_the_plan_and_keeps_nothing(tmp_path, capsys):
    main(["answers", GAME, "--play", "--dry-run", "-n", "40", "--rungs", "random,greedy", "--store",
          str(tmp_path / "s"), "-t", "1"])  # fmt: skip
    out = " ".join(capsys.readouterr().out.split())
    assert "random: a game costs 2 players" in out and "greedy: a game costs" in out and "plan: " in out
    assert not (tmp_path / "s").exists()


def test_players_plays_and_shows_the_answers_at_that_count_alone(tmp_path, capsys):
    where = tmp_path / "s"
    main(["answers", GAME, "--play", "-n", "40", "--rungs", "random,greedy", "--players", "3", "--store", str(where),
          "-t", "1"])  # fmt: skip
    out = " ".join(capsys.readouterr().out.split())
    assert "seat fairness at 3 players" in out and "at 2 players" not in out and "at 4 players" not in out
    played = {f.players for f in an.flagships(GAME) if an.kept_path(where, GAME, f, "greedy").exists()}
    assert played == {3}


def test_bad_answers_options_are_refused_in_one_line(tmp_path, capsys):
    assert "answers are at 2 to 4 players" in fails(capsys, "answers", GAME, "--players", "5", "--store",
                                                     tmp_path / "s")  # fmt: skip
    assert "did you mean" in fails(capsys, "answers", GAME, "--rungs", "gredy", "--store", tmp_path / "s")
    assert "twice" in fails(capsys, "answers", GAME, "--rungs", "greedy,greedy", "--store", tmp_path / "s")
    assert "-n" in fails(capsys, "answers", GAME, "--play", "-n", "0", "--store", tmp_path / "s")
    (tmp_path / "file").write_text("x")
    assert "--store" in fails(capsys, "answers", GAME, "--store", tmp_path / "file")
    assert "no current answer" in fails(capsys, "answers", GAME, "--store", tmp_path / "empty", "--html",
                                        tmp_path / "page")  # fmt: skip
    assert not (tmp_path / "s").exists() and not (tmp_path / "page").exists()
