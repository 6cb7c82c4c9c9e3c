"""`playout value`: what each card (or family) is worth, by paired experiments on the same seeds."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput


def value(
    game: opt.GameArgument,
    cards: Annotated[
        str | None,
        typer.Option(
            "--cards", help="Card kind (default: the game's first; a wrong one is answered with the game's kinds)."
        ),
    ] = None,
    family: Annotated[
        bool, typer.Option("--family", help="The worth of each family instead (games with families: Obsession).")
    ] = False,
    n: Annotated[
        int, typer.Option("-n", "--games", help="Games per card and condition (and for the baseline).")
    ] = 10_000,
    only: Annotated[str | None, typer.Option("--only", help="Comma-separated card names (default: all).")] = None,
    removed: Annotated[
        bool,
        typer.Option(
            "--removed/--no-removed",
            help="Also play each card removed from the game (--no-removed: given only, about half the games).",
        ),
    ] = True,
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (the same in every condition).")] = 1,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    out: opt.OutOption = None,
    threads: opt.ThreadsOption = None,
):
    """What each card is worth, by paired experiments on the same seeds: the card given to a seat at the
    start vs not, and the card removed from the game vs not; change in win rate and score with 95%
    intervals, ranked, as a table and plots. Also owners vs non-owners (a correlation, labelled so).

    Examples:

      playout value yokohama --cards tech -n 10000

      playout value yokohama --cards tech --only exposition,ball,tram -n 40000

      playout value yokohama --only tram,telephone,postal_system --no-removed -n 400 -p mcts-fast*4

      playout value obsession --family -n 20000 --players greedy*3
    """
    opt.game_info(game)
    opt.positive(n, "-n")
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    from reports.experiments.asked.base import chosen_cards
    from sim.errors import did_you_mean
    from sim.registry import get_game

    spec = get_game(game)
    if family and not removed:
        raise BadInput("--no-removed is for card values: --family plays each family in and out, nothing removed")
    if family:
        _family_value(spec, game, n, players, seed, sets, data, out, threads)
        return
    cards = next(iter(spec.card_kinds)) if cards is None else cards  # --cards '' is not the default
    if cards not in spec.card_kinds:
        raise BadInput(f"{game} has no card kind {cards!r}{did_you_mean(cards, list(spec.card_kinds))}")
    card = spec.card_kinds[cards]
    names = card["names"]
    chosen = chosen_cards(only, cards, names)
    for c in chosen:
        if c not in names:
            raise BadInput(f"unknown {cards} {c!r}{did_you_mean(c, names)}")
    base = _value_recipe(game, n, players, seed, sets, data)
    p, n = len(base.players), base.n
    from commands import console
    from reports.experiments.questions import card_value, value_arms

    arms = value_arms(len(chosen), removed)
    console.experiment(
        base, n * arms, 3 + 3 * p, f"-n {n} in each of {arms} conditions",
        opt.out_dir(out, Path("runs") / f"value-{game}-{cards}-{p}p-seed{seed}-n{n}"),
        f"{game} {cards} value ({len(chosen)} cards)",
        lambda out, advance: card_value(base, cards, card, chosen, out, threads, advance, removed), print_value,
        (1 + len(chosen) * (p + removed), "arms"),  # the baseline; per card, one arm per seat given it, one removed
    )  # fmt: skip


def _value_recipe(game, n, players, seed, sets, data):
    """The base recipe of a value experiment, n rounded down to a multiple of the players so that every seat
    receives the card (or family) in an equal share of the games."""
    codes = opt.lineup(game, players)
    p = len(codes)
    if n < p:
        raise BadInput(f"-n must be at least the number of players ({p})")
    from reports.experiments.asked.base import not_set_by_question

    params = not_set_by_question(game, opt.params_overrides(game, sets or []), "value")
    from sim.engine import Recipe, chunk_for

    n = (n // p) * p
    return Recipe(game, codes, seed, n, chunk_for(game, codes, n), params, opt.data(game, data))


def _family_value(spec, game, n, players, seed, sets, data, out, threads):
    if not spec.families:
        raise BadInput(f"{game} has no families to value (--family is for games with families, e.g. obsession)")
    base = _value_recipe(game, n, players, seed, sets, data)
    p, n = len(base.players), base.n
    from commands import console
    from reports.experiments.questions import family_value

    conditions = 1 if spec.families["expansion_knob"] in base.params else 2
    arms = conditions + len(spec.families["names"]) * conditions
    console.experiment(
        base, n * arms, 3 + 3 * p, f"-n {n} in each of {arms} conditions",
        opt.out_dir(out, Path("runs") / f"value-{game}-families-{p}p-seed{seed}-n{n}"), f"{game} family value",
        lambda out, advance: family_value(base, spec.families, out, threads, advance), print_families,
    )  # fmt: skip


def removed_cell(r: dict, played: bool) -> str:
    """The removed condition's cell: its change, or why there is none."""
    d = r["removed_owner_win_delta"]
    if not played:
        return "not played"
    if d is None or d != d:  # NaN: fewer than two baseline games had an owner
        return f"owners in {r['removed_games']} games"
    return f"{d:+.1%} [{r['removed_owner_win_lo']:+.1%}, {r['removed_owner_win_hi']:+.1%}]"


def print_value(answer) -> None:
    from rich.console import Console
    from rich.table import Table

    from commands.console import footer
    from reports.analysis.rests_on import headline

    console = Console()
    heads = ("card", "given: win rate change", "given: score change", "removed: owners' win change")
    t = Table(*heads, "owners win (corr.)", "others win", title="card value, ranked by the receiver's win-rate change")
    for r in answer.tables["value"].iter_rows(named=True):
        t.add_row(
            r["card"],
            f"{r['given_win_delta']:+.1%} [{r['given_win_lo']:+.1%}, {r['given_win_hi']:+.1%}]",
            f"{r['given_score_delta']:+.1f} [{r['given_score_lo']:+.1f}, {r['given_score_hi']:+.1f}]",
            removed_cell(r, answer.manifest.get("removed", True)),
            f"{r['owner_win_rate (correlation)']:.1%}",
            f"{r['non_owner_win_rate']:.1%}",
        )
    console.print(t)
    rests = answer.tables.get("rests_on")
    line = headline(rests, answer.tables["value"].height) if rests is not None else None
    if line:
        console.print(line)
    console.print(footer(answer.manifest, timed=True))


def print_families(answer) -> None:
    """One table per condition (the expansion family out, then in)."""
    import polars as pl
    from rich.console import Console
    from rich.table import Table

    from commands.console import footer

    console = Console()
    players = answer.extra["players"]
    table = answer.tables["families"]
    for condition in table["condition"].unique(maintain_order=True):
        heads = ("family", f"win rate when dealt (fair {1 / players:.1%})", "p (Holm)", "mean score")
        t = Table(*heads, "given: win rate change", "given: score change", title=f"family value, {condition}")
        for r in table.filter(pl.col("condition") == condition).iter_rows(named=True):
            t.add_row(
                r["family"],
                f"{r['win_rate']:.1%} [{r['win_lo']:.1%}, {r['win_hi']:.1%}]",
                f"{r['p_holm']:.2g}",
                f"{r['mean_score']:.1f}",
                f"{r['given_win_delta']:+.1%} [{r['given_win_lo']:+.1%}, {r['given_win_hi']:+.1%}]",
                f"{r['given_score_delta']:+.1f} [{r['given_score_lo']:+.1f}, {r['given_score_hi']:+.1f}]",
            )
        console.print(t)
    console.print(footer(answer.manifest))
