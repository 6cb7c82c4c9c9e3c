"""A game's flagship answers at every rung of its skill ladder, kept, and judged against strength (issue 50).

A flagship answer is one a designer asks first: each seat's win rate at every player count, and where the game
has one, the fair value of its start-money knob (Yokohama's seat 0 at 3 and 4 players). A rung is a population of
one player code that the game's shipped ladder rates (greedy, tuned, the student, learned, the strongest). Each
answer is played under each rung (`playout answers GAME --play`) and kept with what made it; reading them back
(`playout answers GAME`) plays nothing, and a kept answer whose code, rules, knobs, data or players have changed since
is named stale, never shown as current. Per conclusion, the verdict of reports/analysis/robustness.py judge_strength:
settled where the two strongest measured rungs agree within narrow 95% intervals, still moving (and which way)
where they do not; and what would settle it.

    <store>/<game>/<flagship>/variations/<data>__<players>/   the rung's games (reports/experiments/variations.py
                                                              answer_all)
                                                   answer.json   the kept answer and what made it
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from reports.analysis import robustness as rb
from reports.experiments.asked import Question
from reports.experiments.variations import answer_all, slug, variation_recipes
from reports.writers.export import lineup_text
from sim.engine import Recipe, chunk_for

STORE = Path("runs") / "answers"
KEPT = "answer.json"
FAMILY_RUNGS = ("greedy", "tuned", "student", "learned")  # each family's shipped player, where the ladder rates it
# A game's start-money knob, whose fair value for a seat is a flagship answer: (knob, values swept, player counts).
FAIR_VALUES = {"yokohama": (("start_money.seat0", tuple(range(7)), (3, 4)),)}
STALE_PARTS = {"code_fingerprint": "the code", "rules_version": "the rules", "params_fingerprint": "the knobs",
               "data_fingerprint": "the data", "fingerprints": "the players' weights"}  # fmt: skip


@dataclass(frozen=True)
class Flagship:
    title: str  # "seat fairness at 4 players"
    question: Question
    players: int

    @property
    def slug(self) -> str:
        return self.title.replace(" ", "-").replace(".", "_")

    def reference(self) -> float | None:
        return self.question.reference(self.players)

    def half_width(self) -> float:
        return self.question.asked.half_width(self.question)


@dataclass
class Kept:
    """One flagship answer under one rung, as read back: its estimates when current, else why not."""

    code: str
    estimates: list[rb.Estimate]
    stale: str = ""  # what changed since it was played ("" when current)
    recipe: Recipe | None = None  # what it was played from (None when it cannot be read)


def flagships(game: str, counts: Sequence[int] | None = None) -> list[Flagship]:
    """The game's flagship answers, or with `counts` those at these player counts only."""
    from sim.registry import info

    lo, hi = info(game).players
    out = [Flagship(f"seat fairness at {p} players", Question("seat-fairness"), p) for p in range(max(2, lo), hi + 1)]
    for knob, values, at in FAIR_VALUES.get(game, ()):
        q = Question("fair-value", knob=knob, values=values, seat=0)
        out += [Flagship(f"fair {knob} at {p} players", q, p) for p in at if lo <= p <= hi]
    return [f for f in out if counts is None or f.players in counts]


def ladder_ratings(game: str) -> dict[str, list[float]]:
    """The shipped ladder's ratings of the codes that still play as they did when rated."""
    from reports.analysis.strength import fresh_ratings, shipped

    return fresh_ratings(game) if shipped(game) else {}


def default_rungs(game: str) -> list[str]:
    """Each family's shipped player the ladder rates, and the ladder's two strongest (whose agreement settles an
    answer), weakest first."""
    ratings = {c: r for c, r in ladder_ratings(game).items() if c != "random"}
    if not ratings:
        return ["greedy"]
    strongest = sorted(ratings, key=lambda c: -ratings[c][0])[:2]
    return sorted({c for c in FAMILY_RUNGS if c in ratings} | set(strongest), key=lambda c: ratings[c][0])


def recipe_for(game: str, flagship: Flagship, code: str, seed: int, n: int) -> Recipe:
    players = [code] * flagship.players
    return Recipe(game, players, seed, n, chunk_for(game, players, n))


