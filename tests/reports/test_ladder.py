"""`playout ladder`: the populations on one scale, the games per pair planned from a CPU budget, a resumed
ladder equal to an uninterrupted one, and bad input refused in one line."""

from __future__ import annotations

import json

import polars as pl
import pytest

from cli import main
from reports.experiments.ladder import (
    anchor_of,
    arm_recipe,
    default_codes,
    kept_plan,
    ladder,
    plan_games,
    play_plan,
    populations,
    settle_plan,
    with_settling,
)
from sim.engine import Recipe
from sim.errors import ParamError
from sim.experiments import ARMS, play_arm
from sim.registry import get_game
from tests.cli_checks import fails

# ---------------------------------------------------------------- the populations and the plan


def test_the_default_populations_are_the_books_strategies_and_the_search_at_its_balance_budget():
    book = get_game("yokohama").strategies
    codes = default_codes(book)
    assert codes[-1] == "mcts-fast" and "mcts" not in codes
    assert set(codes[:-1]) == {c for c, s in book.strategies.items() if s.family != "mcts"}
    assert {"random", "greedy"} <= set(codes)


def test_added_codes_join_the_populations_once_and_in_canonical_form():
    book = get_game("yokohama").strategies
    codes = populations(book, ["random", "greedy"], ["greedy", "greedy:w_vp=2"])
    assert codes == ["random", "greedy", "greedy:w_vp=2"]
    assert anchor_of(codes, None) == "random" and anchor_of(["greedy", "orders"], None) == "greedy"
    with pytest.raises(ParamError, match="at least two"):
        populations(book, ["greedy", "greedy"], [])


def test_without_a_budget_every_pair_plays_the_games_asked_in_whole_rotations_of_the_seats():
    assert plan_games([1.0, 50.0, 3.0], None, 103, 4) == [100, 100, 100]


def test_a_budget_gives_each_pair_a_rotation_then_equal_shares_and_cheap_pairs_leave_theirs_to_the_costly():
    costs, budget, most, players = [0.001, 0.002, 1.0, 2.0], 1000.0, 5000, 4
    games = plan_games(costs, budget, most, players)
    # the cheap pairs reach the cap with a fraction of their quarter share ...
    assert games[0] == games[1] == most
    left = budget - players * sum(costs) - (most - players) * (costs[0] + costs[1])
    # ... and the rest is split equally between the costly ones, on top of their rotation, in whole rotations
    # (what rounding leaves of the first share goes to the last)
    extra = int(left / 2 / costs[2])
    assert games[2] == players + extra - extra % players
    extra = int((left - (games[2] - players) * costs[2]) / costs[3])
    assert games[3] == players + extra - extra % players
    assert sum(n * c for n, c in zip(games, costs, strict=True)) <= budget
    assert all(n % players == 0 for n in games)


def test_a_budget_short_of_one_rotation_per_pair_leaves_some_pair_short():
    costs, players = [0.001, 5.0], 4
    assert min(plan_games(costs, players * sum(costs) * 0.9, 1000, players)) < players
    assert min(plan_games(costs, players * sum(costs), 1000, players)) == players


# ---------------------------------------------------------------- every game: random below greedy


@pytest.mark.parametrize("game", ["yokohama", "lagranja", "gangsta", "obsession"])
def test_the_ladder_puts_random_below_greedy_with_separated_intervals(tmp_path, capsys, game):
    # The weakest and the plainest bot of the book: greedy must finish ahead of random more often than not,
    # and with random at 0 greedy's whole interval lies above 0.
    out = tmp_path / "ladder"
    main(["ladder", game, "--only", "random,greedy", "-n", "120", "--seed", "5", "--out", str(out), "-t", "1"])
    ratings = pl.read_csv(out / "ratings.csv", comment_prefix="#")
    row = {r["strategy"]: r for r in ratings.iter_rows(named=True)}
    assert row["random"]["rating_logit"] == 0 and row["random"]["lo"] == row["random"]["hi"] == 0
    assert row["greedy"]["lo"] > row["random"]["hi"]
    # the distance from the strongest, with the interval of the difference itself
    assert row["greedy"]["behind_top"] == row["greedy"]["behind_lo"] == row["greedy"]["behind_hi"] == 0
    gap = row["random"]["rating_logit"] - row["greedy"]["rating_logit"]
    assert row["random"]["behind_top"] == pytest.approx(gap) and row["random"]["behind_hi"] < 0
    shipped = json.loads((out / "ladder.json").read_text())
    assert shipped["behind_top"]["random"] == pytest.approx([row["random"][c] for c in ("behind_top", "behind_lo",
                                                                                        "behind_hi")])  # fmt: skip
    matrix = pl.read_csv(out / "matrix.csv", comment_prefix="#")
    assert sorted(matrix["games"].to_list()) == [120, 120]
    for name in ("ratings.png", "matrix.png", "report.html", "plan.csv", "experiment.json"):
        assert (out / name).is_file(), name
    assert not (out / ARMS).exists()
    shown = capsys.readouterr().out
    assert "games per pair" in shown and "CPU s" in shown


