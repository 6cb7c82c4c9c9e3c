"""Gangsta!'s component data: CSV files in data/ -> one flat int32 array with named offsets (D_*).

`load(data_dir)` reads the built-in files, or a user's corrected ones where `data_dir` has them, checks
every row and every cross-table constraint, and returns a DataSet. Errors name the file, the row and the
problem. Gang members are numbered bosses first, then gangsters; heists are numbered in file order,
heists.csv then snitches.csv.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.datafiles import Column, DataSources, fingerprint, read_table, unique
from sim.errors import DataError
from sim.games.gangsta.layout import (
    CHAPTERS,
    CLANS,
    MAX_CARDS,
    MAX_CHAPTER_CARDS,
    MAX_GANG,
    MAX_HEISTS,
    MAX_PLAYERS,
    RIVER,
    SKILLS,
)
from sim.layout import Layout
from sim.spec import DataSet

BUILTIN = Path(__file__).parent / "data"

# One gang member card (boss or gangster): these fields in this order.
CARD_FIELDS = ("id", "boss", "cost", "influence", "clan", "n_skills") + SKILLS
C_ID, C_BOSS, C_COST, C_INFLUENCE, C_CLAN, C_NSKILLS, C_SKILL = range(7)
CARD_STRIDE = len(CARD_FIELDS)

# One heist card (snitches included): these fields in this order.
HEIST_FIELDS = (
    "id", "chapter", "coop", "influence", "cash", "coop_cash", "learn", "fast_recruit", "play_again", "theft",
    "diversion", "assassination", "rally", "snitch", "snitch_bga", "n_required",
) + tuple("req_" + k for k in SKILLS)  # fmt: skip
(
    H_ID,
    H_CHAPTER,
    H_COOP,
    H_INFLUENCE,
    H_CASH,
    H_COOP_CASH,
    H_LEARN,
    H_FAST,
    H_REPLAY,
    H_THEFT,
    H_DIVERSION,
    H_ASSASSIN,
    H_RALLY,
    H_SNITCH,
    H_SNITCH_BGA,
    H_NREQ,
    H_REQ,
) = range(17)
HEIST_STRIDE = len(HEIST_FIELDS)
REWARD_COLUMNS = ("learn_skill", "fast_recruit", "play_again", "theft", "diversion", "assassination", "rally")

DATA = Layout("gangsta data")
D_N_BOSSES = DATA.field("n_bosses", "boss cards (indices 0..n_bosses-1)")
D_N_CARDS = DATA.field("n_cards", "bosses + gangsters")
D_CARD = DATA.field("cards", "per gang member card: CARD_FIELDS", MAX_CARDS * CARD_STRIDE)
D_N_HEISTS = DATA.field("n_heists", "heist and snitch cards")
D_HEIST = DATA.field("heists", "per heist card: HEIST_FIELDS (chapter 1..3; learn -1 none; snitch 0 none)",
                     MAX_HEISTS * HEIST_STRIDE)  # fmt: skip
DATA_SIZE = DATA.size


@dataclass(frozen=True)
class Names:
    """Human-readable names for rendering, by card index."""

    card_ids: tuple[int, ...]
    heist_ids: tuple[int, ...]
    heist_names: tuple[str, ...]


def load(data_dir: str | None = None) -> DataSet:
    src = DataSources(BUILTIN, Path(data_dir) if data_dir else None)
    d = np.zeros(DATA_SIZE, dtype=np.int32)
    card_ids = _members(src, d)
    heist_ids, heist_names = _heists(src, d)
    _check_decks(src, d)
    return DataSet(src.name, d, src.assumed_share, fingerprint(d), Names(card_ids, heist_ids, heist_names))


def _skill_columns(prefix: str = "") -> list[Column]:
    return [Column(prefix + k, lo=0, hi=3) for k in SKILLS]


def _put_card(d: np.ndarray, c: int, r, boss: bool, cost: int) -> None:
    base = D_CARD + c * CARD_STRIDE
    skills = [r[k] for k in SKILLS]
    if sum(skills) == 0:
        raise r.fail("a gang member has at least one skill")
    values = (r["id"], int(boss), cost, r["influence"], CLANS.index(r["clan"]), sum(skills), *skills)
    d[base : base + CARD_STRIDE] = values


def _members(src: DataSources, d: np.ndarray) -> tuple[int, ...]:
    common = [Column("id", lo=1, hi=9999), Column("clan", "choice", choices=CLANS)]
    bosses = read_table(
        src, "bosses.csv", common + [Column("starting_money", lo=0, hi=99), Column("influence", lo=0, hi=20)]
        + _skill_columns(), MAX_PLAYERS, MAX_CARDS,
    )  # fmt: skip
    gangsters = read_table(
        src, "gangsters.csv", common + [Column("cost", lo=0, hi=99), Column("influence", lo=0, hi=20)]
        + _skill_columns(), 1, MAX_CARDS,
    )  # fmt: skip
    unique(bosses + gangsters, "id")
    if len(bosses) + len(gangsters) > MAX_CARDS:
        raise DataError(
            f"{src.path_of('gangsters.csv')}: {len(bosses) + len(gangsters)} cards with the bosses; at most {MAX_CARDS}"
        )
    for i, r in enumerate(bosses):
        if r["leader"] < 1:
            raise r.fail("column leader: every boss has the leader skill (mobilisation and passing rely on it)")
        _put_card(d, i, r, True, r["starting_money"])
    for i, r in enumerate(gangsters):
        _put_card(d, len(bosses) + i, r, False, r["cost"])
    d[D_N_BOSSES] = len(bosses)
    d[D_N_CARDS] = len(bosses) + len(gangsters)
    return tuple(int(r["id"]) for r in bosses + gangsters)


def _heists(src: DataSources, d: np.ndarray) -> tuple[tuple[int, ...], tuple[str, ...]]:
    cols = [Column("id", lo=1, hi=9999), Column("chapter", "choice", choices=CHAPTERS), Column("name", "str")]
    cols += [Column("cooperative", lo=0, hi=1)] + _skill_columns("req_")
    cols += [Column("influence", lo=0, hi=20), Column("cash", lo=0, hi=20), Column("coop_cash", lo=0, hi=20)]
    cols += [Column("learn_skill", "choice", choices=SKILLS, optional=True)]
    cols += [Column("fast_recruit", lo=0, hi=1), Column("play_again", lo=0, hi=1), Column("theft", lo=0, hi=20)]
    cols += [Column("diversion", lo=0, hi=MAX_GANG), Column("assassination", lo=0, hi=1), Column("rally", lo=0, hi=1)]
    heists = read_table(src, "heists.csv", cols, 1, MAX_HEISTS)
    scols = [Column("id", lo=1, hi=9999), Column("chapter", "choice", choices=CHAPTERS)]
    scols += [Column("informant", lo=1, hi=20), Column("informant_bga", lo=1, hi=20)]
    snitches = read_table(src, "snitches.csv", scols, 0, MAX_HEISTS)
    unique(heists + snitches, "id")
    if len(heists) + len(snitches) > MAX_HEISTS:
        raise DataError(
            f"{src.path_of('heists.csv')}: {len(heists) + len(snitches)} cards with the snitches; at most {MAX_HEISTS}"
        )
    for i, r in enumerate(heists):
        req = [r["req_" + k] for k in SKILLS]
        if sum(req) == 0:
            raise r.fail("a heist requires at least one skill")
        if r["cooperative"] and r["chapter"] == CHAPTERS[0]:
            raise r.fail("cooperative heists belong to chapters 2 and 3 (seed 002)")
        if r["coop_cash"] and not r["cooperative"]:
            raise r.fail("column coop_cash: only a cooperative heist pays a co-op reward")
        learn = SKILLS.index(r["learn_skill"]) if r["learn_skill"] else -1
        values = (
            r["id"], CHAPTERS.index(r["chapter"]) + 1, r["cooperative"], r["influence"], r["cash"], r["coop_cash"],
            learn, r["fast_recruit"], r["play_again"], r["theft"], r["diversion"], r["assassination"], r["rally"],
            0, 0, sum(req), *req,
        )  # fmt: skip
        d[D_HEIST + i * HEIST_STRIDE : D_HEIST + (i + 1) * HEIST_STRIDE] = values
    for j, r in enumerate(snitches):
        if r["chapter"] == CHAPTERS[0]:
            raise r.fail("snitches are shuffled into the chapter 2 and 3 decks only (seed 002)")
        i = len(heists) + j
        values = [0] * HEIST_STRIDE
        values[H_ID], values[H_CHAPTER] = r["id"], CHAPTERS.index(r["chapter"]) + 1
        values[H_SNITCH], values[H_SNITCH_BGA] = r["informant"], r["informant_bga"]
        d[D_HEIST + i * HEIST_STRIDE : D_HEIST + (i + 1) * HEIST_STRIDE] = values
    d[D_N_HEISTS] = len(heists) + len(snitches)
    rows = heists + snitches
    return tuple(int(r["id"]) for r in rows), tuple(r["name"] if "name" in r.values else "Snitch" for r in rows)


def _check_decks(src: DataSources, d: np.ndarray) -> None:
    """Each chapter deck fits the state and holds at least a river of heists; the rules' skills exist."""
    n = int(d[D_N_HEISTS])
    for ch in range(1, len(CHAPTERS) + 1):
        rows = [i for i in range(n) if d[D_HEIST + i * HEIST_STRIDE + H_CHAPTER] == ch]
        heists = [i for i in rows if d[D_HEIST + i * HEIST_STRIDE + H_SNITCH] == 0]
        if len(rows) > MAX_CHAPTER_CARDS:
            where = f"{src.path_of('heists.csv')}: chapter {CHAPTERS[ch - 1]}"
            raise DataError(f"{where} has {len(rows)} cards; at most {MAX_CHAPTER_CARDS}")
        if len(heists) < RIVER:
            where = f"{src.path_of('heists.csv')}: chapter {CHAPTERS[ch - 1]}"
            raise DataError(f"{where} has {len(heists)} heists; a river needs {RIVER}")
    n_gangsters = int(d[D_N_CARDS] - d[D_N_BOSSES])
    if n_gangsters < RIVER:
        raise DataError(
            f"{src.path_of('gangsters.csv')}: {n_gangsters} gangsters; the recruiting reserve needs {RIVER}"
        )


def card_base(c: int) -> int:
    return D_CARD + c * CARD_STRIDE


def heist_base(h: int) -> int:
    return D_HEIST + h * HEIST_STRIDE
