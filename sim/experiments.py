"""Experiments made of several runs on the same seeds: matchups, sweeps, card values.

Each arm is a Recipe played chunk by chunk, keeping only the columns the analysis needs, so hundreds of
thousands of games per arm stay small. With `kept` (the experiment's output directory) an arm is played as a
run under kept/arms/, so an interrupted experiment (hours, when a seat searches) replays only the chunks it
had not finished; `drop_arms` removes them once the experiment's tables are written. Arms share the seed, so
game i of every arm starts from the same shuffles (common random numbers) and differences are paired.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import polars as pl

from sim import store
from sim.backends import backend_for
from sim.engine import Recipe, chunk_for, prepare
from sim.results import read_games
from sim.store import ARMS

KEEP = ("game_index", "players", "winner", "winner_strategy", "rounds", "end_trigger")


def play_arm(
    recipe: Recipe,
    columns: Sequence[str] | None = None,
    threads: int | None = None,
    cluster: str | None = None,
    on_chunk: Callable[[int], None] | None = None,
    kept: Path | None = None,
) -> pl.DataFrame:
    """The result table of `recipe`, in game order, with only `columns` (default: the fixed columns plus
    every strategy, score and rank column); with `kept`, played as a resumable run under kept/arms/."""
    if kept is not None:
        return only(play_kept(recipe, kept / ARMS / arm_name(recipe), threads, cluster, on_chunk), columns)
    prep = prepare(recipe)
    frames: dict[int, pl.DataFrame] = {}
    with backend_for(cluster, threads) as backend:
        for chunk, frame in backend.map_chunks(prep, list(range(recipe.n_chunks))):
            frames[chunk] = only(frame, columns)
            if on_chunk:
                on_chunk(frame.height)
    return pl.concat([frames[c] for c in sorted(frames)])


def only(frame: pl.DataFrame, columns: Sequence[str] | None) -> pl.DataFrame:
    keep = columns or [c for c in frame.columns if c in KEEP or c.split("_")[0] in ("strategy", "score", "rank")]
    return frame.select(keep)


def arm_name(recipe: Recipe) -> str:
    return hashlib.sha256(json.dumps(recipe.to_json(), sort_keys=True).encode()).hexdigest()[:16]


def play_kept(recipe: Recipe, where: Path, threads, cluster, on_chunk) -> pl.DataFrame:
    """The arm as a run in `where`, through the keyed store (sim/store.py): reused when finished by the same
    code, rules, knobs, data and recipe and its table verifies, resumed from its finished chunks, or played
    again when it was kept by anything else or is damaged."""
    return read_games(store.kept_run(recipe, where, threads, cluster, on_chunk))


def drop_arms(out: Path) -> None:
    """An experiment's arms, once its tables are written: the tables hold what the arms were for."""
    shutil.rmtree(out / ARMS, ignore_errors=True)


def with_params(recipe: Recipe, **changes: int) -> Recipe:
    """The same recipe with knobs set (knob names with dots are passed as a dict: with_params(r, **{...}))."""
    return replace(recipe, params={**recipe.params, **changes})


def experiment_manifest(recipe: Recipe, question: str, arms: int, games_per_arm: int, wall: float, **extra) -> dict:
    """The header facts of an experiment's outputs (same keys as a run's manifest where they apply)."""
    from sim.engine import manifest_for

    prep = prepare(recipe)
    m = manifest_for(prep, "complete", wall, games_per_arm * arms, None)
    m.update(question=question, arms=arms, games_per_arm=games_per_arm, **extra)
    if "strategies" in extra:  # every code the experiment played, not only the base lineup's
        m["fingerprints"] = prep.spec.strategies.fingerprints(extra["strategies"])
    m["n"] = games_per_arm * arms
    m.pop("recipe", None)
    return m


def matchup_arms(base: Recipe, codes: list[str], players: int) -> list[tuple[str, str, Recipe]]:
    """(a, b, recipe) for every ordered pair a != b: one seat of a against players-1 seats of b."""
    return [(a, b, with_players(base, [a] + [b] * (players - 1))) for a in codes for b in codes if a != b]


def with_players(base: Recipe, players: list[str]) -> Recipe:
    """base with another lineup, and that lineup's default chunk (a search bot's run keeps progress often)."""
    return replace(base, players=players, chunk=chunk_for(base.game, players, base.n))


def parse_range(knob: str, text: str, space=None) -> list[int]:
    """'0..8' -> [0, 1, ..., 8]; '0..8:2' -> [0, 2, 4, 6, 8] (whole numbers, inclusive). With `space` (the
    game's ParamSpace) both ends are checked against the knob's range before any value is listed, so a
    range past the machine word is refused rather than listed."""
    from sim.errors import ParamError
    from sim.params import parse_int

    span, _, step_text = text.partition(":")
    lo_text, dots, hi_text = span.partition("..")
    if not dots:
        raise ParamError(f"--set {knob}={text}: a sweep range is written LO..HI or LO..HI:STEP")
    lo, hi = parse_int(lo_text, f"--set {knob}"), parse_int(hi_text, f"--set {knob}")
    step = parse_int(step_text, f"--set {knob} step") if step_text else 1
    if step < 1 or hi < lo:
        raise ParamError(f"--set {knob}={text}: needs LO <= HI and a step of at least 1")
    if space is not None:
        space.values({knob: lo})
        space.values({knob: hi})
    values = list(range(lo, hi + 1, step))
    if len(values) < 2:
        raise ParamError(f"--set {knob}={text}: a sweep needs at least two values")
    return values


def sweep_arms(base: Recipe, knob: str, values: list[int]) -> list[tuple[int, Recipe]]:
    """One recipe per value of the knob, all on the base recipe's seed (common random numbers)."""
    return [(v, with_params(base, **{knob: v})) for v in values]


def give_arms(base: Recipe, card: dict, card_id: int, players: int) -> list[tuple[int, Recipe]]:
    """(seat, recipe): the card given to seat s at the start in games [s*m, (s+1)*m) of the base recipe's
    seed, m = base.n // players, so every seat receives it in an equal share of the same games."""
    m = base.n // players
    return [
        (s, replace(with_params(base, **{card["give_knob"]: card_id + 1, card["give_seat_knob"]: s}),
                    n=m, first=base.first + s * m, chunk=min(base.chunk, m)))
        for s in range(players)
    ]  # fmt: skip


def remove_arm(base: Recipe, card: dict, card_id: int) -> Recipe:
    return with_params(base, **{card["remove_knob"]: card_id + 1})