def made_by(recipe: Recipe) -> dict:
    """What decides a recipe's games, part by part (so a stale answer can say which part changed)."""
    from sim.engine import manifest_for, prepare

    m = manifest_for(prepare(recipe), "running", 0.0, 0, None)
    return {part: m.get(part) for part in STALE_PARTS}


def kept_dir(store: Path, game: str, flagship: Flagship) -> Path:
    return store / game / flagship.slug


def kept_path(store: Path, game: str, flagship: Flagship, code: str) -> Path:
    variation = rb.Variation("builtin", lineup_text([code] * flagship.players))
    return kept_dir(store, game, flagship) / "variations" / slug(variation) / KEPT


# ------------------------------------------------------------------ playing


def play(
    game: str,
    store: Path,
    rungs: list[str],
    seed: int,
    n: int,
    threads=None,
    on_cpu: Callable[[float], None] | None = None,
    costs: dict[tuple[str, ...], float] | None = None,
    counts: Sequence[int] | None = None,
) -> None:
    """Play every flagship answer under every rung not yet kept for exactly this (a kept one is read back by
    answer_all, not replayed), and keep each with what made it. With `costs` (CPU seconds a game of each lineup),
    on_cpu counts planned CPU seconds, so the ETA holds across rungs a hundred times apart in cost. With `counts`,
    only the answers at those player counts."""
    from sim.seal import write_sealed

    for flagship in flagships(game, counts):
        recipes = {code: recipe_for(game, flagship, code, seed, n) for code in rungs}
        base = recipes[rungs[0]]
        variations = variation_recipes(base, [("builtin", None)], [r.players for r in recipes.values()])
        cost = [costs[tuple(r.players)] for _, r in variations] if costs else None
        estimates = answer_all(flagship.question, base, variations, kept_dir(store, game, flagship), threads, on_cpu,
                               cost)  # fmt: skip
        for code, recipe in recipes.items():
            label = lineup_text(recipe.players)
            rows = [[e.conclusion, e.value, e.lo, e.hi] for e in estimates if e.variation.players == label]
            doc = {"flagship": flagship.title, "code": code, "recipe": recipe.to_json(), "made_by": made_by(recipe),
                   "question": _options(flagship.question), "estimates": rows}  # fmt: skip
            write_sealed(kept_path(store, game, flagship, code), doc)


def lineups(game: str, rungs: list[str], seed: int, n: int, counts: Sequence[int] | None = None) -> list[Recipe]:
    """One recipe per distinct lineup the flagship answers play (a rung at each player count)."""
    recipes = {}
    for flagship in flagships(game, counts):
        for code in rungs:
            recipes.setdefault((code, flagship.players), recipe_for(game, flagship, code, seed, n))
    return list(recipes.values())


def planned_cpu(game: str, rungs: list[str], n: int, costs: dict[tuple[str, ...], float],
                counts: Sequence[int] | None = None) -> float:  # fmt: skip
    """CPU seconds all the flagship answers cost under all the rungs, by the lineups' pilot costs."""
    from reports.experiments.variations import games_of

    total = 0.0
    for f in flagships(game, counts):
        for code in rungs:
            recipe = recipe_for(game, f, code, 0, n)
            total += games_of(f.question, recipe) * costs[tuple(recipe.players)]
    return total


def _options(q: Question) -> dict:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(q).items() if k not in ("card", "top")}


# ------------------------------------------------------------------ reading back


def kept_answers(store: Path, game: str, flagship: Flagship) -> list[Kept]:
    """Every rung's kept answer to one flagship, read back (nothing is played)."""
    paths = sorted((kept_dir(store, game, flagship) / "variations").glob(f"*/{KEPT}"))
    return [read_kept(path, flagship) for path in paths]


