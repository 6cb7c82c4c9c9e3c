"""`playout compare DIR_A DIR_B`: two answers to the same question, side by side, with the difference and its
95% interval (A - B), e.g. the same question under greedy bots and under `mcts` bots.

- Seat fairness (two `playout run` directories): per player count and seat, the difference of the win rates
  (two independent samples: Newcombe's interval, reports/analysis/stats.two_rate_test).
- A sweep (`playout sweep` outputs of the same knob and seat): per value and seat the same difference, and the
  difference of the fair values with a normal interval from each answer's own interval.
- Card values (`playout value` outputs of the same kind): each card's difference of the given-card win-rate
  effect (normal interval from each side's interval), and the Spearman rank correlation of the two
  rankings (scipy) with its Fisher-z interval (Bonett-Wright standard error).

Different games or questions, or a directory that is neither, are refused (InputError: one line, exit 2).
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import polars as pl

from reports.analysis.stats import Z95, two_rate_test
from sim.errors import InputError
from sim.results import read_games
from sim.store import verified_experiment, verified_run, verified_table


def _answer(path: Path) -> tuple[str, dict]:
    """(kind, manifest) of an output directory: 'seats' for a run, else the experiment's question. Read
    through the keyed store (sim/store.py): a run only when it finished and its table, manifest and seal
    agree; an experiment only when its experiment.json is sealed and intact."""
    path = Path(path)
    if not path.is_dir():
        raise InputError(f"{path} is not a directory")
    if (path / "experiment.json").exists():
        m = verified_experiment(path)
        question = str(m.get("question", ""))
        if question.startswith("sweep of"):
            return "sweep", m
        if question.endswith(" value") and not question.startswith("family"):
            return "value", m
        raise InputError(f"{path}: compare reads seat fairness, sweeps and card values, not {question!r}")
    return "seats", verified_run(path)


def _table(path: Path, name: str, manifest: dict, columns: tuple[str, ...]) -> pl.DataFrame:
    """Table `name` of an experiment output, its bytes checked against experiment.json, with `columns`."""
    file = Path(path) / f"{name}.csv"
    data = verified_table(path, manifest, file.name)
    try:
        table = pl.read_csv(io.BytesIO(data), comment_prefix="#")
    except Exception as e:  # polars raises several error types for a malformed CSV
        raise InputError(f"{file}: not a readable table ({str(e).splitlines()[0]})") from None
    missing = [c for c in columns if c not in table.columns]
    if missing or table.height == 0:
        raise InputError(f"{file}: not a {name} table of playout (missing column {missing[0]!r})" if missing
                         else f"{file}: holds no rows")  # fmt: skip
    return table


def _normal_difference(x_a, lo_a, hi_a, x_b, lo_b, hi_b) -> tuple[float, float, float]:
    """x_a - x_b with a normal 95% interval, each side's standard error read from its own interval."""
    se = math.hypot((hi_a - lo_a) / (2 * Z95), (hi_b - lo_b) / (2 * Z95))
    d = x_a - x_b
    return d, d - Z95 * se, d + Z95 * se


def compare(dir_a: Path, dir_b: Path) -> tuple[str, dict[str, pl.DataFrame], dict, dict]:
    """(kind, tables, manifest A, manifest B) for two answers to the same question."""
    kind_a, m_a = _answer(dir_a)
    kind_b, m_b = _answer(dir_b)
    if m_a.get("game") != m_b.get("game"):
        raise InputError(f"{dir_a} is {m_a.get('game')} but {dir_b} is {m_b.get('game')}: compare the same game")
    if kind_a != kind_b or (kind_a != "seats" and m_a.get("question") != m_b.get("question")):
        what_a = m_a.get("question", "seat fairness (a run)")
        what_b = m_b.get("question", "seat fairness (a run)")
        raise InputError(f"{dir_a} answers {what_a!r} but {dir_b} answers {what_b!r}: compare the same question")
    if kind_a == "seats":
        tables = {"seat_fairness": compare_seats(read_games(dir_a), read_games(dir_b))}
    elif kind_a == "sweep":
        if m_a.get("seat") != m_b.get("seat"):
            raise InputError(f"{dir_a} sweeps for seat {m_a.get('seat')} but {dir_b} for seat {m_b.get('seat')}")
        curve, fair = ("value", "seat", "wins", "games"), ("knob", "seat", "fair_value", "lo", "hi")
        tables = compare_sweeps(*(
            (_table(d, "win_rates", m, curve), _table(d, "fair_value", m, fair))
            for d, m in ((dir_a, m_a), (dir_b, m_b))
        ))  # fmt: skip
    else:
        cols = ("card", "given_win_delta", "given_win_lo", "given_win_hi")
        tables = compare_values(_table(dir_a, "value", m_a, cols), _table(dir_b, "value", m_b, cols))
    return kind_a, tables, m_a, m_b


