"""The skill ladder: every population of a game on one Bradley-Terry scale (`playout ladder`).

The populations are the game's strategy book (random, greedy, the archetypes and any preset it lists) plus
the search at its balance budget (mcts-fast), or the codes the user names. They meet in the arms of
`playout matrix` (sim.experiments.matchup_arms: one seat of A against players-1 seats of B, for every
ordered pair, seats rotating with the game index), and the ratings are fitted from every pair of seats of
every game (reports/analysis/matchups.py), anchored so that one population (random when present) is 0.

A search player's game costs about a thousand times a greedy one's, so the games per pair are planned
from a CPU budget: a short pilot measures what one seat of each population adds to a game's CPU time;
every pair gets one rotation of the seats, then an equal share of the rest of the budget, up to a most
games per pair; what cheap pairs leave over goes to the costly ones. The pilot's timings differ from one
attempt to the next, so the plan is kept in the output (plan.json, keyed by the options that made it): a
resumed ladder plays the same arms, and their finished chunks are reused (sim.experiments.play_arm with
`kept`).

Equal shares leave the strongest few apart by less than their intervals where they cost the most (Yokohama's
looks ahead: a few hundred games a pair). Settling the top (`--settle-top`) spends a second budget on the
populations the plan's games cannot tell from the strongest, both ways of every pair among them, each arm going
on from its last game: the ratings are then fitted as if the plan had given those pairs all their games. Which
populations those are follows from the plan's games alone, so a resumed ladder settles the same ones.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import polars as pl

from reports.analysis import matchups
from reports.writers.experiment_output import Answer, Figure, Shown, write_experiment
from reports.writers.plots import write_png
from sim.engine import Recipe, chunk_for
from sim.errors import ParamError
from sim.experiments import drop_arms, experiment_manifest, matchup_arms, play_arm, with_players
from sim.store import keep, recall

PLAN_FILE = "plan.json"
FILLER = "random"  # the pilot's other seats: the cheapest bot, whose own cost is measured and taken off
PILOT_CPU = 1.0  # CPU seconds a population's pilot plays at least (fewer games only at PILOT_MOST)
PILOT_MOST = 4096  # games of a pilot at most (the cheap bots reach PILOT_CPU long before a search does)
UNCAPPED = 10**9  # settling games have no most per pair: the budget alone bounds them
SHORT_PILOT = 0.25  # CPU seconds a progress bar's pilot plays (robustness, matrix): costs 10 times apart told;
# never more games than the experiment plays a lineup, so a small run is not slowed by its own pilot


def default_codes(book) -> list[str]:
    """Every strategy of the book except the search's budgets, plus the search at its balance budget."""
    codes = [code for code, s in book.strategies.items() if s.family != "mcts"]
    return codes + [code for code in ("mcts-fast",) if code in book.strategies]


def populations(book, only: list[str] | None, add: list[str]) -> list[str]:
    """The ladder's codes, canonical and each once: `only` (or the default) followed by `add`."""
    codes = [book.player(c).code for c in (only if only is not None else default_codes(book)) + add]
    codes = list(dict.fromkeys(codes))
    if len(codes) < 2:
        raise ParamError(f"a ladder needs at least two different populations, not {codes}")
    return codes


def anchor_of(codes: list[str], asked: str | None) -> str:
    """The population rated 0: the one asked, else random, else greedy, else the first."""
    if asked is not None:
        if asked not in codes:
            raise ParamError(f"--anchor {asked!r} is not one of the ladder's populations {codes}")
        return asked
    return next((c for c in ("random", "greedy") if c in codes), codes[0])


# ---------------------------------------------------------------- the pilot and the plan


def _timed(recipe: Recipe, threads) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of playing `recipe` (numba's threads are the process's: CPU counts them)."""
    cpu, wall = time.process_time(), time.perf_counter()
    play_arm(recipe, columns=["game_index"], threads=threads)
    return time.process_time() - cpu, time.perf_counter() - wall


def per_game(
    base: Recipe, lineup: list[str], threads, least: float = PILOT_CPU, most: int = PILOT_MOST
) -> tuple[float, float]:
    """(CPU, wall) seconds per game of `lineup`, from games 0.. of base's seed, enough for `least` CPU seconds
    or `most` games (never fewer than one rotation of the seats)."""
    most = max(most, len(lineup))
    n = len(lineup)  # one full rotation of the seats
    while True:
        cpu, wall = _timed(replace(with_players(base, lineup), n=n, chunk=chunk_for(base.game, lineup, n)), threads)
        if cpu >= least or n >= most:
            return cpu / n, wall / n
        n = min(most, n * 4)


def warm(base: Recipe, threads) -> None:
    """Play one rotation untimed, so that a pilot times play, not the first call's compile and imports."""
    per_game(base, list(base.players), threads, 0.0)