def read_kept(path: Path, flagship: Flagship) -> Kept:
    """The kept answer at `path`; a damaged one, or one whose question or whatever made its games has changed
    since, comes back stale with the reason."""
    from sim.errors import InputError, ParamError, RunDataError
    from sim.seal import read_sealed

    code = path.parent.name
    try:
        doc = read_sealed(path)
        code, recipe = doc["code"], Recipe.from_json(doc["recipe"])
        rows = doc["estimates"]
        kept_made, kept_question = doc["made_by"], doc["question"]
    except (InputError, RunDataError, KeyError, TypeError) as e:
        return Kept(code, [], stale=f"{path} cannot be read as a kept answer ({e})")
    try:
        now = made_by(recipe)
    except (ParamError, InputError) as e:  # a preset or model file gone: nothing says it is the same player
        return Kept(code, [], f"its players cannot be prepared now ({e})", recipe)
    changed = [STALE_PARTS[p] for p in STALE_PARTS if now.get(p) != kept_made.get(p)]
    if kept_question != _options(flagship.question):
        changed.append("the question")
    if changed:
        return Kept(code, [], "played before " + " and ".join(changed) + " changed", recipe)
    variation = rb.Variation("builtin", lineup_text(recipe.players))
    estimates = [rb.Estimate(variation, c, float(x), float(lo), float(hi)) for c, x, lo, hi in rows]
    return Kept(code, estimates, recipe=recipe)


@dataclass
class Judged:
    """One conclusion of a flagship answer: its value at the strongest measured rung, the verdict, why, and
    what would settle it."""

    flagship: Flagship
    conclusion: str
    strongest: rb.Estimate | None
    verdict: str
    why: str
    settle: str


def judge(game: str, flagship: Flagship, kept: list[Kept], ratings: dict[str, list[float]]) -> list[Judged]:
    """Each conclusion of one flagship answer judged against strength over the rungs whose answer is current."""
    from reports.analysis.strength import cannot_order

    current = [k for k in kept if k.estimates and not k.stale]
    estimates = [e for k in current for e in k.estimates]
    rated = {k.estimates[0].variation: ratings[k.code][0] for k in current if k.code in ratings}
    measured = {k.code for k in current}
    top = max(ratings, key=lambda c: ratings[c][0]) if ratings else None
    code_of = {k.estimates[0].variation: k.code for k in current}
    verdicts = rb.judge_strength(estimates, rated, flagship.half_width(), reference=flagship.reference(),
                                 order=lambda a, b: cannot_order(game, code_of[a], code_of[b]))  # fmt: skip
    by_rating = sorted(current, key=lambda k: -ratings.get(k.code, [-math.inf])[0])
    out = []
    for conclusion, (verdict, why) in verdicts.items():
        strongest = next((e for k in by_rating for e in k.estimates if e.conclusion == conclusion), None)
        if top is not None and top not in measured and verdict != rb.MOVING:  # moving below it moves all the same
            missing = f"the ladder's strongest, {top} ({ratings[top][0]:.2f}), has no current answer"
            verdict, why = UNMEASURED_TOP, f"{why}; {missing}" if why else missing
        halves = [(e.hi - e.lo) / 2 for e in estimates if e.conclusion == conclusion]
        widest = max((h for h in halves if math.isfinite(h)), default=0.0)  # a sweep that never crossed: NaN
        n = max(k.recipe.n for k in current)
        more = math.ceil(n * (widest / flagship.half_width()) ** 2 / 100) * 100  # an interval narrows as 1/sqrt(n)
        settle = what_settles(game, verdict, top, more, flagship.players)
        out.append(Judged(flagship, conclusion, strongest, verdict, why, settle))
    return out


UNMEASURED_TOP = "not judged: the ladder's strongest is not measured"


def what_settles(game: str, verdict: str, top: str | None, games: int, players: int) -> str:
    """The next step for a conclusion that is not settled (empty when it is); `games`: per rung, to narrow the
    widest interval enough; `players`: the answer's player count (the replay plays that count alone)."""
    if verdict == rb.SETTLED:
        return ""
    if verdict == UNMEASURED_TOP:
        return f"play it under the strongest: playout answers {game} --play --players {players} --rungs {top}"
    if verdict == rb.TOO_FEW:
        return f"more games: playout answers {game} --play -n {games} --players {players}"
    if verdict == rb.MOVING:
        return (f"a stronger rung: a new generation (playout learn / distil {game}), rated on the ladder "
                f"(playout ladder {game} --add CODE), played with --rungs")  # fmt: skip
    if verdict == rb.UNORDERED:
        return (
            f"tell the two apart (the shipped ladder's command, strategies/ladders/{game}.json, again with "
            "--settle-top 30m: more games between the strongest) or a rung stronger than both"
        )
    if verdict == rb.UNMEASURED:
        return ("a sweep that brackets the fair value: a strongest rung's win rate never crossed the fair share "
                "over the values swept")  # fmt: skip
    if verdict == rb.UNRATED:
        return f"two rated rungs: rate them (playout ladder {game} --add CODE) and play them"
    return f"play the missing rungs: playout answers {game} --play"


