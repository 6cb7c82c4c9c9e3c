"""Bazaar's component data: data/cards.csv -> one flat int32 array with named offsets (D_*).

`load(data_dir)` reads the built-in file, or a user's corrected one where `data_dir` has it, checks every
row, and returns a DataSet. Errors name the file, the row and the problem. Cards are numbered in file order.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.datafiles import Column, DataSources, fingerprint, read_table, unique
from sim.games.bazaar.layout import MARKET, MAX_CARDS
from sim.layout import Layout
from sim.spec import DataSet

BUILTIN = Path(__file__).parent / "data"

# One card: these fields in this order.
CARD_FIELDS = ("id", "cost", "vp", "income")
C_ID, C_COST, C_VP, C_INCOME = range(len(CARD_FIELDS))
CARD_STRIDE = len(CARD_FIELDS)

DATA = Layout("bazaar data")
D_N_CARDS = DATA.field("n_cards", "cards in the deck at setup")
D_CARD = DATA.field("cards", "per card: CARD_FIELDS", MAX_CARDS * CARD_STRIDE)
DATA_SIZE = DATA.size


@dataclass(frozen=True)
class Names:
    """Human-readable names for rendering, by card index."""

    card_ids: tuple[int, ...]
    card_names: tuple[str, ...]


def load(data_dir: str | None = None) -> DataSet:
    src = DataSources(BUILTIN, Path(data_dir) if data_dir else None)
    cols = [Column("id", lo=1, hi=9999), Column("name", "str"), Column("cost", lo=0, hi=99)]
    cols += [Column("vp", lo=0, hi=99), Column("income", lo=0, hi=20)]
    # a market to fill at setup, and every card a bit of the result row
    rows = read_table(src, "cards.csv", cols, MARKET, MAX_CARDS)
    unique(rows, "id")
    unique(rows, "name")
    d = np.zeros(DATA_SIZE, dtype=np.int32)
    for c, r in enumerate(rows):
        d[card_base(c) : card_base(c) + CARD_STRIDE] = (r["id"], r["cost"], r["vp"], r["income"])
    d[D_N_CARDS] = len(rows)
    names = Names(tuple(int(r["id"]) for r in rows), tuple(str(r["name"]) for r in rows))
    return DataSet(src.name, d, src.assumed_share, fingerprint(d), names)


def card_base(c: int) -> int:
    return D_CARD + c * CARD_STRIDE