def measure_costs(
    base: Recipe, codes: list[str], players: int, threads=None, least: float = PILOT_CPU, most: int = PILOT_MOST
) -> tuple[dict[str, float], float]:
    """({code: CPU seconds one seat of it adds to a game}, wall seconds per CPU second). A seat's cost is
    that of a game of it against players-1 random seats, less those seats' share of an all-random game;
    each timed over at least `least` CPU seconds or `most` games."""
    warm(with_players(base, [FILLER] * players), threads)
    filler_cpu, filler_wall = per_game(base, [FILLER] * players, threads, least, most)
    seat_filler = filler_cpu / players
    costs, cpu_total, wall_total = {}, filler_cpu, filler_wall
    for code in codes:
        if code == FILLER:
            costs[code] = seat_filler
            continue
        cpu, wall = per_game(base, [code] + [FILLER] * (players - 1), threads, least, most)
        costs[code] = max(cpu - (players - 1) * seat_filler, seat_filler)
        cpu_total, wall_total = cpu_total + cpu, wall_total + wall
    return costs, wall_total / max(cpu_total, 1e-9)


def arm_cost(costs: dict[str, float], a: str, b: str, players: int) -> float:
    """CPU seconds of one game of one seat of a against players-1 seats of b."""
    return costs[a] + (players - 1) * costs[b]


def plan_games(arm_costs: list[float], budget: float | None, most: int, players: int) -> list[int]:
    """Games per arm: `most` each without a budget. With one, every arm first gets one rotation of the seats
    (`players` games: every seat of its lineup once), then an equal share of what the budget has left, at
    most `most` games in all, the share cheap arms leave spread over the costlier ones (water-filling).
    Rounded down to whole rotations, so every seat of every lineup plays equally often. An arm the budget
    cannot give one rotation gets fewer than `players` (the caller refuses the plan)."""
    if budget is None:
        return [most - most % players] * len(arm_costs)
    left = budget - players * sum(arm_costs)
    if left < 0:
        return [int(budget / len(arm_costs) / c) for c in arm_costs]
    games = [0] * len(arm_costs)
    arms_left = len(arm_costs)
    for i in sorted(range(len(arm_costs)), key=lambda i: arm_costs[i]):
        share = left / arms_left
        extra = most - players if arm_costs[i] * (most - players) <= share else int(share / arm_costs[i])
        games[i] = players + extra - extra % players
        left, arms_left = left - (games[i] - players) * arm_costs[i], arms_left - 1
    return games


def make_plan(base: Recipe, codes: list[str], players: int, budget: float | None, most: int, threads) -> dict:
    """The arms and their games, with the measured costs and the estimated CPU and wall time."""
    costs, pace = measure_costs(base, codes, players, threads)
    pairs = [(a, b) for a, b, _ in matchup_arms(base, codes, players)]
    per_game = [arm_cost(costs, a, b, players) for a, b in pairs]
    games = plan_games(per_game, budget, most, players)
    short = [(a, b, n) for (a, b), n in zip(pairs, games, strict=True) if n < players]
    if short:
        a, b, n = min(short, key=lambda t: t[2])
        need = players * sum(per_game)
        raise ParamError(
            f"--budget {budget:g} CPU s is too small: {a} against {b} would get {n} games (a ladder needs at least "
            f"{players} per pair, one rotation of the seats: about {need:.0f} CPU s)"
        )
    arms = [
        {"a": a, "b": b, "games": n, "cpu_per_game": c, "cpu": n * c}
        for (a, b), n, c in zip(pairs, games, per_game, strict=True)
    ]
    cpu = sum(arm["cpu"] for arm in arms)
    return {"codes": codes, "players": players, "budget": budget, "most": most, "cost_per_seat": costs,
            "wall_per_cpu": pace, "arms": arms, "cpu": cpu, "wall": cpu * pace}  # fmt: skip