def _rate_rows(keys, a: dict, b: dict) -> list[tuple]:
    rows = []
    for key in keys:
        (wa, na), (wb, nb) = a[key], b[key]
        d = two_rate_test(wa, na, wb, nb)
        rows.append((*key, na, wa / na, nb, wb / nb, d.estimate, d.lo, d.hi, d.p_value))
    return rows


RATE_COLUMNS = ["games_a", "win_rate_a", "games_b", "win_rate_b", "difference", "lo", "hi", "p_value"]


def compare_seats(games_a: pl.DataFrame, games_b: pl.DataFrame) -> pl.DataFrame:
    """Per player count and seat: win rate A - B (Newcombe 95% interval, pooled z-test)."""

    def counts(g: pl.DataFrame) -> dict:
        out = {}
        for (players,), part in g.group_by(["players"]):
            for s in range(int(players)):
                out[(int(players), s)] = (int((part["winner"] == s).sum()), part.height)
        return out

    a, b = counts(games_a), counts(games_b)
    keys = sorted(set(a) & set(b))
    if not keys:
        raise InputError("the two runs share no player count: compare runs of the same number of players")
    return pl.DataFrame(_rate_rows(keys, a, b), schema=["players", "seat", *RATE_COLUMNS], orient="row")


def compare_sweeps(a_tables: tuple[pl.DataFrame, pl.DataFrame], b_tables: tuple[pl.DataFrame, pl.DataFrame]):
    """Two sweeps, each as (win_rates, fair_value) tables: per value and seat A - B, and the fair values."""

    def counts(t: pl.DataFrame) -> dict:
        return {(v, s): (w, n) for v, s, w, n in t.select("value", "seat", "wins", "games").iter_rows()}

    a, b = counts(a_tables[0]), counts(b_tables[0])
    keys = sorted(set(a) & set(b))
    if not keys:
        raise InputError("the two sweeps share no value of the knob")
    curve = pl.DataFrame(_rate_rows(keys, a, b), schema=["value", "seat", *RATE_COLUMNS], orient="row")
    fa, fb = a_tables[1].row(0, named=True), b_tables[1].row(0, named=True)
    x = [fa[k] if fa[k] is not None else math.nan for k in ("fair_value", "lo", "hi")]
    y = [fb[k] if fb[k] is not None else math.nan for k in ("fair_value", "lo", "hi")]
    d, lo, hi = _normal_difference(x[0], x[1], x[2], y[0], y[1], y[2])
    fair = pl.DataFrame(
        [(fa["knob"], fa["seat"], x[0], x[1], x[2], y[0], y[1], y[2], d, lo, hi)],
        schema=["knob", "seat", "fair_a", "lo_a", "hi_a", "fair_b", "lo_b", "hi_b", "difference", "lo", "hi"],
        orient="row",
    )
    return {"win_rates": curve, "fair_value": fair}


def compare_values(a: pl.DataFrame, b: pl.DataFrame) -> dict[str, pl.DataFrame]:
    """Each card's given-card effect A - B, and the rank correlation of the two rankings."""
    from scipy.stats import spearmanr

    cols = ["card", "given_win_delta", "given_win_lo", "given_win_hi"]
    joined = a.select(cols).join(b.select(cols), on="card", suffix="_b").sort("given_win_delta", descending=True)
    if joined.height == 0:
        raise InputError("the two value answers share no card")
    rows = []
    for r in joined.iter_rows(named=True):
        d, lo, hi = _normal_difference(r["given_win_delta"], r["given_win_lo"], r["given_win_hi"],
                                       r["given_win_delta_b"], r["given_win_lo_b"], r["given_win_hi_b"])  # fmt: skip
        rows.append((r["card"], r["given_win_delta"], r["given_win_delta_b"], d, lo, hi))
    cards = pl.DataFrame(rows, schema=["card", "effect_a", "effect_b", "difference", "lo", "hi"], orient="row")
    n = joined.height
    rho = lo = hi = math.nan
    if n >= 4:
        rho = float(spearmanr(joined["given_win_delta"], joined["given_win_delta_b"]).statistic)
        if not math.isnan(rho) and abs(rho) < 1:
            z, se = math.atanh(rho), math.sqrt((1 + rho * rho / 2) / (n - 3))  # Bonett & Wright (2000)
            lo, hi = math.tanh(z - Z95 * se), math.tanh(z + Z95 * se)
        elif not math.isnan(rho):
            lo = hi = rho
    rank = pl.DataFrame([(n, rho, lo, hi)], schema=["cards", "spearman", "lo", "hi"], orient="row")
    return {"cards": cards, "rank_correlation": rank}
