"""Which ASSUMED table moves an answer most? The answer on the data set as shipped, and again on variants
of it in which one ASSUMED table at a time is perturbed (sim/data_variants.py); the tables ranked by how far
their variants move the answer, so a user with the physical game knows which cards to transcribe first.

How far an answer moves, per question:
- seat fairness: the largest change of any seat's win rate (points), against the noise of that change (the
  95% half-width of the difference of two independent rates);
- a fair value: the change of the fair value, against the same kind of noise;
- card values: how much the ranking changes: 1 - Spearman's rank correlation with the shipped ranking, and
  how many of the shipped top k leave the top k; against the noise of that change: the 95th percentile of
  1 - rho between two draws of every card's value within its intervals, as if nothing had moved.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from reports.analysis import robustness as rb
from reports.experiments.asked import Question
from reports.experiments.variations import answer_all, games_of
from sim.data_variants import Variant, assumed_tables, make_variant, set_files
from sim.engine import Recipe


@dataclass(frozen=True)
class Movement:
    table: str
    variant: int
    shift: float  # how far the answer moved (question's unit)
    noise: float  # the 95% half-width of that shift when nothing moved (nan where it has none)
    top_changed: int | None = None  # card values: shipped top-k cards that left the top k


def build_variants(game: str, data_dir: str | None, load, tables: list[str] | None, k: int, spread: float,
                   seed: int, out: Path) -> list[Variant]:  # fmt: skip
    """Variants of each ASSUMED table (all of them, or those named) of the data set `data_dir` (None:
    builtin; a set's name or a directory), written under out/data/; each variant directory holds the
    set's own files and the one perturbed table, so it reads as that set with one table changed."""
    from sim.datafiles import game_data_dir

    files = set_files(game, data_dir)
    found = assumed_tables(files)
    own = {name: path for name, path in files.items() if path.parent != game_data_dir(game)}
    chosen = tables or list(found)
    return [make_variant(found[t], i, spread, seed, out / "data" / f"{Path(t).stem}-{i}", load, own)
            for t in chosen for i in range(k)]  # fmt: skip


RANK_NOISE_DRAWS = 2000
RANK_NOISE_SEED = 20261201  # a fixed generator: the same answers give the same noise


def half_width(e: rb.Estimate) -> float:
    return (e.hi - e.lo) / 2


def rank_noise(pairs: list[tuple[rb.Estimate, rb.Estimate]]) -> float:
    """How far sampling alone moves a ranking: each card's value is drawn twice, once within the shipped
    answer's interval and once within the variant's (normal, sd = half-width / 1.96, both around the shipped
    value), and the 95th percentile of 1 - Spearman's rho between the two draws is returned."""
    from scipy.stats import rankdata

    centre = np.array([b.value for b, _ in pairs])
    sd_a = np.array([half_width(b) for b, _ in pairs]) / 1.96
    sd_b = np.array([half_width(v) for _, v in pairs]) / 1.96
    rng = np.random.default_rng(RANK_NOISE_SEED)
    a = rankdata(centre + sd_a * rng.standard_normal((RANK_NOISE_DRAWS, centre.size)), axis=1)
    b = rankdata(centre + sd_b * rng.standard_normal((RANK_NOISE_DRAWS, centre.size)), axis=1)
    a -= a.mean(axis=1, keepdims=True)
    b -= b.mean(axis=1, keepdims=True)
    rho = (a * b).sum(axis=1) / np.sqrt((a * a).sum(axis=1) * (b * b).sum(axis=1))
    return float(np.quantile(1 - rho, 0.95))


def movement(question: Question, base: list[rb.Estimate], mine: list[rb.Estimate], variant: Variant, top: int):
    by = {e.conclusion: e for e in base}
    pairs = [(by[e.conclusion], e) for e in mine if e.conclusion in by]
    if question.asked.ranked:
        from scipy.stats import spearmanr

        a = np.array([b.value for b, _ in pairs])
        b = np.array([v.value for _, v in pairs])
        rho = spearmanr(a, b).statistic if len(pairs) > 2 else math.nan
        base_top = set(rb.top_k(base, base[0].variation, top))
        mine_top = set(rb.top_k(mine, mine[0].variation, top))
        noise = rank_noise(pairs) if len(pairs) > 2 else math.nan
        return Movement(variant.table, variant.number, 1 - float(rho), noise, len(base_top - mine_top))
    shifts = [(abs(v.value - b.value), math.hypot(half_width(b), half_width(v))) for b, v in pairs]
    shift, noise = max(shifts, key=lambda x: x[0]) if shifts else (math.nan, math.nan)
    return Movement(variant.table, variant.number, shift, noise)


def ranking_table(moves: list[Movement], variants: list[Variant]) -> pl.DataFrame:
    kept = {}
    for v in variants:
        kept.setdefault(v.table, set()).update(v.kept_columns)
    frame = pl.DataFrame([m.__dict__ for m in moves])
    return (
        frame.group_by("table")
        .agg(
            pl.col("shift").mean().alias("mean_shift"),
            pl.col("shift").min().alias("min_shift"),
            pl.col("shift").max().alias("max_shift"),
            pl.col("noise").mean().alias("noise"),
            (pl.col("shift") > pl.col("noise")).sum().alias("variants_beyond_noise"),
            pl.col("top_changed").mean().alias("top_cards_changed"),
            pl.len().alias("variants"),
        )
        .with_columns(pl.col("table").map_elements(lambda t: ", ".join(sorted(kept.get(t, ()))) or "-",
                                                   return_dtype=pl.String).alias("kept_as_printed"))
        .sort("mean_shift", descending=True)
    )  # fmt: skip


def sensitivity(question: Question, base: Recipe, variants: list[Variant], out: Path, threads=None, on_games=None):
    """The question on the shipped data and on every variant; the tables ranked by how far they move it."""
    from dataclasses import replace

    from reports.writers.experiment_output import Figure, Shown, write_experiment
    from reports.writers.plots import ranked_bars
    from sim.experiments import experiment_manifest

    started = time.perf_counter()
    players = ",".join(base.players)
    shipped = rb.Variation(base.data_dir or "builtin", players)
    runs = [(shipped, base)] + [
        (rb.Variation(f"{Path(v.table).stem}#{v.number}", players), replace(base, data_dir=str(v.directory)))
        for v in variants
    ]
    estimates = answer_all(question, base, runs, out, threads, on_games)
    by_variation: dict[rb.Variation, list[rb.Estimate]] = {}
    for e in estimates:
        by_variation.setdefault(e.variation, []).append(e)
    moves = [movement(question, by_variation[shipped], by_variation[var], v, question.top)
             for (var, _), v in zip(runs[1:], variants, strict=True)]  # fmt: skip
    ranking = ranking_table(moves, variants)
    measure = question.asked.measure
    manifest = experiment_manifest(base, f"sensitivity of {question.describe()} to the ASSUMED tables", len(runs),
                                   games_of(question, base), time.perf_counter() - started, measure=measure,
                                   variants_per_table=len(variants) // max(1, ranking.height))  # fmt: skip
    manifest["checked_under"] = [var.label for var, _ in runs]

    def draw(caption, path):
        ranked_bars(ranking["table"].to_list(), ranking["mean_shift"].to_numpy(), ranking["min_shift"].to_numpy(),
                    ranking["max_shift"].to_numpy(), caption, path,
                    xlabel=f"{measure} (bar: mean over variants; whiskers: least and most)",
                    title=f"{base.game}: which ASSUMED table moves {question.describe()}")  # fmt: skip

    shown = {
        "ranking": Shown(ranking, f"tables ranked by {measure}; noise = how far that change goes by sampling alone "
                         "(95%); kept_as_printed = columns the game's checks refused to vary",
                         Figure("sensitivity.png", draw)),
        "movements": Shown(pl.DataFrame([m.__dict__ for m in moves]), "each variant's movement"),
        "estimates": Shown(rb.estimates_table(estimates), "the answer on the shipped data and on each variant"),
    }  # fmt: skip
    write_experiment(out, manifest, f"playout sensitivity: {base.game} {question.describe()}", shown)
    return {"ranking": ranking, "moves": moves, "manifest": manifest}


def games_total(question: Question, base: Recipe, n_variants: int) -> int:
    return games_of(question, base) * (1 + n_variants)