def plan_key(base: Recipe, codes: list[str], players: int, budget: float | None, most: int) -> dict:
    """What a kept plan must have been made for to be reused."""
    return {"recipe": {**base.to_json(), "players": None, "n": None, "chunk": None}, "codes": codes,
            "players": players, "budget": budget, "most": most}  # fmt: skip


def kept_plan(out: Path, base: Recipe, codes, players, budget, most, threads, measuring=None) -> tuple[dict, bool]:
    """(plan, whether it was kept from an earlier attempt): the plan in out/plan.json when it was made for
    the same options, else a new one (measured by a pilot; `measuring()` is called first), kept there."""
    made_by = plan_key(base, codes, players, budget, most)
    plan = recall(out / PLAN_FILE, made_by)
    if plan is not None:
        return plan, True
    if measuring:
        measuring()
    plan = make_plan(base, codes, players, budget, most, threads)
    keep(out / PLAN_FILE, made_by, plan)
    return plan, False


def plan_table(plan: dict) -> pl.DataFrame:
    return pl.DataFrame(
        [(arm["a"], arm["b"], arm["games"], arm["cpu_per_game"], arm["cpu"]) for arm in plan["arms"]],
        schema=["strategy", "against_field_of", "games", "cpu_s_per_game", "cpu_s"],
        orient="row",
    )


def cost_table(plan: dict) -> pl.DataFrame:
    return pl.DataFrame(
        [(code, cost) for code, cost in plan["cost_per_seat"].items()],
        schema=["strategy", "cpu_s_per_seat_game"],
        orient="row",
    )


# ---------------------------------------------------------------- playing and rating


def arm_recipe(base: Recipe, a: str, b: str, players: int, games: int) -> Recipe:
    lineup = matchups.field_lineup(a, b, players)
    return replace(with_players(base, lineup), n=games, chunk=chunk_for(base.game, lineup, games))


def interleaved(frames: list[pl.DataFrame]) -> pl.DataFrame:
    """The arms' games in one table ordered by each game's place within its arm, so consecutive blocks of
    the bootstrap (balance.pairwise_wins_by_block) hold the same share of every arm, however unequal the
    arms' sizes (a search pair's few games are not all in one block)."""
    parts = [f.with_columns((pl.int_range(pl.len()) / pl.len()).alias("_at")) for f in frames]
    return pl.concat(parts, how="diagonal").sort("_at", maintain_order=True).drop("_at")


def ladder(
    base: Recipe,
    plan: dict,
    anchor: str,
    out: Path,
    threads=None,
    on_cpu: Callable[[float], None] | None = None,
) -> Answer:
    """Play the plan's arms (resumable under out), rate every population and write the outputs.
    on_cpu(seconds) advances a progress counted in planned CPU seconds (and .skip for kept games)."""
    started = time.perf_counter()
    return rate(base, plan, play_plan(base, plan, out, threads, on_cpu), anchor, out, started)


def play_plan(base: Recipe, plan: dict, out: Path, threads=None, on_cpu=None) -> list[pl.DataFrame]:
    """Each arm's games in the plan's order, cheapest arm played first (an interrupted ladder has the most
    pairs finished), each resumable under out. An arm with a `first` plays its pair's games from that index
    on: more games of the same pair, on deals it has not played."""
    played = {}
    for i in sorted(range(len(plan["arms"])), key=lambda i: plan["arms"][i]["cpu_per_game"]):
        arm = plan["arms"][i]
        recipe = replace(arm_recipe(base, arm["a"], arm["b"], plan["players"], arm["games"]), first=arm.get("first", 0))
        played[i] = play_arm(recipe, threads=threads, on_chunk=scaled(on_cpu, arm["cpu_per_game"]), kept=out)
    return [played[i] for i in range(len(plan["arms"]))]


# ---------------------------------------------------------------- settling the top


def contenders(base: Recipe, frames: list[pl.DataFrame]) -> list[str]:
    """The strongest population and every one whose distance from it has an interval that holds 0 (the
    games so far cannot tell it from the strongest), strongest first; [] when the games cannot be rated."""
    rows, _ = matchups.ratings([interleaved(frames)], seed=base.seed)
    if not rows:
        return []
    top = max(rows, key=lambda r: r.rating).name
    behind = matchups.ratings([interleaved(frames)], seed=base.seed, anchor=top)[0]
    return [r.name for r in sorted(behind, key=lambda r: -r.rating) if r.name == top or r.hi >= 0]