# ---------------------------------------------------------------- resume


class Stop(KeyboardInterrupt):
    pass


class Progress:
    def __init__(self, stop_after: int | None = None):
        self.calls, self.stop_after, self.skipped = 0, stop_after, []

    def __call__(self, seconds: float):
        self.calls += 1
        if self.calls == self.stop_after:
            raise Stop

    def skip(self, seconds: float):
        self.skipped.append(seconds)


def test_an_interrupted_ladder_resumes_its_kept_plan_and_gives_the_same_ratings(tmp_path):
    base = Recipe("yokohama", ["random"] * 3, seed=2, n=3, chunk=3)
    codes, cut, whole = ["random", "greedy", "orders"], tmp_path / "cut", tmp_path / "whole"
    cut.mkdir(), whole.mkdir()  # the command claims its --out before it plans (cli.ladder)
    plan, kept = kept_plan(cut, base, codes, 3, None, 60, 1)
    assert not kept and [arm["games"] for arm in plan["arms"]] == [60] * 6
    with pytest.raises(Stop):
        ladder(base, plan, "random", cut, 1, Progress(stop_after=2))
    assert (cut / ARMS).is_dir()
    again, kept = kept_plan(cut, base, codes, 3, None, 60, 1)
    assert kept and again == plan  # the pilot is not run again: its timings would differ
    resumed = Progress()
    answer = ladder(base, again, "random", cut, 1, resumed)
    assert len(resumed.skipped) == 2  # the two arms finished before the stop are not played again
    plan_whole, _ = kept_plan(whole, base, codes, 3, None, 60, 1)
    fresh = ladder(base, plan_whole, "random", whole, 1, None)
    assert answer.tables["ratings"].equals(fresh.tables["ratings"])
    assert answer.tables["matrix"].equals(fresh.tables["matrix"])


# ---------------------------------------------------------------- settling the top


def test_settling_plans_both_ways_of_every_pair_among_the_contenders_going_on_from_their_last_game(tmp_path):
    base = Recipe("yokohama", ["random"] * 3, seed=2, n=3, chunk=3)
    tmp_path.joinpath("out").mkdir()
    plan, _ = kept_plan(tmp_path / "out", base, ["random", "greedy", "orders"], 3, None, 30, 1)
    more = settle_plan(plan, ["greedy", "orders"], budget=50 * sum(a["cpu_per_game"] for a in plan["arms"]))
    assert {(arm["a"], arm["b"]) for arm in more["arms"]} == {("greedy", "orders"), ("orders", "greedy")}
    assert all(arm["first"] == 30 and arm["games"] > 30 and arm["games"] % 3 == 0 for arm in more["arms"])
    assert more["codes"] == ["greedy", "orders"] and more["cpu"] == sum(arm["cpu"] for arm in more["arms"])
    assert settle_plan(plan, ["greedy"], 1e6) is None  # the strongest alone: nothing to settle
    assert settle_plan(plan, ["greedy", "orders"], 1e-9) is None  # not one rotation a pair


