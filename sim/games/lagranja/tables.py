"""La Granja's component data: CSV files in data/ -> one flat int32 array with named offsets (D_*).

`load(data_dir)` reads the built-in files, or a user's corrected ones where `data_dir` has them, checks every
row and every cross-table constraint, and returns a DataSet. Errors name the file, the row and the problem.
Cards are numbered in cards.csv order (helpers.csv must list the same cards in the same order); market hexes
in market.csv order, their neighbours found from the axial coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.datafiles import Column, DataSources, fingerprint, read_table, unique
from sim.errors import DataError
from sim.games.lagranja.layout import (
    BUILDINGS,
    EXTENSIONS,
    GOODS,
    HELPER_EFFECTS,
    MAX_CARDS,
    MAX_HEX,
    MAX_SYMBOLS,
    N_BUILD,
    N_HARVEST,
    N_RES,
    ROOF_FUNCTIONS,
)
from sim.layout import Layout
from sim.spec import DataSet

BUILTIN = Path(__file__).parent / "data"
SIESTA_MAX = 16
ROOF_SPACES = 5

CARD_FIELDS = ("field", "barrow_n", "barrow_vp", "extension", "effect", "amount", "once")
C_FIELD, C_BARROW_N, C_BARROW_VP, C_EXT, C_EFFECT, C_AMOUNT, C_ONCE = range(len(CARD_FIELDS))
C_GOODS = len(CARD_FIELDS)  # then MAX_SYMBOLS barrow goods
CARD_STRIDE = C_GOODS + MAX_SYMBOLS

DATA = Layout("data")
_d = DATA.field
D_N_CARDS = _d("n_cards", "farm cards")
D_CARDS = _d("cards", f"per card: {', '.join(CARD_FIELDS)}, then {MAX_SYMBOLS} barrow goods (-1 none)",
             MAX_CARDS * CARD_STRIDE)  # fmt: skip
D_SELL = _d("sell", "sale price of each resource", N_RES)
D_BUY = _d("buy", "purchase price of each resource", N_RES)
D_UPG_COST = _d("upgrade_cost", "upgrade cost of each resource", N_RES)
D_UPG_TO = _d("upgrade_to", "the good each resource upgrades to", N_RES)
D_BUILD_N = _d("building_n", "goods a player delivers to each craft building", N_BUILD)
D_BUILD_GOODS = _d("building_goods", "the goods of each building's row (-1 none)", N_BUILD * MAX_SYMBOLS)
D_N_ROOFS = _d("n_roofs", "roof markers in the box")
D_ROOFS = _d("roofs", "function of each roof marker (ROOF_FUNCTIONS)", 32)
D_SIESTA_TOP = _d("siesta_top", "top space of the siesta track")
D_SIESTA_VP = _d("siesta_vp", "VP of each siesta space", SIESTA_MAX)
D_ROOF_VP = _d("roof_vp", "VP of each roof space of the farm house, left to right", ROOF_SPACES)
D_N_HEX = _d("n_hex", "market hexes")
D_HEX_VALUE = _d("hex_value", "value of each hex", MAX_HEX)
D_HEX_X = _d("hex_x", "1: an X hex", MAX_HEX)
D_HEX_START = _d("hex_start", "turn-order position whose start marker goes here (0 none)", MAX_HEX)
D_HEX_NB = _d("hex_neighbours", "the six neighbours of each hex (-1 none)", MAX_HEX * 6)
DATA_SIZE = DATA.size


@dataclass(frozen=True)
class Names:
    cards: tuple[str, ...]
    effects: tuple[str, ...]  # each card's helper effect name
    helper_provenance: tuple[str, ...]


def card_base(c: int) -> int:
    return D_CARDS + c * CARD_STRIDE


def _goods(r, column: str, allowed: tuple[str, ...], lo: int, hi: int) -> list[int]:
    parts = [g for g in str(r[column]).split("+") if g]
    for g in parts:
        if g not in allowed:
            raise r.fail(f"column {column}: {g!r} is not one of {', '.join(allowed)}")
    if not lo <= len(parts) <= hi:
        raise r.fail(f"column {column}: {len(parts)} goods; needs {lo} to {hi}")
    return [allowed.index(g) for g in parts]


def _cards(src: DataSources, d: np.ndarray) -> list[str]:
    cols = [Column("card", lo=1, hi=MAX_CARDS), Column("name", "str"),
            Column("field", "choice", choices=GOODS[:N_HARVEST]), Column("barrow", "str"),
            Column("barrow_vp", lo=2, hi=6), Column("extension", "choice", choices=EXTENSIONS)]  # fmt: skip
    rows = read_table(src, "cards.csv", cols, 8, MAX_CARDS)
    unique(rows, "card")
    unique(rows, "name")
    for c, r in enumerate(rows):
        if r["card"] != c + 1:
            raise r.fail(f"column card: row {c + 1} is card {c + 1} (cards in order, numbered from 1)")
        goods = _goods(r, "barrow", GOODS, 1, MAX_SYMBOLS)
        b = card_base(c)
        d[b + C_FIELD] = GOODS.index(r["field"])
        d[b + C_BARROW_N] = len(goods)
        d[b + C_BARROW_VP] = r["barrow_vp"]
        d[b + C_EXT] = EXTENSIONS.index(r["extension"])
        d[b + C_GOODS : b + C_GOODS + MAX_SYMBOLS] = -1
        d[b + C_GOODS : b + C_GOODS + len(goods)] = goods
    d[D_N_CARDS] = len(rows)
    return [str(r["name"]) for r in rows]


def _cards_mismatch(src: DataSources, cards: int, helpers: int) -> str:
    """The error when cards.csv and helpers.csv describe different numbers of cards, naming the file that is
    wrong: the one the user gave when the other is the builtin one, else both."""
    cards_path, helpers_path = src.path_of("cards.csv"), src.path_of("helpers.csv")
    cards_own, helpers_own = cards_path.parent != src.builtin, helpers_path.parent != src.builtin
    if cards_own and not helpers_own:
        return (f"{cards_path}: has {cards} cards, but the builtin {helpers_path.name} gives the helper side of "
                f"{helpers} (the same cards, in order): list all {helpers}, or give a {helpers_path.name} of "
                f"your {cards} beside it")  # fmt: skip
    if helpers_own and not cards_own:
        return f"{helpers_path}: has {helpers} rows, needs exactly {cards} (one per card of the builtin cards.csv)"
    return f"{cards_path} has {cards} cards but {helpers_path} {helpers}: both list the same cards in the same order"


def _helpers(src: DataSources, d: np.ndarray, names: list[str]) -> tuple[list[str], list[str]]:
    cols = [Column("card", lo=1, hi=MAX_CARDS), Column("name", "str"),
            Column("effect", "choice", choices=HELPER_EFFECTS), Column("amount", lo=0, hi=9),
            Column("once", lo=0, hi=1)]  # fmt: skip
    rows = read_table(src, "helpers.csv", cols, 1, MAX_CARDS)
    if len(rows) != len(names):
        raise DataError(_cards_mismatch(src, len(names), len(rows)))
    for c, r in enumerate(rows):
        if r["card"] != c + 1 or r["name"] != names[c]:
            raise r.fail(f"row {c + 1} is card {c + 1} {names[c]!r} of cards.csv (same cards, same order)")
        e = r["effect"]
        if e == "field_to_den" and r["amount"] >= N_HARVEST:
            raise r.fail("column amount: field_to_den names a crop 0 olive, 1 grain, 2 grape")
        if e in ("pig_space", "hand_limit", "upgrade_discount", "extension_discount", "roof_discount",
                 "income_silver", "income_harvest", "extra_delivery", "harvest_silver", "revenue4_bonus") and r[
            "amount"
        ] < 1:  # fmt: skip
            raise r.fail(f"column amount: a {e} helper gives at least 1")
        b = card_base(c)
        d[b + C_EFFECT] = HELPER_EFFECTS.index(e)
        d[b + C_AMOUNT] = r["amount"]
        d[b + C_ONCE] = r["once"]
    return [str(r["effect"]) for r in rows], [r.provenance for r in rows]


def _economy(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("resource", "choice", choices=GOODS[:N_RES]), Column("sell", lo=0, hi=20),
            Column("buy", lo=0, hi=20), Column("upgrade_cost", lo=0, hi=20),
            Column("upgrades_to", "choice", choices=("food", "wine", "meat"))]  # fmt: skip
    rows = read_table(src, "economy.csv", cols, N_RES, N_RES)
    for i, r in enumerate(rows):
        if r["resource"] != GOODS[i]:
            raise r.fail(f"column resource: row {i + 1} is {GOODS[i]} (in this order: {', '.join(GOODS[:N_RES])})")
        if r["buy"] < r["sell"]:
            raise r.fail("column buy: below the sale price (buying and selling would make silver)")
        d[D_SELL + i] = r["sell"]
        d[D_BUY + i] = r["buy"]
        d[D_UPG_COST + i] = r["upgrade_cost"]
        d[D_UPG_TO + i] = GOODS.index(r["upgrades_to"])


def _buildings(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("building", "choice", choices=BUILDINGS), Column("goods", "str")]
    rows = read_table(src, "buildings.csv", cols, N_BUILD, N_BUILD)
    for i, r in enumerate(rows):
        if r["building"] != BUILDINGS[i]:
            raise r.fail(f"column building: row {i + 1} is {BUILDINGS[i]} (in this order: {', '.join(BUILDINGS)})")
        goods = _goods(r, "goods", GOODS, 1, MAX_SYMBOLS)
        d[D_BUILD_N + i] = len(goods)
        d[D_BUILD_GOODS + i * MAX_SYMBOLS : D_BUILD_GOODS + (i + 1) * MAX_SYMBOLS] = -1
        d[D_BUILD_GOODS + i * MAX_SYMBOLS : D_BUILD_GOODS + i * MAX_SYMBOLS + len(goods)] = goods


def _roofs(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("function", "choice", choices=ROOF_FUNCTIONS), Column("copies", lo=0, hi=24)]
    rows = read_table(src, "roofs.csv", cols, 1, len(ROOF_FUNCTIONS))
    unique(rows, "function")
    n = 0
    for r in rows:
        for _ in range(r["copies"]):
            if n >= 24:
                raise r.fail("column copies: more than the 24 roof markers of the game")
            d[D_ROOFS + n] = ROOF_FUNCTIONS.index(r["function"])
            n += 1
    if n != 24:
        raise DataError(f"{src.path_of('roofs.csv')}: {n} roof markers; the game has 24 (4 a round)")
    d[D_N_ROOFS] = n


def _siesta(src: DataSources, d: np.ndarray) -> None:
    rows = read_table(src, "siesta.csv", [Column("space", lo=0, hi=SIESTA_MAX - 1), Column("vp", lo=0, hi=10)], 2,
                      SIESTA_MAX)  # fmt: skip
    for i, r in enumerate(rows):
        if r["space"] != i:
            raise r.fail(f"column space: row {i + 1} is space {i} (spaces in order from 0)")
        d[D_SIESTA_VP + i] = r["vp"]
    d[D_SIESTA_TOP] = len(rows) - 1


def _roof_spaces(src: DataSources, d: np.ndarray) -> None:
    rows = read_table(src, "roof_spaces.csv", [Column("space", lo=1, hi=ROOF_SPACES), Column("vp", lo=0, hi=10)],
                      ROOF_SPACES, ROOF_SPACES)  # fmt: skip
    for i, r in enumerate(rows):
        if r["space"] != i + 1:
            raise r.fail(f"column space: row {i + 1} is space {i + 1}")
        d[D_ROOF_VP + i] = r["vp"]


HEX_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _market(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("q", lo=-9, hi=9), Column("r", lo=-9, hi=9), Column("value", lo=2, hi=6), Column("x", lo=0, hi=1),
            Column("start", lo=0, hi=4)]  # fmt: skip
    rows = read_table(src, "market.csv", cols, 6, MAX_HEX)
    at = {}
    for i, r in enumerate(rows):
        if (r["q"], r["r"]) in at:
            raise r.fail(f"hex ({r['q']}, {r['r']}) already at row {at[(r['q'], r['r'])] + 1}")
        at[(r["q"], r["r"])] = i
    for pos in range(1, 5):
        hexes = [r for r in rows if r["start"] == pos]
        if len(hexes) != 1:
            where = src.path_of("market.csv")
            raise DataError(f"{where}: start position {pos} needs exactly one hex, has {len(hexes)}")
        if hexes[0]["x"]:
            raise hexes[0].fail("a start hex cannot be an X hex")
    for v in range(2, 7):
        if not any(r["value"] == v and not r["x"] for r in rows):
            raise DataError(f"{src.path_of('market.csv')}: no open hex of value {v} (every barrow value needs one)")
    d[D_HEX_NB : D_HEX_NB + MAX_HEX * 6] = -1
    for i, r in enumerate(rows):
        d[D_HEX_VALUE + i] = r["value"]
        d[D_HEX_X + i] = r["x"]
        d[D_HEX_START + i] = r["start"]
        for k, (dq, dr) in enumerate(HEX_DIRS):
            d[D_HEX_NB + i * 6 + k] = at.get((r["q"] + dq, r["r"] + dr), -1)
    d[D_N_HEX] = len(rows)


def load(data_dir: str | None = None) -> DataSet:
    src = DataSources(BUILTIN, Path(data_dir) if data_dir else None)
    d = np.zeros(DATA_SIZE, dtype=np.int32)
    names = _cards(src, d)
    effects, provenance = _helpers(src, d, names)
    _economy(src, d)
    _buildings(src, d)
    _roofs(src, d)
    _siesta(src, d)
    _roof_spaces(src, d)
    _market(src, d)
    detail = Names(tuple(names), tuple(effects), tuple(provenance))
    return DataSet(src.name, d, src.assumed_share, fingerprint(d), detail)