def settle_plan(plan: dict, among: list[str], budget: float) -> dict | None:
    """More games for every pair of the populations `among` (both ways), from a CPU budget shared as the
    ladder's own plan shares it (plan_games, no most), each arm going on from the game after its last:
    None when fewer than two are among them or the budget cannot give each pair one rotation."""
    players = plan["players"]
    first = {(arm["a"], arm["b"]): arm["games"] for arm in plan["arms"]}
    pairs = [(a, b) for a in among for b in among if a != b]
    if len(pairs) < 2:
        return None
    costs = [arm_cost(plan["cost_per_seat"], a, b, players) for a, b in pairs]
    games = plan_games(costs, budget, UNCAPPED, players)
    if min(games) < players:
        return None
    arms = [
        {"a": a, "b": b, "games": n, "cpu_per_game": c, "cpu": n * c, "first": first[a, b]}
        for (a, b), n, c in zip(pairs, games, costs, strict=True)
    ]
    cpu = sum(arm["cpu"] for arm in arms)
    return {**plan, "codes": among, "budget": budget, "most": UNCAPPED, "arms": arms, "cpu": cpu,
            "wall": cpu * plan["wall_per_cpu"]}  # fmt: skip


def with_settling(plan: dict, frames: list[pl.DataFrame], more: dict, more_frames: list[pl.DataFrame]):
    """(plan, frames) with the settling games joined to their pairs' arms: each pair's games as one table, in
    game order, as if its arm had been planned with them all."""
    at = {(arm["a"], arm["b"]): i for i, arm in enumerate(plan["arms"])}
    arms, frames = [dict(arm) for arm in plan["arms"]], list(frames)
    for arm, frame in zip(more["arms"], more_frames, strict=True):
        i = at[arm["a"], arm["b"]]
        arms[i].update(games=arms[i]["games"] + arm["games"], cpu=arms[i]["cpu"] + arm["cpu"])
        frames[i] = pl.concat([frames[i], frame], how="diagonal")
    cpu = plan["cpu"] + more["cpu"]
    return {**plan, "arms": arms, "cpu": cpu, "settle_budget": more["budget"], "settled_among": more["codes"]}, frames


def rate(base: Recipe, plan: dict, frames: list[pl.DataFrame], anchor: str, out: Path, started: float) -> Answer:
    """Rate every population from the arms' games, write the ladder's outputs and drop the kept arms."""
    codes, players = plan["codes"], plan["players"]
    cells = [matchups.cell(arm["a"], arm["b"], frame) for arm, frame in zip(plan["arms"], frames, strict=True)]
    rows, fit = matchups.ratings([interleaved(frames)], seed=base.seed, anchor=anchor)
    # each population's distance from the strongest with the interval of that difference (the same bootstrap
    # re-anchored): where two strong populations' intervals from the anchor overlap by logits (Yokohama, anchored at
    # random), this still tells whether they differ
    top = max(rows, key=lambda r: r.rating).name if rows else None
    behind = matchups.ratings([interleaved(frames)], seed=base.seed, anchor=top)[0] if top else None
    games = sum(f.height for f in frames)
    manifest = experiment_manifest(base, "skill ladder", len(frames), 0, time.perf_counter() - started,
                                   strategies=codes, players=players, anchor=anchor)  # fmt: skip
    manifest.update(n=games, games_done=games, games_per_arm=[arm["games"] for arm in plan["arms"]],
                    budget_cpu_s=plan["budget"], planned_cpu_s=plan["cpu"])  # fmt: skip
    if "settle_budget" in plan:
        manifest.update(settle_budget_cpu_s=plan["settle_budget"], settled_among=plan["settled_among"])
    manifest["games_per_second"] = round(games / manifest["wall_seconds"], 1) if manifest["wall_seconds"] else None
    manifest["lineup"] = [f"one of A against {players - 1} of B, A != B in {codes}"]
    tables = {
        "ratings": matchups.ratings_table(rows, fit, codes, behind),
        "matrix": matchups.matrix_table(cells),
        "plan": plan_table(plan),
        "costs": cost_table(plan),
        "scores": matchups.score_summary(frames),
    }
    shown = {
        "ratings": Shown(
            tables["ratings"],
            f"Bradley-Terry rating in logits relative to {anchor} (= 0) from every pair of seats of every "
            "game (a rating 1 higher finishes ahead of the other 73% of the time; elo = 173.7 x logit); 95% "
            "bootstrap interval over blocks of games; behind_top: the rating less the strongest's, with the interval "
            "of that difference (the same bootstrap, anchored at the strongest)",
            Figure("ratings.png", lambda caption, path: plot_ratings(tables["ratings"], anchor, caption, path)),
            shade="rating_logit", centre=0.0,
        ),
        "matrix": Shown(
            tables["matrix"],
            f"win rate of one seat of the strategy against {players - 1} seats of the other; fair = 1/{players}",
            Figure("matrix.png", lambda caption, path: matchups.heatmap(cells, codes, players, caption, path)),
            ("win_rate", "lo", "hi"), "win_rate", 1 / players,
        ),
        "plan": Shown(
            tables["plan"], "games per pair planned from the CPU budget and the pilot's measured cost per game"
        ),
        "costs": Shown(
            tables["costs"], "CPU seconds one seat of each population adds to a game (pilot, against random seats)"
        ),
        "scores": Shown(tables["scores"], "mean score and mean winning score over every game of the ladder"),
    }  # fmt: skip
    write_experiment(out, manifest, f"playout ladder: {base.game}", shown)
    drop_arms(out)
    return Answer(manifest, tables, out, {"cells": cells, "codes": codes, "players": players, "anchor": anchor})


