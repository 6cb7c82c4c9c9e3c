"""The balance questions that need new games: who beats whom, where a rule knob makes a seat fair, what a
card is worth. Each plays its arms on the same seeds (sim/experiments.py), analyses them (reports/), and
writes CSV tables, PNG figures, report.html and experiment.json to `out`; the returned Answer carries what
the terminal shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from reports import card_value as cv
from reports import family_value as fv
from reports import matchups
from reports import rests_on as ro
from reports import sweep as sw
from reports.experiment_output import write_experiment
from reports.export import caption_line
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


@dataclass
class Answer:
    manifest: dict
    tables: dict[str, pl.DataFrame]
    out: Path
    extra: dict = field(default_factory=dict)  # question-specific results for the terminal


def matchup_matrix(base: Recipe, codes: list[str], players: int, out: Path, threads=None, on_games: Progress = None):
    """One seat of A against players-1 seats of B for every ordered pair, on base's seed and size."""
    started = time.perf_counter()
    frames, cells = [], []
    arms = matchup_arms(base, codes, players)
    for a, b, recipe in arms:
        frame = play_arm(recipe, threads=threads, on_chunk=on_games, kept=out)
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
    fig = out / "matrix.png"
    matchups.heatmap(cells, codes, players, caption_line(manifest), fig)
    notes = {
        "matrix": f"win rate of one seat of the strategy against {players - 1} seats of the other; fair = 1/{players}",
        "ratings": "Bradley-Terry rating (logit units, average 0) from every pair of seats; 95% block bootstrap",
        "scores": "mean score and mean winning score over every game of every matchup",
    }
    styles = {"matrix": (("win_rate", "lo", "hi"), "win_rate", 1 / players), "ratings": ((), "rating_logit", 0.0)}
    write_experiment(out, manifest, f"playout matrix: {base.game}", tables, {"matrix": fig}, notes, styles)
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
    fig = out / "sweep.png"
    sw.plot(table, players, knob, seat, crossing, caption_line(manifest), fig)
    tables = {"win_rates": table, "fair_value": sw.crossing_table(knob, seat, crossing)}
    notes = {
        "win_rates": f"win rate per seat at each value of {knob} (95% Wilson interval); same seeds at every value",
        "fair_value": f"where seat {seat}'s win rate crosses 1/{players}; interval from the paired (same-seed) games",
    }
    styles = {"win_rates": (("win_rate", "lo", "hi"), "win_rate", 1 / players)}
    write_experiment(out, manifest, f"playout sweep: {base.game} {knob}", tables, {"win_rates": fig}, notes, styles)
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
    figs = {"value": out / "value_given.png", "removed": out / "value_removed.png" if removed else None}
    cv.plot(table, caption_line(manifest), figs["value"], figs["removed"])
    removed_note = (
        "removed: the baseline's owners, paired with the same game without the card"
        if removed
        else "removed: not played (--no-removed)"
    )
    notes = {
        "value": f"given: the receiving seat, paired with the same game without it; {removed_note}; "
        "owner win rate is a correlation, not an effect"
    }
    percent = [c for c in table.columns if "win" in c and not c.endswith("_p")] + ["owner_lo", "owner_hi"]
    styles = {"value": (percent, "given_win_delta", 0.0)}
    tables = {"value": table}
    if "described_by" in card:  # what the values rest on: the data columns that describe the cards
        rows = ro.card_rows(base.game, base.data_dir, card["described_by"], chosen, card["names"])
        tables["rests_on"] = ro.rests_on(table, rows, card["described_by"])
        notes["rests_on"] = rests_on_note(tables["rests_on"], card["described_by"])
        styles["rests_on"] = (["share", "mean_given_win_delta", "mean_lo", "mean_hi"], "share", 0.0)
        figs["rests_on"] = ro.plot(tables["rests_on"], caption_line(manifest), out / "rests_on.png")
    shown = {name: figs[name] for name in ("value", "rests_on") if figs.get(name) is not None}
    write_experiment(out, manifest, f"playout value: {base.game} {kind}", tables, shown, notes, styles)
    drop_arms(out)
    return Answer(manifest, tables, out, {"cards": len(chosen)})


def rests_on_note(table: pl.DataFrame, described_by: dict) -> str:
    skipped = ro.skipped_columns(table, described_by)
    return (
        f"the cards grouped by each column of {described_by['table']} that describes them: share = the part of the "
        "spread between the cards' given win-rate changes that follows the column beyond chance (omega squared of "
        "a one-way ANOVA of the card estimates, 0..1), then the two leading columns together (a × b); provenance "
        "ASSUMED when any card's row is ASSUMED for the column; mean of the group's cards with a 95% interval"
        + (f"; left out (one value for all cards, or one per card): {', '.join(skipped)}" if skipped else "")
    )


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
    fig = out / "families.png"
    fv.plot(table, players, caption_line(manifest), fig)
    notes = {
        "families": f"families dealt at random: win rate of the seats dealt each family (95% Wilson; fair = "
        f"1/{players}; p: exact binomial, Holm over the families of a condition); given: one seat given the "
        "family vs the same games dealt at random (paired; change in that seat's win rate and score)"
    }
    percent = ["win_rate", "win_lo", "win_hi", "fair", "given_win_delta", "given_win_lo", "given_win_hi"]
    styles = {"families": (percent, "given_win_delta", 0.0)}
    write_experiment(out, manifest, f"playout value: {base.game} families", {"families": table},
                     {"families": fig}, notes, styles)  # fmt: skip
    drop_arms(out)
    return Answer(manifest, {"families": table}, out, {"players": players})
