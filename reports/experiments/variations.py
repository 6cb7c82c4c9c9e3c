"""One balance question answered under every variation (a data set x a lineup), each variation's answer
kept on disk so a long robustness run resumes where it stopped, then judged by reports/analysis/robustness.py.

    out/
      variations/<data>__<players>/   the variation's own output (a run dir, or a sweep / value / matrix
                                      experiment), plus estimates.json once it is complete
      estimates.csv, verdicts.csv, robustness.png, report.html, experiment.json
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import asdict, replace
from pathlib import Path

import polars as pl

from reports.analysis import robustness as rb
from reports.experiments.asked import Question
from reports.writers.export import lineup_text
from sim.engine import Recipe
from sim.experiments import with_players
from sim.registry import get_game

ESTIMATES = "estimates.json"


def slug(variation: rb.Variation) -> str:
    """The variation's directory name: its data and lineup, readable; a data directory also by a hash of its
    whole path, so two directories with one base name never share (and overwrite) a variation."""
    name = Path(variation.data).name or variation.data
    if name != variation.data:
        name += "-" + hashlib.sha256(variation.data.encode()).hexdigest()[:8]
    return re.sub(r"[^A-Za-z0-9_.=*+-]+", "_", f"{name}__{variation.players}")


def variation_key(question: Question, recipe: Recipe) -> dict:
    """What decides a variation's answer (sim/store.py): what decides the recipe's games (code, rules, knobs,
    data contents, the recipe) and every option of the question that changes its estimates (not --top, which
    only judges them, nor the card's spec, which the kind and the code decide)."""
    from sim.store import answer_key

    options = {k: v for k, v in asdict(question).items() if k not in ("card", "top")}
    return answer_key(recipe, options)


def answer(question: Question, recipe: Recipe, out: Path, threads=None, on_games=None) -> list[tuple]:
    """(conclusion, estimate, lo, hi) for each conclusion of the question under one recipe; the variation's
    own outputs go to `out`, a directory inside the claimed robustness output."""
    out.mkdir(parents=True, exist_ok=True)
    return question.asked.answer(question, recipe, out, threads, on_games)


def games_of(question: Question, recipe: Recipe) -> int:
    """Games one variation plays (for the progress bar)."""
    return question.asked.games(question, recipe)


def answer_all(
    question: Question,
    base: Recipe,
    variations: list[tuple[rb.Variation, Recipe]],
    out: Path,
    threads=None,
    on_games: Callable[[int], None] | None = None,
    costs: list[float] | None = None,
) -> list[rb.Estimate]:
    """Every variation's estimates; a variation finished by an earlier call with the same key is read
    back, not replayed. With `costs` (CPU seconds a game of each variation, lineup_costs), on_games counts
    planned CPU seconds instead of games."""
    from reports.experiments.ladder import scaled
    from sim.store import keep, recall

    estimates = []
    for i, (variation, recipe) in enumerate(variations):
        advance = scaled(on_games, costs[i]) if costs else on_games
        where = out / "variations" / slug(variation)
        key = variation_key(question, recipe)
        rows = recall(where / ESTIMATES, key)  # None unless made by exactly this key and intact
        if rows is not None:
            if advance is not None and hasattr(advance, "skip"):
                advance.skip(games_of(question, recipe))  # done earlier: the bar moves, the rate does not
        else:
            rows = [
                [c, float(x), float(lo), float(hi)]
                for c, x, lo, hi in answer(question, recipe, where, threads, advance)
            ]
            keep(where / ESTIMATES, key, rows)
        estimates += [rb.Estimate(variation, c, float(x), float(lo), float(hi)) for c, x, lo, hi in rows]
    return estimates


def variation_recipes(base: Recipe, data_sets: list[tuple[str, str | None]], lineups: list[list[str]]):
    """(Variation, Recipe) for every data set x lineup; data_sets are (name as typed, resolved dir). A lineup is
    named in the CLI's notation (learned:lv_look=turn*4, not four copies), which keeps the plots' labels short."""
    return [
        (rb.Variation(name, lineup_text(codes)), replace(with_players(base, list(codes)), data_dir=data_dir))
        for name, data_dir in data_sets
        for codes in lineups
    ]


def lineup_costs(variations: list[tuple[rb.Variation, Recipe]], threads=None) -> list[float] | None:
    """CPU seconds a game of each variation costs (a short pilot per lineup), or None when one lineup plays
    them all. A learned or searching lineup's game costs 10 to 1,000 times a greedy one's, so a progress
    counted in games, its rate measured on the cheap variations first, promises an end hours too early;
    counted in planned CPU seconds (as the ladder's), its ETA holds across them."""
    from reports.experiments.ladder import SHORT_PILOT, per_game, warm

    lineups = {tuple(r.players): r for _, r in variations}
    if len(lineups) < 2:
        return None
    warm(variations[0][1], threads)
    cost = {codes: per_game(r, list(codes), threads, SHORT_PILOT, r.n)[0] for codes, r in lineups.items()}
    return [cost[tuple(r.players)] for _, r in variations]


def data_shares(variations: list[tuple[rb.Variation, Recipe]]) -> dict[str, float]:
    """Each data set of the variations with its own share of ASSUMED values."""
    from sim.engine import prepare

    shares: dict[str, float] = {}
    for v, recipe in variations:
        if v.data not in shares:
            shares[v.data] = round(prepare(recipe).data.assumed_share, 4)
    return shares


def robustness(
    question: Question,
    base: Recipe,
    variations: list[tuple[rb.Variation, Recipe]],
    out: Path,
    threads=None,
    on_games=None,
    costs: list[float] | None = None,
) -> dict:
    """Answer the question under every variation, judge each conclusion, and write the tables, the figure,
    the HTML page and experiment.json; returns {estimates, verdicts, tops, manifest}."""
    from reports.analysis.strength import cannot_order
    from reports.writers.experiment_output import Figure, Shown, write_experiment
    from reports.writers.plots import against_strength, forest
    from sim.experiments import experiment_manifest

    started = time.perf_counter()
    estimates = answer_all(question, base, variations, out, threads, on_games, costs)
    players = {len(r.players) for _, r in variations}
    reference = question.reference(players.pop()) if len(players) == 1 else None
    top = question.asked.top(question)
    verdicts = rb.judge_all(estimates, reference, top)
    ratings = population_ratings(variations)
    populations = [v for v, r in variations if len(set(r.players)) == 1]  # a lineup of one code, rated or not
    half_width = question.asked.half_width(question)
    code_of = {v: r.players[0] for v, r in variations if len(set(r.players)) == 1}
    rated = {v: r[0] for v, r in ratings.items() if r}

    def order(a: rb.Variation, b: rb.Variation) -> str:  # why the shipped ladder cannot tell the two apart
        return cannot_order(base.game, code_of[a], code_of[b])

    strength = rb.judge_strength(estimates, rated, half_width, populations, reference, order)
    tops = {v.label: rb.top_k(estimates, v, question.top) for v, _ in variations} if top else {}
    manifest = experiment_manifest(
        base, f"robustness of {question.describe()}", len(variations), games_of(question, base),
        time.perf_counter() - started,
        variations=[v.label for v, _ in variations],
    )  # fmt: skip
    manifest["lineup"] = [" | ".join(dict.fromkeys(v.players for v, _ in variations))]
    book = get_game(base.game).strategies
    manifest["fingerprints"] = book.fingerprints(c for _, r in variations for c in r.players)
    manifest["data_set"] = ", ".join(dict.fromkeys(v.data for v, _ in variations))
    if len(shares := data_shares(variations)) > 1:
        manifest["data_assumed_shares"] = shares
    manifest["checked_under"] = [v.label for v, _ in variations]
    shown = {
        "verdicts": Shown(
            rb.verdicts_table(verdicts),
            "holds in every variation / not established everywhere (significant in some variations only) / "
            "depends on the data, the players, both, or only on the two together; judged on 95% intervals",
        ),
        "estimates": Shown(
            rb.estimates_table(estimates), "each variation's answer with its 95% interval",
            Figure("robustness.png", lambda caption, path: forest(
                estimates, reference, caption, path, title=f"{base.game}: {question.describe()} under each variation")),
        ),
    }  # fmt: skip
    if any(ratings.values()):
        table = rb.strength_table(estimates, ratings)
        title = f"{base.game}: {question.describe()} against the players' strength"
        shown["verdicts"] = replace(shown["verdicts"], table=shown["verdicts"].table.with_columns(
            with_strength=pl.Series([strength.get(v.conclusion, ("", ""))[0] for v in verdicts], dtype=pl.String),
            strongest_two=pl.Series([strength.get(v.conclusion, ("", ""))[1] for v in verdicts], dtype=pl.String),
        ))  # fmt: skip
        shown["strength"] = Shown(
            table, "each population's rating on the game's shipped ladder beside its answer (the verdicts' "
            "with_strength: settled when the two strongest rated, and every unrated population, agree within 95% "
            f"intervals at most {half_width:.3g} wide each side; too few games to tell when wider)",
            Figure("strength.png", lambda caption, path: against_strength(
                table, reference, caption, path, title=title)),
        )  # fmt: skip
    if tops:
        top_table = pl.DataFrame({"variation": list(tops), "top": [", ".join(t) for t in tops.values()]})
        shown["top"] = Shown(top_table, f"the top {question.top} of each variation by estimate")
    write_experiment(out, manifest, f"playout robustness: {base.game} {question.describe()}", shown)
    return {"estimates": estimates, "verdicts": verdicts, "tops": tops, "manifest": manifest, "strength": strength,
            "ratings": ratings}  # fmt: skip


def population_ratings(variations: list[tuple[rb.Variation, Recipe]]) -> dict[rb.Variation, list[float] | None]:
    """Each variation's players' rating on the game's shipped ladder: a lineup of one code, rated under the
    variation's rules and data; None for a mixed or unrated lineup."""
    from reports.analysis.strength import population_rating
    from sim.engine import prepare

    out = {}
    for v, recipe in variations:
        prep = prepare(recipe)
        out[v] = population_rating(recipe.game, prep.codes, prep.spec.version, prep.data.fingerprint)
    return out