def test_a_pairs_settling_games_are_the_games_a_longer_arm_of_that_pair_would_have_played(tmp_path):
    base = Recipe("yokohama", ["random"] * 3, seed=2, n=3, chunk=3)
    tmp_path.joinpath("out").mkdir()
    plan, _ = kept_plan(tmp_path / "out", base, ["random", "greedy", "orders"], 3, None, 12, 1)
    frames = play_plan(base, plan, tmp_path / "out", 1)
    more = settle_plan(plan, ["greedy", "orders"], budget=10 * sum(a["cpu_per_game"] for a in plan["arms"]))
    joined, joined_frames = with_settling(plan, frames, more, play_plan(base, more, tmp_path / "out", 1))
    for arm, frame in zip(joined["arms"], joined_frames, strict=True):
        longer = play_arm(arm_recipe(base, arm["a"], arm["b"], 3, arm["games"]))
        assert frame.height == arm["games"]
        assert frame.select(longer.columns).equals(longer), (arm["a"], arm["b"])
    settled = {(arm["a"], arm["b"]) for arm in joined["arms"] if arm["games"] > 12}
    assert settled == {("greedy", "orders"), ("orders", "greedy")}
    assert joined["cpu"] == pytest.approx(plan["cpu"] + more["cpu"])


def test_a_ladder_settles_the_populations_its_plan_cannot_tell_from_the_strongest(tmp_path, capsys):
    # greedy and its tuned preset are a few hundredths of a logit apart: forty games a pair cannot order them
    out = tmp_path / "ladder"
    main(["ladder", "yokohama", "--only", "greedy,tuned,orders", "--players", "2", "-n", "40", "--settle-top", "2s",
          "--out", str(out), "-t", "1"])  # fmt: skip
    shown = capsys.readouterr().out
    manifest = json.loads((out / "experiment.json").read_text())
    assert sorted(manifest["settled_among"]) == ["greedy", "tuned"] and "settling the top" in shown
    games = {
        (r["strategy"], r["against_field_of"]): r["games"]
        for r in pl.read_csv(out / "matrix.csv", comment_prefix="#").to_dicts()
    }
    assert games["greedy", "tuned"] > 40 and games["tuned", "greedy"] > 40 and games["greedy", "orders"] == 40
    assert manifest["n"] == sum(games.values())


def test_a_ladder_whose_strongest_stands_alone_says_there_is_nothing_to_settle(tmp_path, capsys):
    out = tmp_path / "ladder"
    main(["ladder", "yokohama", "--only", "random,greedy", "--players", "2", "-n", "40", "--settle-top", "4s",
          "--out", str(out), "-t", "1"])  # fmt: skip
    assert "nothing to settle at the top: the strongest, greedy, is ahead of every other population" in (
        capsys.readouterr().out
    )
    assert sorted(pl.read_csv(out / "matrix.csv", comment_prefix="#")["games"].to_list()) == [40, 40]


@pytest.mark.parametrize("budget", ["soon", "0s", ""])
def test_a_settling_budget_must_be_a_cpu_time(capsys, budget):
    assert f"--settle-top {budget!r}" in fails(capsys, "ladder", "yokohama", "--settle-top", budget)


def test_a_plan_made_for_other_options_is_not_reused(tmp_path):
    base = Recipe("yokohama", ["random"] * 3, seed=2, n=3, chunk=3)
    kept_plan(tmp_path, base, ["random", "greedy"], 3, None, 30, 1)
    plan, kept = kept_plan(tmp_path, base, ["random", "greedy"], 3, None, 60, 1)
    assert not kept and plan["arms"][0]["games"] == 60


# ---------------------------------------------------------------- bad input


def test_an_unknown_population_suggests_the_closest(capsys):
    assert "did you mean 'greedy'" in fails(capsys, "ladder", "yokohama", "--only", "random,gredy")
    assert "did you mean 'greedy'" in fails(capsys, "ladder", "yokohama", "--add", "gredy:w_vp=2")


@pytest.mark.parametrize("budget", ["0", "-5", "0.5s", "nan", "ten"])
def test_a_budget_must_be_a_cpu_time_of_at_least_a_second(capsys, budget):
    assert "--budget" in fails(capsys, "ladder", "yokohama", "--budget", budget)


def test_a_player_count_the_game_does_not_have_is_refused(capsys):
    assert "2 to 4 players, not 5" in fails(capsys, "ladder", "yokohama", "--players", 5)