def gather(
    game: str, store: Path, rungs: list[str] | None = None, counts: Sequence[int] | None = None
) -> tuple[list[Judged], dict[Flagship, list[Kept]]]:
    """Every flagship answer (or those at `counts` players) read back under every kept rung (or those of `rungs`)
    and judged; nothing is played."""
    ratings = ladder_ratings(game)
    judged, kept_all = [], {}
    for flagship in flagships(game, counts):
        kept = [k for k in kept_answers(store, game, flagship) if rungs is None or k.code in rungs]
        kept_all[flagship] = kept
        if any(k.estimates for k in kept):
            judged += judge(game, flagship, kept, ratings)
        else:
            judged.append(Judged(flagship, "", None, NOT_PLAYED, "no current answer under any rung",
                                 f"playout answers {game} --play"))  # fmt: skip
    return judged, kept_all


NOT_PLAYED = "not played"


def strength_rows(game: str, kept: list[Kept]):
    """A flagship's current answers beside their rungs' ratings (reports/analysis/robustness.py strength_table)."""
    ratings = ladder_ratings(game)
    current = [k for k in kept if k.estimates and not k.stale]
    rated = {k.estimates[0].variation: ratings.get(k.code) for k in current}
    return rb.strength_table([e for k in current for e in k.estimates], rated)


def current_answers(kept: dict[Flagship, list[Kept]]) -> list[Kept]:
    return [k for ks in kept.values() for k in ks if k.estimates and not k.stale]


def verdicts_table(judged: list[Judged]):
    import polars as pl

    rows = []
    for j in judged:
        e = j.strongest
        at = (e.variation.players, e.value, e.lo, e.hi) if e else ("", math.nan, math.nan, math.nan)
        rows.append((j.flagship.title, j.conclusion, *at, j.verdict, j.why, j.settle))
    schema = ["answer", "conclusion", "strongest_rung", "estimate", "lo", "hi", "verdict", "why", "to_settle"]
    return pl.DataFrame(rows, schema=schema, orient="row")


def write_page(game: str, out: Path, judged: list[Judged], kept: dict[Flagship, list[Kept]]) -> None:
    """The answers as report.html in `out`, the verdicts first, then per flagship its answers against the rungs'
    ratings with a plot (one panel per conclusion), each table as CSV beside it."""
    from reports.writers.experiment_output import Figure, Shown, write_experiment
    from sim.experiments import experiment_manifest
    from sim.registry import get_game

    current = current_answers(kept)
    shown = {
        "verdicts": Shown(
            verdicts_table(judged),
            "each conclusion at the strongest rung that answered it, "
            "settled when the two strongest rated rungs agree within narrow 95% intervals",
        )
    }
    for flagship, ks in kept.items():
        table = strength_rows(game, ks)
        if table.height == 0:
            continue
        title = f"{game}: {flagship.title} against the players' strength"
        shown[flagship.slug] = Shown(
            table,
            f"{flagship.title}: each rung's answer beside its ladder rating",
            Figure(f"{flagship.slug}.png", plot(table, flagship.reference(), title)),
        )
    codes = list(dict.fromkeys(k.code for k in current))
    manifest = experiment_manifest(current[0].recipe, "flagship answers against strength", len(current),
                                   current[0].recipe.n, 0.0)  # fmt: skip
    manifest["lineup"] = [" | ".join(codes)]
    manifest["fingerprints"] = get_game(game).strategies.fingerprints(codes)
    write_experiment(out, manifest, f"playout answers: {game}", shown)


def plot(table, reference: float | None, title: str):
    """A Figure's draw(caption, path) for one flagship's answers against strength."""
    from reports.writers.plots import against_strength

    return lambda caption, path: against_strength(table, reference, caption, path, title)
