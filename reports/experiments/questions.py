"""The balance questions that need new games: who beats whom, where a rule knob makes a seat fair, what a
card is worth. Each plays its arms on the same seeds (sim/experiments.py), analyses them (reports/), states
what to show (its tables with their notes, figures and styling), and has reports/writers/experiment_output.py write
them to `out`; the returned Answer carries what the terminal shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from reports.analysis import card_value as cv
from reports.analysis import family_value as fv
from reports.analysis import matchups
from reports.analysis import rests_on as ro
from reports.analysis import sweep as sw
from reports.writers.experiment_output import Answer, Figure, Shown, write_experiment
from sim.engine import Recipe
from sim.experiments import (
    drop_arms,
    experiment_manifest,
    give_arms,
    matchup_arms,
    play_arm,
    remove_arm,
    sweep_arms,
    with_params,
)

Progress = Callable[[int], None] | None


def matchup_matrix(
    base: Recipe, codes: list[str], players: int, out: Path, threads=None, on_games: Progress = None, costs=None
):
    """One seat of A against players-1 seats of B for every ordered pair, on base's seed and size. With
    `costs` ({code: CPU seconds one seat adds to a game}, reports/experiments/ladder.py measure_costs) on_games counts
    planned CPU seconds, not games."""
    from reports.experiments.ladder import arm_cost, scaled

    started = time.perf_counter()
    frames, cells = [], []
    arms = matchup_arms(base, codes, players)
    for a, b, recipe in arms:
        tick = scaled(on_games, arm_cost(costs, a, b, players)) if costs else on_games
        frame = play_arm(recipe, threads=threads, on_chunk=tick, kept=out)
        frames.append(frame)
        cells.append(matchups.cell(a, b, frame))
    ratings, fit = matchups.ratings(frames, seed=base.seed)
    manifest = experiment_manifest(base, "strategy matchups", len(arms), base.n, time.perf_counter() - started,
                                   strategies=codes, players=players)  # fmt: skip
    manifest["lineup"] = [f"one of A against {players - 1} of B, A != B in {codes}"]
    tables = {
        "matrix": matchups.matrix_table(cells),
        "ratings": matchups.ratings_table(ratings, fit, codes),
        "scores": matchups.score_summary(frames),
    }
    shown = {
        "matrix": Shown(
            tables["matrix"],
            f"win rate of one seat of the strategy against {players - 1} seats of the other; fair = 1/{players}",
            Figure("matrix.png", lambda caption, path: matchups.heatmap(cells, codes, players, caption, path)),
            ("win_rate", "lo", "hi"), "win_rate", 1 / players,
        ),
        "ratings": Shown(
            tables["ratings"],
            "Bradley-Terry rating (logit units, average 0) from every pair of seats; 95% block bootstrap",
            shade="rating_logit", centre=0.0,
        ),
        "scores": Shown(tables["scores"], "mean score and mean winning score over every game of every matchup"),
    }  # fmt: skip
    write_experiment(out, manifest, f"playout matrix: {base.game}", shown)
    drop_arms(out)
    return Answer(manifest, tables, out, {"cells": cells, "codes": codes, "players": players})


def knob_sweep(
    base: Recipe, knob: str, values: list[int], seat: int, out: Path, threads=None, on_games: Progress = None
) -> Answer:
    """The knob at each value on the same seeds; where `seat` crosses 1/players."""
    started = time.perf_counter()
    frames = [play_arm(r, threads=threads, on_chunk=on_games, kept=out) for _, r in sweep_arms(base, knob, values)]
    players = len(base.players)
    table = sw.curve_table(values, frames, players)
    crossing = sw.fair_crossing(values, frames, seat, players, seed=base.seed)
    manifest = experiment_manifest(base, f"sweep of {knob}", len(values), base.n, time.perf_counter() - started,
                                   knob=knob, values=values, seat=seat)  # fmt: skip
    tables = {"win_rates": table, "fair_value": sw.crossing_table(knob, seat, crossing)}
    shown = {
        "win_rates": Shown(
            table,
            f"win rate per seat at each value of {knob} (95% Wilson interval); same seeds at every value",
            Figure("sweep.png", lambda caption, path: sw.plot(table, players, knob, seat, crossing, caption, path)),
            ("win_rate", "lo", "hi"), "win_rate", 1 / players,
        ),
        "fair_value": Shown(
            tables["fair_value"],
            f"where seat {seat}'s win rate crosses 1/{players}; interval from the paired (same-seed) games",
        ),
    }  # fmt: skip
    write_experiment(out, manifest, f"playout sweep: {base.game} {knob}", shown)
    drop_arms(out)
    return Answer(manifest, tables, out, {"crossing": crossing, "knob": knob, "seat": seat, "players": players})


def value_arms(cards: int, removed: bool = True) -> int:
    """Arms of a card-value experiment: the baseline, each card given, and each card removed (if asked)."""
    return 1 + (2 if removed else 1) * cards


def card_value(
    base: Recipe, kind: str, card: dict, chosen: list[str], out: Path, threads=None, on_games: Progress = None,
    removed: bool = True,
) -> Answer:  # fmt: skip
    """Each chosen card given to a seat at the start, and (with `removed`) removed from the game, against the
    baseline. Without `removed` the removed columns are empty and half the games are played."""
    started = time.perf_counter()
    players = len(base.players)
    per_seat = ("score", "strategy", *cv.feature_columns(card["feature"]))
    keep = ["game_index", "players", "winner", *[f"{x}_{s}" for x in per_seat for s in range(players)]]

    def arm(recipe):
        return play_arm(recipe, keep, threads, on_chunk=on_games, kept=out)

    baseline = arm(base)
    rows = []
    for name in chosen:
        i = card["names"].index(name)
        given = [(s, arm(r)) for s, r in give_arms(base, card, i, players)]
        without = cv.NOT_PLAYED
        if removed:
            without = cv.removed_effect(baseline, arm(remove_arm(base, card, i)), card["feature"], i, players)
        rows.append(
            cv.card_row(
                name,
                cv.given_effect(baseline, given),
                without,
                cv.owner_correlation(baseline, card["feature"], i, players),
            )
        )
    table = cv.value_table(rows)
    manifest = experiment_manifest(base, f"{kind} value", value_arms(len(chosen), removed), base.n,
                                   time.perf_counter() - started, cards=chosen, removed=removed)  # fmt: skip
    removed_note = (
        "removed: the baseline's owners, paired with the same game without the card"
        if removed
        else "removed: not played (--no-removed)"
    )
    percent = [c for c in table.columns if "win" in c and not c.endswith("_p")] + ["owner_lo", "owner_hi"]
    shown = {
        "value": Shown(
            table,
            f"given: the receiving seat, paired with the same game without it; {removed_note}; "
            "owner win rate is a correlation, not an effect",
            Figure("value_given.png", lambda caption, path: cv.plot(table, caption, path)),
            percent, "given_win_delta", 0.0,
        )
    }  # fmt: skip
    if "described_by" in card:  # what the values rest on: the data columns that describe the cards
        rows = ro.card_rows(base.game, base.data_dir, card["described_by"], chosen, card["names"])
        rests = ro.rests_on(table, rows, card["described_by"])
        shown["rests_on"] = Shown(
            rests, ro.note(rests, card["described_by"]),
            Figure("rests_on.png", lambda caption, path: ro.plot(rests, caption, path)) if rests.height else None,
            ["share", "mean_given_win_delta", "mean_lo", "mean_hi"], "share", 0.0,
        )  # fmt: skip
    side = [Figure("value_removed.png", lambda caption, path: cv.plot_removed(table, caption, path))] if removed else []
    write_experiment(out, manifest, f"playout value: {base.game} {kind}", shown, side)
    tables = {name: s.table for name, s in shown.items()}
    drop_arms(out)
    return Answer(manifest, tables, out, {"cards": len(chosen)})


def family_value(base: Recipe, families: dict, out: Path, threads=None, on_games: Progress = None) -> Answer:
    """Per condition (the expansion family out, and in, unless the recipe fixes the expansion knob): families
    dealt at random, each family's win rate against 1/players; and each family given to a seat, paired with
    the same games dealt at random."""
    started = time.perf_counter()
    players = len(base.players)
    names = families["names"]
    knob = families["expansion_knob"]
    settings = [base.params[knob]] if knob in base.params else [0, 1]
    keep = ["game_index", "players", "winner", *[f"{x}_{s}" for x in ("score", "strategy", "family")
                                                 for s in range(players)]]  # fmt: skip
    rows = []
    for setting in settings:
        dealt = with_params(base, **{families["deal_knob"]: 0, knob: setting})
        in_play = [i for i, name in enumerate(names) if setting or name not in families["expansion_families"]]
        baseline = play_arm(dealt, keep, threads, on_chunk=on_games, kept=out)
        given = {}
        for f in in_play:
            arms = [(s, play_arm(r, keep, threads, on_chunk=on_games, kept=out))
                    for s, r in give_arms(dealt, families, f, players)]  # fmt: skip
            given[f] = cv.given_effect(baseline, arms)
        label = ("with " if setting else "without ") + "/".join(families["expansion_families"])
        rows += fv.condition_rows(label, names, in_play, baseline, given, players)
    table = fv.family_table(rows)
    n_arms = sum(1 + (len(names) if s else len(names) - len(families["expansion_families"])) for s in settings)
    manifest = experiment_manifest(base, "family value", n_arms, base.n, time.perf_counter() - started,
                                   families=names, conditions=[f"{knob}={s}" for s in settings])  # fmt: skip
    percent = ["win_rate", "win_lo", "win_hi", "fair", "given_win_delta", "given_win_lo", "given_win_hi"]
    shown = {
        "families": Shown(
            table,
            f"families dealt at random: win rate of the seats dealt each family (95% Wilson; fair = "
            f"1/{players}; p: exact binomial, Holm over the families of a condition); given: one seat given the "
            "family vs the same games dealt at random (paired; change in that seat's win rate and score)",
            Figure("families.png", lambda caption, path: fv.plot(table, players, caption, path)),
            percent, "given_win_delta", 0.0,
        )
    }  # fmt: skip
    write_experiment(out, manifest, f"playout value: {base.game} families", shown)
    drop_arms(out)
    return Answer(manifest, {"families": table}, out, {"players": players})
