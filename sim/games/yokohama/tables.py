"""Yokohama's component data: CSV files in data/ -> one flat int32 array with named offsets (D_*).

`load(data_dir)` reads the built-in files, or a user's corrected ones where `data_dir` has them, checks
every row and every cross-table constraint, and returns a DataSet. Errors name the file, the row and the
problem. `Names` keeps the human names for rendering.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.datafiles import Column, DataSources, fingerprint, read_table, unique
from sim.errors import DataError
from sim.games.yokohama.layout import (
    ACTION_KINDS,
    AREA_KEYS,
    CATEGORIES,
    CHIP_REWARDS,
    CONDITIONS,
    COUNTRIES,
    K_CANAL,
    K_DOCK,
    K_PORT,
    K_RESEARCH,
    MAX_CHIPS,
    MAX_CHURCH,
    MAX_CUSTOMS,
    MAX_LOCATIONS,
    MAX_ORDERS,
    MAX_PLAYERS,
    MAX_POS,
    MAX_SHOP_SPACES,
    MAX_TECH_CARDS,
    N_COUNTRIES,
    N_GOODS,
    N_KINDS,
    N_SLOTS,
    N_TECHS,
    TECH_KEYS,
)
from sim.layout import Layout
from sim.spec import DataSet

BUILTIN = Path(__file__).parent / "data"
N_POWER = 5
MIN_PLAYERS = 2
N_COUNTS = MAX_PLAYERS - MIN_PLAYERS + 1  # tables by player count 2, 3, 4
PILES = ("A", "B", "C")

# A reward, wherever printed (location spaces): these fields in this order.
REWARD_FIELDS = ("vp", "yen", "copper", "silk", "tea", "fish", "imports", "warehouse")
RW_VP, RW_YEN, RW_GOODS, RW_IMPORTS, RW_WAREHOUSE = 0, 1, 2, 6, 7
N_REWARD = len(REWARD_FIELDS)
LOC_SPACES = MAX_SHOP_SPACES + 1  # shop spaces then the trading-house space
LOC_TH = MAX_SHOP_SPACES

ORDER_FIELDS = ("copper", "silk", "tea", "fish", "country", "vp", "imports", "yen")
O_GOODS, O_COUNTRY, O_VP, O_IMPORTS, O_YEN = 0, 4, 5, 6, 7
N_ORDER = len(ORDER_FIELDS)

# amount2 is a second amount: for building_areas, `amount` production and `amount2` commercial areas.
ACH_FIELDS = ("pile", "condition", "amount", "amount2", "vp_first", "vp_later")
A_PILE, A_CONDITION, A_AMOUNT, A_AMOUNT2, A_VP_FIRST, A_VP_LATER = range(len(ACH_FIELDS))
N_ACH_FIELDS = len(ACH_FIELDS)
MAX_ACH = 30

DATA = Layout("yokohama data")
D_AREA_ACTION = DATA.field("area_action", "per area kind: what its action does (ACTION_KINDS)", N_KINDS)
D_AREA_POWER = DATA.field("area_power", "per area kind and power 1..5: the amount the action gives", N_KINDS * N_POWER)
D_AREA_CATEGORY = DATA.field("area_category", "per area kind: its category icon (CATEGORIES)", N_KINDS)
D_AREA_COPIES = DATA.field("area_copies", "per player count (2..4) and area kind: boards used", N_COUNTS * N_KINDS)
D_N_POS = DATA.field("n_pos", "per player count: board positions", N_COUNTS)
D_ADJ = DATA.field("adjacency", "per player count and position: bit mask of touching positions", N_COUNTS * MAX_POS)
D_PORT_TIER = DATA.field("order_slot_tier", "per order-board slot: tier 1 low, 2 mid, 3 high", N_SLOTS)
D_LAB_EXTRA = DATA.field("tech_slot_extra", "per tech-board slot: industry added to the card's value", N_SLOTS)
D_CHURCH_N = DATA.field("church_n", "church spaces")
D_CHURCH_FAITH = DATA.field("church_faith", "per church space: faith value", MAX_CHURCH)
D_CHURCH_VP = DATA.field("church_vp", "per church space: VP", MAX_CHURCH)
D_CHURCH_YEN = DATA.field("church_yen", "per church space: yen", MAX_CHURCH)
D_CUSTOMS_N = DATA.field("customs_n", "customs spaces")
D_CUSTOMS_IMPORTS = DATA.field("customs_imports", "per customs space: imports paid", MAX_CUSTOMS)
D_CUSTOMS_VP = DATA.field("customs_vp", "per customs space: VP", MAX_CUSTOMS)
D_CUSTOMS_YEN = DATA.field("customs_yen", "per customs space: yen", MAX_CUSTOMS)
D_CHIP_N = DATA.field("chips_n", "five-power chips")
D_CHIP_REWARD = DATA.field("chip_reward", "per chip: reward kind (CHIP_REWARDS)", MAX_CHIPS)
D_CHIP_AMOUNT = DATA.field("chip_amount", "per chip: amount", MAX_CHIPS)
D_LOC_N = DATA.field("locations_n", "location cards")
D_LOC_SHOPS = DATA.field("location_shops", "per location card: shop spaces", MAX_LOCATIONS)
D_LOC_REWARD = DATA.field(
    "location_reward",
    "per card, space (shops then trading house), REWARD_FIELDS",
    MAX_LOCATIONS * LOC_SPACES * N_REWARD,
)
D_ORDER_N = DATA.field("orders_n", "order cards")
D_ORDER = DATA.field("orders", "per order card: ORDER_FIELDS", MAX_ORDERS * N_ORDER)
D_TECH_INDUSTRY = DATA.field("tech_industry", "per technology: industry value", N_TECHS)
D_TECH_COUNTRY = DATA.field("tech_country", "per technology: country", N_TECHS)
D_TECH_COPIES = DATA.field("tech_copies", "per technology: cards in the deck", N_TECHS)
D_ACH_N = DATA.field("achievements_n", "achievement cards")
D_ACH = DATA.field("achievements", "per achievement card: ACH_FIELDS", MAX_ACH * N_ACH_FIELDS)
D_AGENTS = DATA.field("agents", "per country: foreign agents", N_COUNTRIES)
DATA_SIZE = DATA.size


@dataclass(frozen=True)
class Names:
    """Human-readable names for rendering, in id order."""

    techs: tuple[str, ...]
    achievements: tuple[str, ...]
    achievement_text: tuple[str, ...]


def load(data_dir: str | None = None) -> DataSet:
    src = DataSources(BUILTIN, Path(data_dir) if data_dir else None)
    d = np.zeros(DATA_SIZE, dtype=np.int32)
    _areas(src, d)
    _board(src, d)
    _slots(src, d)
    _church(src, d)
    _customs(src, d)
    _chips(src, d)
    _locations(src, d)
    _orders(src, d)
    tech_names = _techs(src, d)
    ach_names, ach_text = _achievements(src, d)
    _agents(src, d)
    _check_setup_fits(src, d)
    return DataSet(src.name, d, src.assumed_share, fingerprint(d), Names(tech_names, ach_names, ach_text))


def _areas(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("key", "choice", choices=AREA_KEYS), Column("action", "choice", choices=ACTION_KINDS)]
    cols += [Column("category", "choice", choices=CATEGORIES)]
    cols += [Column(f"p{i}", lo=0, hi=20) for i in range(1, N_POWER + 1)]
    cols += [Column(f"copies_{n}p", lo=0, hi=MAX_POS) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
    rows = read_table(src, "areas.csv", cols, N_KINDS, N_KINDS, notes=("name_en", "name_ja"))  # names for people
    unique(rows, "key")
    for r in rows:
        k = AREA_KEYS.index(r["key"])
        expected = _AREA_ACTION[k]
        if r["action"] != expected:
            raise r.fail(
                f"column action: the {r['key']}'s action is {expected!r}; data cannot change what an area does"
            )
        d[D_AREA_ACTION + k] = ACTION_KINDS.index(expected)
        d[D_AREA_CATEGORY + k] = CATEGORIES.index(r["category"])
        for i in range(N_POWER):
            d[D_AREA_POWER + k * N_POWER + i] = r[f"p{i + 1}"]
        for c in range(N_COUNTS):
            d[D_AREA_COPIES + c * N_KINDS + k] = r[f"copies_{c + MIN_PLAYERS}p"]
        if r["key"] == "canal" and any(r[f"copies_{n}p"] > 1 for n in range(2, 5)):
            raise r.fail("the canal is a single board")
        if r["action"] == "orders" and not all(0 <= r[f"p{i}"] <= 3 for i in range(1, 6)):
            raise r.fail("an order area's values are tiers 0..3")


_AREA_ACTION = (
    "copper", "silk", "tea", "fish", "yen", "orders", "orders", "techs", "techs", "hire", "exchange", "church",
    "customs", "none",
)  # fmt: skip


def _board(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("players", lo=MIN_PLAYERS, hi=MAX_PLAYERS)] + [
        Column(f"row{i}", lo=0, hi=MAX_POS, optional=True) for i in range(1, 5)
    ]
    rows = read_table(src, "board_rows.csv", cols, N_COUNTS, N_COUNTS)
    unique(rows, "players")
    for r in rows:
        c = r["players"] - MIN_PLAYERS
        lengths = [r[f"row{i}"] for i in range(1, 5) if r[f"row{i}"] > 0]
        n_pos = sum(lengths)
        copies = sum(int(d[D_AREA_COPIES + c * N_KINDS + k]) for k in range(N_KINDS))
        if n_pos > MAX_POS:
            raise r.fail(f"{n_pos} positions; at most {MAX_POS}")
        if copies != n_pos:
            raise r.fail(f"rows hold {n_pos} boards but areas.csv uses {copies} at {r['players']} players")
        d[D_N_POS + c] = n_pos
        for i, mask in enumerate(adjacency(lengths)):
            d[D_ADJ + c * MAX_POS + i] = mask


def adjacency(row_lengths: list[int]) -> list[int]:
    """Bit masks of touching positions for boards laid in rows offset like brickwork: (r, i) touches its
    row neighbours and (r+1, i-1), (r+1, i) in the row below (inferred from the brick layout, S10)."""
    index = {}
    for r, length in enumerate(row_lengths):
        for i in range(length):
            index[(r, i)] = len(index)
    masks = [0] * len(index)
    for (r, i), a in index.items():
        for other in ((r, i - 1), (r, i + 1), (r + 1, i - 1), (r + 1, i), (r - 1, i), (r - 1, i + 1)):
            b = index.get(other)
            if b is not None:
                masks[a] |= 1 << b
    return masks


def _slots(src: DataSources, d: np.ndarray) -> None:
    tiers = ("low", "mid", "high")
    rows = read_table(
        src,
        "port_slots.csv",
        [Column("slot", lo=1, hi=N_SLOTS), Column("tier", "choice", choices=tiers)],
        N_SLOTS,
        N_SLOTS,
    )
    unique(rows, "slot")
    for r in rows:
        d[D_PORT_TIER + r["slot"] - 1] = tiers.index(r["tier"]) + 1
    rows = read_table(
        src,
        "lab_slots.csv",
        [Column("slot", lo=1, hi=N_SLOTS), Column("extra_industry", lo=0, hi=10)],
        N_SLOTS,
        N_SLOTS,
    )
    unique(rows, "slot")
    for r in rows:
        d[D_LAB_EXTRA + r["slot"] - 1] = r["extra_industry"]


def _church(src: DataSources, d: np.ndarray) -> None:
    cols = [
        Column("space", lo=1, hi=MAX_CHURCH),
        Column("faith", lo=1, hi=20),
        Column("vp", lo=0, hi=50),
        Column("yen", lo=0, hi=20),
    ]
    rows = read_table(src, "church_spaces.csv", cols, 1, MAX_CHURCH)
    _in_order(rows, "space")
    for before, after in zip(rows, rows[1:], strict=False):
        if after["faith"] <= before["faith"]:
            raise after.fail("column faith: spaces are listed left to right with rising faith")
    d[D_CHURCH_N] = len(rows)
    for i, r in enumerate(rows):
        d[D_CHURCH_FAITH + i], d[D_CHURCH_VP + i], d[D_CHURCH_YEN + i] = r["faith"], r["vp"], r["yen"]


def _customs(src: DataSources, d: np.ndarray) -> None:
    cols = [
        Column("space", lo=1, hi=MAX_CUSTOMS),
        Column("imports", lo=0, hi=10),
        Column("vp", lo=0, hi=50),
        Column("yen", lo=0, hi=20),
    ]
    rows = read_table(src, "customs_spaces.csv", cols, 1, MAX_CUSTOMS)
    _in_order(rows, "space")
    d[D_CUSTOMS_N] = len(rows)
    for i, r in enumerate(rows):
        d[D_CUSTOMS_IMPORTS + i], d[D_CUSTOMS_VP + i], d[D_CUSTOMS_YEN + i] = r["imports"], r["vp"], r["yen"]


def _in_order(rows, key: str) -> None:
    for i, r in enumerate(rows):
        if r[key] != i + 1:
            raise r.fail(f"column {key}: expected {i + 1} (spaces are listed left to right, from 1)")


def _chips(src: DataSources, d: np.ndarray) -> None:
    cols = [
        Column("chip", lo=1, hi=MAX_CHIPS),
        Column("reward", "choice", choices=CHIP_REWARDS),
        Column("amount", lo=1, hi=10),
    ]
    rows = read_table(src, "five_power_chips.csv", cols, 1, MAX_CHIPS)
    unique(rows, "chip")
    d[D_CHIP_N] = len(rows)
    for i, r in enumerate(rows):
        d[D_CHIP_REWARD + i] = CHIP_REWARDS.index(r["reward"])
        d[D_CHIP_AMOUNT + i] = r["amount"]


def _locations(src: DataSources, d: np.ndarray) -> None:
    spaces = tuple(f"shop{i + 1}" for i in range(MAX_SHOP_SPACES)) + ("trading_house",)
    cols = [Column("card", lo=1, hi=MAX_LOCATIONS), Column("space", "choice", choices=spaces)]
    cols += [Column(f, lo=0, hi=20) for f in REWARD_FIELDS]
    rows = read_table(src, "location_cards.csv", cols, 1, MAX_LOCATIONS * LOC_SPACES)
    cards: dict[int, dict[str, object]] = {}
    for r in rows:
        card = cards.setdefault(r["card"], {})
        if r["space"] in card:
            raise r.fail(f"card {r['card']} lists space {r['space']} twice")
        card[r["space"]] = r
    ids = sorted(cards)
    if ids != list(range(1, len(ids) + 1)):
        raise DataError(f"{src.path_of('location_cards.csv')}: cards must be numbered 1..{len(ids)} without gaps")
    d[D_LOC_N] = len(ids)
    for c in ids:
        card = cards[c]
        n_shops = sum(1 for s in spaces[:-1] if s in card)
        if "trading_house" not in card or any(spaces[i] not in card for i in range(n_shops)):
            raise DataError(f"{src.path_of('location_cards.csv')}: card {c} needs shop1..shopN and a trading_house row")
        d[D_LOC_SHOPS + c - 1] = n_shops
        for s, name in enumerate(spaces):
            if name in card:
                base = D_LOC_REWARD + ((c - 1) * LOC_SPACES + s) * N_REWARD
                for f, field in enumerate(REWARD_FIELDS):
                    d[base + f] = card[name][field]


def _orders(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("order", lo=1, hi=MAX_ORDERS)] + [Column(g, lo=0, hi=9) for g in ORDER_FIELDS[:N_GOODS]]
    cols += [
        Column("country", "choice", choices=COUNTRIES),
        Column("vp", lo=0, hi=50),
        Column("imports", lo=0, hi=9),
        Column("yen", lo=0, hi=20),
    ]
    rows = read_table(src, "orders.csv", cols, 1, MAX_ORDERS)
    unique(rows, "order")
    d[D_ORDER_N] = len(rows)
    for i, r in enumerate(rows):
        base = D_ORDER + i * N_ORDER
        for f, field in enumerate(ORDER_FIELDS):
            d[base + f] = COUNTRIES.index(r[field]) if field == "country" else r[field]
        if sum(r[g] for g in ORDER_FIELDS[:N_GOODS]) == 0:
            raise r.fail("an order asks for at least one good")


def _techs(src: DataSources, d: np.ndarray) -> tuple[str, ...]:
    cols = [
        Column("key", "choice", choices=TECH_KEYS),
        Column("name_en", "str"),
        Column("industry", lo=0, hi=20),
    ]
    cols += [Column("country", "choice", choices=COUNTRIES)]
    rows = read_table(src, "techs.csv", cols, N_TECHS, N_TECHS, notes=("name_ja",))  # the name shown is name_en
    unique(rows, "key")
    names = [""] * N_TECHS
    for r in rows:
        t = TECH_KEYS.index(r["key"])
        d[D_TECH_INDUSTRY + t], d[D_TECH_COUNTRY + t] = r["industry"], COUNTRIES.index(r["country"])
        names[t] = r["name_en"]
    rows = read_table(
        src,
        "tech_copies.csv",
        [Column("key", "choice", choices=TECH_KEYS), Column("copies", lo=0, hi=4)],
        N_TECHS,
        N_TECHS,
    )
    unique(rows, "key")
    for r in rows:
        if r["key"] == "station" and r["copies"] > 1:
            raise r.fail("the station is a single card: the box holds one station token")
        d[D_TECH_COPIES + TECH_KEYS.index(r["key"])] = r["copies"]
    total = int(d[D_TECH_COPIES : D_TECH_COPIES + N_TECHS].sum())
    if total > MAX_TECH_CARDS:
        raise DataError(f"{src.path_of('tech_copies.csv')}: {total} cards; at most {MAX_TECH_CARDS}")
    return tuple(names)


def _achievements(src: DataSources, d: np.ndarray) -> tuple[tuple[str, ...], tuple[str, ...]]:
    cols = [
        Column("card", "str"),
        Column("pile", "choice", choices=PILES),
        Column("condition", "choice", choices=CONDITIONS),
    ]
    cols += [Column("amount", lo=0, hi=99), Column("amount2", lo=0, hi=99, optional=True)]
    cols += [Column("vp_first", lo=0, hi=50), Column("vp_later", lo=0, hi=50)]
    rows = read_table(src, "achievements.csv", cols, len(PILES), MAX_ACH)
    unique(rows, "card")
    for pile in PILES:
        if not any(r["pile"] == pile for r in rows):
            raise DataError(f"{src.path_of('achievements.csv')}: pile {pile} has no card (one of each pile is dealt)")
    d[D_ACH_N] = len(rows)
    for i, r in enumerate(rows):
        values = (
            PILES.index(r["pile"]),
            CONDITIONS.index(r["condition"]),
            r["amount"],
            r["amount2"],
            r["vp_first"],
            r["vp_later"],
        )
        d[D_ACH + i * N_ACH_FIELDS : D_ACH + (i + 1) * N_ACH_FIELDS] = values
    return tuple(r["card"] for r in rows), tuple(_achievement_text(r) for r in rows)


def _achievement_text(r) -> str:
    if r["condition"] == "building_areas":
        return f"buildings in {r['amount']} production and {r['amount2']} commercial areas"
    return f"{r['condition']} {r['amount']}"


def _agents(src: DataSources, d: np.ndarray) -> None:
    rows = read_table(
        src,
        "agents.csv",
        [Column("country", "choice", choices=COUNTRIES), Column("agents", lo=0, hi=9)],
        N_COUNTRIES,
        N_COUNTRIES,
    )
    unique(rows, "country")
    for r in rows:
        d[D_AGENTS + COUNTRIES.index(r["country"])] = r["agents"]


def _check_setup_fits(src: DataSources, d: np.ndarray) -> None:
    """Enough cards for every player count's setup (orders_boxed is a knob; the default is checked here)."""
    for c in range(N_COUNTS):
        players = c + MIN_PLAYERS
        copies = d[D_AREA_COPIES + c * N_KINDS : D_AREA_COPIES + (c + 1) * N_KINDS]
        actionable = int(d[D_N_POS + c]) - int(copies[K_CANAL])
        where = f"at {players} players"
        if int(d[D_LOC_N]) < actionable:
            raise DataError(
                f"{src.path_of('location_cards.csv')}: {d[D_LOC_N]} cards, {where} {actionable} areas need one each"
            )
        if int(d[D_CHIP_N]) < actionable:
            raise DataError(
                f"{src.path_of('five_power_chips.csv')}: {d[D_CHIP_N]} chips, {where} {actionable} areas need one each"
            )
        if copies[K_PORT] != 1 or copies[K_DOCK] > 1 or copies[K_RESEARCH] > 1:
            raise DataError(f"{src.path_of('areas.csv')}: {where} one port and at most one dock and research institute")
        boards = 1 + int(copies[K_DOCK])
        needed = 2 * players + N_SLOTS * boards
        if int(d[D_ORDER_N]) < needed:
            raise DataError(f"{src.path_of('orders.csv')}: {d[D_ORDER_N]} orders, {where} setup needs {needed}")
        techs = int(d[D_TECH_COPIES : D_TECH_COPIES + N_TECHS].sum())
        if techs < N_SLOTS * (1 + int(copies[K_RESEARCH])):
            raise DataError(f"{src.path_of('tech_copies.csv')}: {techs} cards, {where} the tech boards need more")