@pytest.mark.parametrize("only", ["greedy", "greedy,greedy"])
def test_fewer_than_two_populations_are_refused(capsys, only):
    assert "at least two" in fails(capsys, "ladder", "yokohama", "--only", only)


def test_games_per_pair_fewer_than_one_rotation_of_the_seats_are_refused(capsys):
    assert "at least 4" in fails(capsys, "ladder", "yokohama", "-n", 3)
    assert "at least 1" in fails(capsys, "ladder", "yokohama", "-n", 0)


def test_an_anchor_outside_the_ladder_is_refused(capsys):
    assert "not one of the ladder's populations" in fails(
        capsys, "ladder", "yokohama", "--only", "random,greedy", "--anchor", "orders"
    )


# ---------------------------------------------------------------- issue 48


def test_one_bot_under_two_names_is_refused_as_matrix_refuses_it(capsys):
    book = get_game("yokohama").strategies
    default = next(w.default for w in book.weights if w.name == "w_vp")
    for argv in (["--only", f"random,greedy,greedy:w_vp={default}"], ["--only", "random,greedy", "--add",
                                                                       f"greedy:w_vp={default}"]):  # fmt: skip
        line = fails(capsys, "ladder", "yokohama", *argv, "-n", 4)
        assert "names one bot twice: 'greedy' and" in line, line


def test_an_empty_budget_is_refused_not_read_as_the_default(capsys):
    assert "--budget '' is not a CPU time" in fails(capsys, "ladder", "yokohama", "--budget", "")


def test_every_ladder_table_and_report_says_how_many_games_it_rests_on(tmp_path):
    out = tmp_path / "ladder"
    main(["ladder", "yokohama", "--only", "random,greedy", "--players", "2", "-n", "8", "--out", str(out), "-t", "1"])
    for name in ("ratings.csv", "matrix.csv", "plan.csv", "costs.csv", "report.html"):
        text = (out / name).read_text()
        assert "n: 16 games" in text and "n: 0 games" not in text, name


def test_ctrl_c_in_a_ladder_says_what_was_kept_and_the_same_command_goes_on(tmp_path, capsys, monkeypatch):
    import cli
    import sim.store

    real, calls = sim.store.kept_run, []

    def second_pair_interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise cli.Interrupted("interrupted")
        return real(*args, **kwargs)

    out = tmp_path / "ladder"
    argv = ["ladder", "yokohama", "--only", "random,greedy", "--players", "2", "-n", "8", "--out", str(out), "-t", "1"]
    monkeypatch.setattr(sim.store, "kept_run", second_pair_interrupted)
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err.strip()
    assert e.value.code == 130, err
    assert err == f"playout: interrupted; kept the plan and 1 of 2 pairs in {out}: rerun the same command to go on"
    monkeypatch.setattr(sim.store, "kept_run", real)
    main(argv)
    assert "plan (kept from an earlier attempt)" in capsys.readouterr().out
    assert (out / "ratings.csv").is_file()


def test_ctrl_c_while_settling_the_top_says_so_and_the_same_command_settles_the_same_pairs(
    tmp_path, capsys, monkeypatch
):
    import cli
    import sim.store

    real, calls = sim.store.kept_run, []

    def first_settling_pair_interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 7:  # the plan's six pairs played, then the first settling arm
            raise cli.Interrupted("interrupted")
        return real(*args, **kwargs)

    out = tmp_path / "ladder"
    argv = ["ladder", "yokohama", "--only", "greedy,tuned,orders", "--players", "2", "-n", "40", "--settle-top", "2s",
            "--out", str(out), "-t", "1"]  # fmt: skip
    monkeypatch.setattr(sim.store, "kept_run", first_settling_pair_interrupted)
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err.strip()
    assert e.value.code == 130, err
    assert err == (f"playout: interrupted while settling the top; kept every pair of the plan and the settling games "
                   f"played so far in {out}: rerun the same command to go on")  # fmt: skip
    monkeypatch.setattr(sim.store, "kept_run", real)
    main(argv)
    manifest = json.loads((out / "experiment.json").read_text())
    assert sorted(manifest["settled_among"]) == ["greedy", "tuned"] and manifest["n"] > 6 * 40