def head_to_head(base: Recipe, old: str, new: str, games: int, where: Path, threads=None, on_chunk=None) -> tuple:
    """(new's rating less old's, the 95% interval of that difference, games played): a ladder of the two, one seat
    of each against a field of the other for `games` games each way, on base's seed and players (base.n); its arms
    kept under `where` until rated, and its outputs written there as `playout ladder --only OLD,NEW` writes them."""
    started = time.perf_counter()
    where.mkdir(parents=True, exist_ok=True)
    players = base.n
    plan, _ = kept_plan(where, base, [old, new], players, None, games, threads)
    frames = [
        play_arm(arm_recipe(base, arm["a"], arm["b"], players, arm["games"]), threads=threads, on_chunk=on_chunk,
                 kept=where)
        for arm in plan["arms"]
    ]  # fmt: skip
    rows, _ = matchups.ratings([interleaved(frames)], seed=base.seed, anchor=old)
    if rows is None:
        raise ParamError(f"{games} games each way are too few to rate {new} against {old}")
    row = next(r for r in rows if r.name == new)
    rate(base, plan, frames, old, where, started)
    return row.rating, row.lo, row.hi, sum(f.height for f in frames)


def scaled(on_cpu, cpu_per_game: float):
    """A chunk callback (games) advancing a progress counted in planned CPU seconds (skip() too, for games
    done before a resume)."""
    if on_cpu is None:
        return None

    def advance(games: int):
        on_cpu(games * cpu_per_game)

    if hasattr(on_cpu, "skip"):
        advance.skip = lambda games: on_cpu.skip(games * cpu_per_game)
    return advance


def plot_ratings(table: pl.DataFrame, anchor: str, caption: str, path: Path) -> None:
    """The ratings with their 95% intervals, best at the top."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = table.sort("rating_logit").to_dicts()  # best last: drawn at the top
    y = np.arange(len(rows))
    mid = np.array([r["rating_logit"] for r in rows], dtype=float)
    lo = np.array([r["lo"] for r in rows], dtype=float)
    hi = np.array([r["hi"] for r in rows], dtype=float)
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(rows) + 1.8))
    ax.errorbar(mid, y, xerr=[mid - lo, hi - mid], fmt="o", color="C0", ecolor="0.4", capsize=3)
    ax.axvline(0, color="0.6", lw=0.8)
    ax.set_yticks(y, [r["strategy"] for r in rows])
    ax.set_xlabel(f"Bradley-Terry rating (logits, {anchor} = 0; 95% interval)")
    ax.set_title("skill ladder")
    fig.text(0.01, 0.01, caption, fontsize=6, color="0.3")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    write_png(fig, path, "skill ladder", caption)
    plt.close(fig)
