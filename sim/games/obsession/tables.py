"""Obsession's component data: CSV files in data/ -> one flat int32 array with named offsets (D_*).

`load(data_dir)` reads the built-in files, or a user's corrected ones where `data_dir` has them, checks
every row and every cross-table constraint, and returns a DataSet. Errors name the file, the row and the
problem. Tile kinds are numbered in tiles.csv order; tile instances (physical tiles) are made here: one per
copy in the bag, one START tile per seat, one per Wessex START choice. Gentry cards are numbered in
gentry.csv order, objective and VP cards in their files' order.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.datafiles import Column, DataSources, fingerprint, read_table, unique
from sim.errors import DataError
from sim.games.obsession.layout import (
    ABILITIES,
    CATEGORIES,
    CLASSES,
    EVENTS,
    FAMILIES,
    GUEST_TYPES,
    MARKET,
    MAX_DECK,
    MAX_GENTRY,
    MAX_INST,
    MAX_KINDS,
    MAX_LEVELS,
    MAX_OBJ_CARDS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_VP_CARDS,
    N_FAMILIES,
    N_SERV,
    N_THEMES,
    OBJECTIVE_KINDS,
    ROLES,
    SERVANTS,
    SEXES,
    TAGS,
    TILE_SETS,
    TILE_TYPES,
    TRACKS,
    VP_CARD_KINDS,
    WORD_BITS,
)
from sim.layout import Layout
from sim.spec import DataSet

BUILTIN = Path(__file__).parent / "data"

# One side of a tile (front, back): these fields in this order.
SIDE_FIELDS = ("vp", "guests", "n", "servant", "money", "rep", "casual", "prestige", "dismiss", "vp_cards",
               "objectives", "hire", "recruit")  # fmt: skip
(
    S_VP,
    S_GUESTS,
    S_N,
    S_SERVANT,
    S_MONEY,
    S_REP,
    S_CASUAL,
    S_PRESTIGE,
    S_DISMISS,
    S_VP_CARDS,
    S_OBJECTIVES,
    S_HIRE,
    S_RECRUIT,
) = range(len(SIDE_FIELDS))
SIDE_STRIDE = len(SIDE_FIELDS)
# One tile kind: these fields, then the front side, then the back side.
KIND_FIELDS = ("type", "ability", "set", "category", "category_back", "pr", "modifier", "tsn", "start",
               "wessex_choice", "copies", "initial", "monument_role")  # fmt: skip
(
    K_TYPE,
    K_ABILITY,
    K_SET,
    K_CAT,
    K_CAT_BACK,
    K_PR,
    K_MODIFIER,
    K_TSN,
    K_START,
    K_WESSEX,
    K_COPIES,
    K_INITIAL,
    K_MONUMENT_ROLE,
) = range(len(KIND_FIELDS))
K_SIDE = len(KIND_FIELDS)  # offset of the front side; the back side follows it
KIND_STRIDE = K_SIDE + 2 * SIDE_STRIDE
MONUMENT_ROLES = ("none", "guaranteed", "substitute", "choice")
MR_NONE, MR_GUARANTEED, MR_SUBSTITUTE, MR_CHOICE = range(len(MONUMENT_ROLES))

# Where a tile instance starts: in the bag (if its set and the monument rules let it in), as a seat's START
# tile, or as a Wessex START choice.
INST_ROLES = ("bag", "start", "wessex")
IR_BAG, IR_START, IR_WESSEX = range(len(INST_ROLES))

GENTRY_FIELDS = ("class", "family", "role", "sex", "pr", "vp", "servant_1", "servant_2", "money", "rep", "casual",
                 "prestige", "vp_cards", "attack", "choice", "admirer_rep", "admirer_with", "tag", "set")  # fmt: skip
(
    C_CLASS,
    C_FAMILY,
    C_ROLE,
    C_SEX,
    C_PR,
    C_VP,
    C_SERV1,
    C_SERV2,
    C_MONEY,
    C_REP,
    C_CASUAL,
    C_PRESTIGE,
    C_VP_CARDS,
    C_ATTACK,
    C_CHOICE,
    C_ADMIRER_REP,
    C_ADMIRER_SEX,
    C_TAG,
    C_SET,
) = range(len(GENTRY_FIELDS))
GENTRY_STRIDE = len(GENTRY_FIELDS)

OBJ_FIELDS = ("kind", "tile", "category", "categories", "servant", "count", "servant_2", "count_2", "class", "sex",
              "min_pr", "vp")  # fmt: skip
(
    O_KIND,
    O_TILE,
    O_CATEGORY,
    O_CATEGORIES,
    O_SERVANT,
    O_COUNT,
    O_SERVANT2,
    O_COUNT2,
    O_CLASS,
    O_SEX,
    O_MIN_PR,
    O_VP,
) = range(len(OBJ_FIELDS))
OBJ_STRIDE = len(OBJ_FIELDS)
SERVANT_ANY = N_SERV  # objective servant "any": all servants count
# Guest objectives' class filter: any non-family card, casual guests (starters included), starters, prestige
# guests (the Fairchilds included).
OBJ_CLASSES = ("any", "casual", "starter", "prestige")
OC_ANY, OC_CASUAL, OC_STARTER, OC_PRESTIGE = range(len(OBJ_CLASSES))

VPC_FIELDS = ("kind", "amount", "vp")
V_KIND, V_AMOUNT, V_VP = range(len(VPC_FIELDS))
VPC_STRIDE = len(VPC_FIELDS)

FAMILY_FIELDS = ("money", "reputation", "extra_footmen", "extra_start_tile", "set")
F_MONEY, F_REP, F_FOOTMEN, F_EXTRA_TILE, F_SET = range(len(FAMILY_FIELDS))
FAMILY_STRIDE = len(FAMILY_FIELDS)

SERVANT_FIELDS = ("in_box", "start", "hire_2p", "hire_3p", "hire_4p")
SF_IN_BOX, SF_START, SF_HIRE = 0, 1, 2  # SF_HIRE + players - 2
SERVANT_STRIDE = len(SERVANT_FIELDS)

DATA = Layout("obsession data")
D_N_KINDS = DATA.field("n_kinds", "tile kinds (tiles.csv rows)")
D_KIND = DATA.field("kinds", "per tile kind: KIND_FIELDS, then the front and back SIDE_FIELDS", MAX_KINDS * KIND_STRIDE)
D_N_INST = DATA.field("n_inst", "tile instances")
D_INST_KIND = DATA.field("inst_kind", "per tile instance: its kind", MAX_INST)
D_INST_ROLE = DATA.field("inst_role", "per tile instance: INST_ROLES (bag, start, wessex)", MAX_INST)
D_INST_SEAT = DATA.field("inst_seat", "per START tile instance: its seat", MAX_INST)
D_N_MARKET = DATA.field("n_market_kinds", "tile kinds with copies in the bag")
D_MARKET_KIND = DATA.field("market_kinds", "the tile kinds with copies in the bag, in file order", MAX_KINDS)
D_KIND_MARKET = DATA.field("kind_market_index", "per tile kind: its index among market_kinds, -1", MAX_KINDS)
D_WESSEX_KIND = DATA.field("wessex_kinds", "the two Wessex START choices (tile kinds), in file order", 2)
D_N_GENTRY = DATA.field("n_gentry", "gentry cards")
D_GENTRY = DATA.field("gentry", "per gentry card: GENTRY_FIELDS", MAX_GENTRY * GENTRY_STRIDE)
D_FAIRCHILD = DATA.field("fairchild", "gentry card of Charles and of Elizabeth Fairchild", 2)
D_N_OBJ = DATA.field("n_objectives", "objective cards")
D_OBJ = DATA.field("objectives", "per objective card: OBJ_FIELDS", MAX_OBJ_CARDS * OBJ_STRIDE)
D_N_VPC = DATA.field("n_vp_cards", "victory point cards")
D_VPC = DATA.field("vp_cards", "per VP card: VPC_FIELDS", MAX_VP_CARDS * VPC_STRIDE)
D_THEMES = DATA.field("themes", "category of each theme card", N_THEMES)
D_TRACK = DATA.field("track", "per track (standard, extended) and round 0..20: bit e = event e (EVENTS)",
                     len(TRACKS) * (MAX_ROUNDS + 1))  # fmt: skip
D_LAST_ROUND = DATA.field("last_round", "per track: the last round (the final courtship)", len(TRACKS))
D_MAX_LEVEL = DATA.field("max_level", "per track: the top reputation level (Max)", len(TRACKS))
D_REP_VP = DATA.field("reputation_vp", "per track and level 1..9: end VP", len(TRACKS) * MAX_LEVELS)
D_FAMILY = DATA.field("families", "per family: FAMILY_FIELDS", N_FAMILIES * FAMILY_STRIDE)
D_SERVANT = DATA.field("servants", "per servant: SERVANT_FIELDS", N_SERV * SERVANT_STRIDE)
DATA_SIZE = DATA.size


@dataclass(frozen=True)
class Names:
    """Human-readable names for rendering and reports, by index."""

    tiles: tuple[str, ...]  # per kind
    market_kinds: tuple[int, ...]  # kinds that can be bought (the `value --cards tile` list)
    gentry: tuple[str, ...]
    objectives: tuple[str, ...]
    vp_cards: tuple[str, ...]


def load(data_dir: str | None = None) -> DataSet:
    src = DataSources(BUILTIN, Path(data_dir) if data_dir else None)
    d = np.zeros(DATA_SIZE, dtype=np.int32)
    tile_names = _tiles(src, d)
    gentry_names = _gentry(src, d)
    obj_names = _objectives(src, d, tile_names)
    vpc_names = _vp_cards(src, d)
    _families(src, d)
    _servants(src, d)
    _themes(src, d)
    _tracks(src, d)
    _reputation(src, d)
    market = tuple(k for k in range(len(tile_names)) if kind(d, k, K_COPIES) > 0)
    d[D_N_MARKET] = len(market)
    d[D_KIND_MARKET : D_KIND_MARKET + MAX_KINDS] = -1
    for i, k in enumerate(market):
        d[D_MARKET_KIND + i] = k
        d[D_KIND_MARKET + k] = i
    if len(market) > 3 * WORD_BITS:
        raise DataError(f"{src.path_of('tiles.csv')}: {len(market)} kinds in the bag; the results hold at most "
                        f"{3 * WORD_BITS}")  # fmt: skip
    names = Names(tuple(tile_names), market, tuple(gentry_names), tuple(obj_names), tuple(vpc_names))
    return DataSet(src.name, d, src.assumed_share, fingerprint(d), names)


def kind_base(k: int) -> int:
    return D_KIND + k * KIND_STRIDE


def side_base(k: int, side: int) -> int:
    return kind_base(k) + K_SIDE + side * SIDE_STRIDE


def kind(d: np.ndarray, k: int, field: int) -> int:
    return int(d[kind_base(k) + field])


def gentry_base(c: int) -> int:
    return D_GENTRY + c * GENTRY_STRIDE


def obj_base(o: int) -> int:
    return D_OBJ + o * OBJ_STRIDE


def vpc_base(v: int) -> int:
    return D_VPC + v * VPC_STRIDE


def _choice_index(r, column: str, options: tuple[str, ...], none_value: int = -1) -> int:
    value = r[column]
    if value in ("", "none"):
        return none_value
    return options.index(value)


def _tiles(src: DataSources, d: np.ndarray) -> list[str]:
    servants = ("none",) + SERVANTS
    cols = [Column("name", "str"), Column("set", "choice", choices=TILE_SETS),
            Column("type", "choice", choices=TILE_TYPES), Column("ability", "choice", choices=ABILITIES),
            Column("category", "choice", choices=CATEGORIES), Column("category_back", "choice", choices=CATEGORIES),
            Column("pr", lo=0, hi=6), Column("modifier", lo=-1000, hi=2000), Column("tsn", lo=0, hi=999),
            Column("start", lo=0, hi=1), Column("wessex_choice", lo=0, hi=1), Column("copies", lo=0, hi=4),
            Column("initial", lo=0, hi=1), Column("monument_role", "choice", choices=MONUMENT_ROLES)]  # fmt: skip
    for side in ("front", "back"):
        cols += [Column(f"vp_{side}", lo=-10, hi=20), Column(f"guests_{side}", "choice", choices=GUEST_TYPES),
                 Column(f"n_{side}", lo=0, hi=10), Column(f"servant_{side}", "choice", choices=servants),
                 Column(f"money_{side}", lo=0, hi=3000), Column(f"rep_{side}", lo=0, hi=10)]  # fmt: skip
        cols += [Column(f"{f}_{side}", lo=0, hi=4) for f in ("casual", "prestige", "dismiss", "vp_cards", "objectives",
                                                              "hire")]  # fmt: skip
    cols.append(Column("recruit_back", lo=0, hi=1))
    rows = read_table(src, "tiles.csv", cols, 1, MAX_KINDS)
    unique(rows, "name")
    n_inst = 0
    wessex = []
    for k, r in enumerate(rows):
        _check_tile(r)
        base = kind_base(k)
        d[base + K_TYPE] = TILE_TYPES.index(r["type"])
        d[base + K_ABILITY] = ABILITIES.index(r["ability"])
        d[base + K_SET] = TILE_SETS.index(r["set"])
        d[base + K_CAT] = CATEGORIES.index(r["category"])
        d[base + K_CAT_BACK] = CATEGORIES.index(r["category_back"])
        for f, col in ((K_PR, "pr"), (K_MODIFIER, "modifier"), (K_TSN, "tsn"), (K_START, "start"),
                       (K_WESSEX, "wessex_choice"), (K_COPIES, "copies"), (K_INITIAL, "initial")):  # fmt: skip
            d[base + f] = r[col]
        d[base + K_MONUMENT_ROLE] = MONUMENT_ROLES.index(r["monument_role"])
        for s, side in enumerate(("front", "back")):
            sb = side_base(k, s)
            d[sb + S_VP] = r[f"vp_{side}"]
            d[sb + S_GUESTS] = GUEST_TYPES.index(r[f"guests_{side}"])
            d[sb + S_N] = r[f"n_{side}"]
            d[sb + S_SERVANT] = servants.index(r[f"servant_{side}"]) - 1
            for f, col in ((S_MONEY, "money"), (S_REP, "rep"), (S_CASUAL, "casual"), (S_PRESTIGE, "prestige"),
                           (S_DISMISS, "dismiss"), (S_VP_CARDS, "vp_cards"), (S_OBJECTIVES, "objectives"),
                           (S_HIRE, "hire")):  # fmt: skip
                d[sb + f] = r[f"{col}_{side}"]
            d[sb + S_RECRUIT] = r["recruit_back"] if s == 1 else 0
        count = r["copies"] + (MAX_PLAYERS if r["start"] else 0) + r["wessex_choice"]
        if n_inst + count > MAX_INST:
            raise r.fail(f"more than {MAX_INST} tiles in all (copies, START tiles per seat, Wessex choices)")
        for i in range(count):
            role = IR_START if r["start"] and i < MAX_PLAYERS else IR_BAG
            if r["wessex_choice"] and i == count - 1:
                role = IR_WESSEX
                wessex.append(k)
            d[D_INST_KIND + n_inst] = k
            d[D_INST_ROLE + n_inst] = role
            d[D_INST_SEAT + n_inst] = i if role == IR_START else -1
            n_inst += 1
    if len(wessex) != 2:
        raise DataError(f"{src.path_of('tiles.csv')}: {len(wessex)} tiles with wessex_choice = 1; the Wessex family "
                        "chooses between exactly two")  # fmt: skip
    if not any(r["ability"] == "butlers_room" and r["start"] for r in rows):
        raise DataError(f"{src.path_of('tiles.csv')}: no START tile with ability butlers_room (hiring needs it)")
    initial = sum(r["copies"] for r in rows if r["initial"] and r["set"] == "base")
    if initial < MARKET:
        raise DataError(f"{src.path_of('tiles.csv')}: {initial} base tiles may start the market; it needs {MARKET}")
    d[D_N_KINDS] = len(rows)
    d[D_N_INST] = n_inst
    d[D_WESSEX_KIND : D_WESSEX_KIND + 2] = wessex
    return [str(r["name"]) for r in rows]


def _check_tile(r) -> None:
    typ = r["type"]
    hosted = typ in ("improvement", "hybrid", "suite") or r["ability"] == "butlers_room"
    for side in ("front", "back"):
        if typ == "suite" and side == "back" and r["ability"] in ("queens_suite", "lionheart_suite"):
            continue  # these backs are monuments
        guests, n = r[f"guests_{side}"], r[f"n_{side}"]
        if not hosted and (guests != "none" or n):
            raise r.fail(f"column guests_{side}: a {typ} tile is never hosted, so it invites nobody")
        if hosted and r["ability"] != "butlers_room" and (guests == "none" or n < 1):
            raise r.fail(f"columns guests_{side}, n_{side}: a hosted tile asks for at least one guest")
        if r["ability"] == "butlers_room" and guests != "none":
            raise r.fail("the Butler's Room is the one hosted tile without guests")
        if guests == "supply" and r["ability"] != "lionheart_suite":
            raise r.fail(f"column guests_{side}: only the Lionheart Suite takes its guest from the supply")
    if typ == "hybrid" and r["category"] == r["category_back"]:
        raise r.fail("column category_back: a hybrid tile changes category when it flips")
    if typ != "hybrid" and r["category"] != r["category_back"]:
        raise r.fail("column category_back: only a hybrid tile changes category")
    if not hosted and r["pr"] != 0:
        raise r.fail("column pr: service and monument tiles have no prestige rating (0)")
    if hosted and not 1 <= r["pr"] <= 6:
        raise r.fail("column pr: a hosted tile has a prestige rating 1..6")
    if (typ == "monument") != (r["monument_role"] != "none"):
        raise r.fail("column monument_role: set for monuments only")
    suites = {"heritage_suite": "casual", "queens_suite": "prestige", "lionheart_suite": "supply"}
    if r["ability"] in suites and (typ != "suite" or r["guests_front"] != suites[r["ability"]] or r["n_front"] != 1):
        raise r.fail(f"a {r['ability']} is a suite inviting one {suites[r['ability']]} guest")
    if r["start"] and r["copies"]:
        raise r.fail("column copies: START tiles are not in the bag")


def _gentry(src: DataSources, d: np.ndarray) -> list[str]:
    servants = ("none",) + SERVANTS
    cols = [Column("name", "str"), Column("set", "choice", choices=TILE_SETS[:2]),
            Column("class", "choice", choices=CLASSES), Column("family", "choice", choices=("none",) + FAMILIES),
            Column("role", "choice", choices=ROLES), Column("sex", "choice", choices=SEXES), Column("pr", lo=1, hi=6),
            Column("vp", lo=-10, hi=20), Column("servant_1", "choice", choices=servants),
            Column("servant_2", "choice", choices=servants), Column("money", lo=-1000, hi=3000),
            Column("rep", lo=-10, hi=10), Column("casual", lo=0, hi=4), Column("prestige", lo=0, hi=4),
            Column("vp_cards", lo=0, hi=4), Column("attack", lo=0, hi=10),
            Column("choice", "choice", choices=("none", "look_or_dismiss")), Column("admirer_rep", lo=0, hi=10),
            Column("admirer_with", "choice", choices=("none", "gentleman", "lady")),
            Column("tag", "choice", choices=TAGS)]  # fmt: skip
    rows = read_table(src, "gentry.csv", cols, 1, MAX_GENTRY)
    unique(rows, "name")
    fairchild = []
    for c, r in enumerate(rows):
        if (r["class"] == "family") != (r["family"] != "none"):
            raise r.fail("column family: family cards, and only they, name their family")
        if r["class"] in ("family", "fairchild") and (r["servant_1"] != "none" or r["pr"] != 1):
            raise r.fail("family and Fairchild cards need no service and count as prestige rating 1")
        if r["servant_1"] == "none" and r["servant_2"] != "none":
            raise r.fail("column servant_2: fill servant_1 first")
        if r["class"] == "fairchild":
            fairchild.append(c)
        b = gentry_base(c)
        values = (
            CLASSES.index(r["class"]), _choice_index(r, "family", FAMILIES), ROLES.index(r["role"]),
            SEXES.index(r["sex"]), r["pr"], r["vp"], _choice_index(r, "servant_1", SERVANTS),
            _choice_index(r, "servant_2", SERVANTS), r["money"], r["rep"], r["casual"], r["prestige"], r["vp_cards"],
            r["attack"], int(r["choice"] == "look_or_dismiss"), r["admirer_rep"],
            {"none": -1, "gentleman": 0, "lady": 1}[r["admirer_with"]], TAGS.index(r["tag"]), TILE_SETS.index(r["set"]),
        )  # fmt: skip
        d[b : b + GENTRY_STRIDE] = values
    if len(fairchild) != 2 or [rows[c]["sex"] for c in fairchild] != ["M", "F"]:
        raise DataError(f"{src.path_of('gentry.csv')}: needs Charles (M) then Elizabeth (F) Fairchild, class fairchild")
    for f in FAMILIES:
        members = [r for r in rows if r["family"] == f]
        if len(members) > MAX_DECK // 4:
            raise members[0].fail(f"family {f} has {len(members)} cards; at most {MAX_DECK // 4}")
    starters = sum(1 for r in rows if r["class"] == "starter")
    if starters < 2 * MAX_PLAYERS + 2:
        need = 2 * MAX_PLAYERS + 2
        raise DataError(f"{src.path_of('gentry.csv')}: {starters} starter guests; the draft needs {need}")
    d[D_N_GENTRY] = len(rows)
    d[D_FAIRCHILD : D_FAIRCHILD + 2] = fairchild
    return [str(r["name"]) for r in rows]


def _objectives(src: DataSources, d: np.ndarray, tile_names: list[str]) -> list[str]:
    servants = ("none",) + SERVANTS + ("any",)
    cols = [Column("name", "str"), Column("kind", "choice", choices=OBJECTIVE_KINDS),
            Column("tile", "str", optional=True), Column("category", "str", optional=True),
            Column("servant", "choice", choices=servants, optional=True), Column("count", lo=0, hi=5000, optional=True),
            Column("servant_2", "choice", choices=servants, optional=True),
            Column("count_2", lo=0, hi=20, optional=True),
            Column("class", "choice", choices=OBJ_CLASSES, optional=True),
            Column("sex", "choice", choices=SEXES, optional=True), Column("min_pr", lo=0, hi=6, optional=True),
            Column("vp", lo=0, hi=30)]  # fmt: skip
    rows = read_table(src, "objectives.csv", cols, 1, MAX_OBJ_CARDS)
    unique(rows, "name")  # traces name the card discarded
    for o, r in enumerate(rows):
        kind_ = r["kind"]
        tile = -1
        if kind_ == "tile":
            if r["tile"] not in tile_names:
                raise r.fail(f"column tile: {r['tile']!r} is not a tile of tiles.csv")
            tile = tile_names.index(r["tile"])
        cats = [c for c in str(r["category"]).split("+") if c]
        for c in cats:
            if c not in CATEGORIES:
                raise r.fail(f"column category: {c!r} is not one of {', '.join(CATEGORIES)}")
        if kind_ in ("category",) and len(cats) != 1:
            raise r.fail("column category: name one category")
        if kind_ == "group" and not cats:
            raise r.fail("column category: a group objective lists its categories joined by '+'")
        if kind_ == "servants" and r["servant"] in ("", "none"):
            raise r.fail("column servant: a servant objective names a servant (or 'any')")
        mask = sum(1 << CATEGORIES.index(c) for c in cats)
        servant = servants.index(r["servant"]) - 1 if r["servant"] else -1
        servant2 = servants.index(r["servant_2"]) - 1 if r["servant_2"] else -1
        values = (
            OBJECTIVE_KINDS.index(kind_), tile, CATEGORIES.index(cats[0]) if cats else -1, mask, servant, r["count"],
            servant2, r["count_2"], OBJ_CLASSES.index(r["class"]) if r["class"] else OC_ANY,
            SEXES.index(r["sex"]) if r["sex"] else -1, r["min_pr"], r["vp"],
        )  # fmt: skip
        d[obj_base(o) : obj_base(o) + OBJ_STRIDE] = values
    d[D_N_OBJ] = len(rows)
    return [str(r["name"]) for r in rows]


def _vp_cards(src: DataSources, d: np.ndarray) -> list[str]:
    cols = [Column("name", "str"), Column("kind", "choice", choices=VP_CARD_KINDS), Column("amount", lo=0, hi=2000),
            Column("vp", lo=0, hi=20)]  # fmt: skip
    rows = read_table(src, "vp_cards.csv", cols, 1, MAX_VP_CARDS)
    unique(rows, "name")  # traces name the card used
    for v, r in enumerate(rows):
        if r["kind"] in ("reputation", "money", "prestige_invite", "hire", "refresh_guest") and r["amount"] < 1:
            raise r.fail(f"column amount: a {r['kind']} card gives at least 1")
        if r["kind"] == "objective" and not 1 <= r["amount"] <= 2:
            raise r.fail("column amount: an objective card draws 1 or 2 (keep one)")
        d[vpc_base(v) : vpc_base(v) + VPC_STRIDE] = (VP_CARD_KINDS.index(r["kind"]), r["amount"], r["vp"])
    d[D_N_VPC] = len(rows)
    return [str(r["name"]) for r in rows]


def _families(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("family", "choice", choices=FAMILIES), Column("set", "choice", choices=TILE_SETS[:2]),
            Column("money", lo=0, hi=5000), Column("reputation", lo=0, hi=20), Column("extra_footmen", lo=0, hi=3),
            Column("extra_start_tile", lo=0, hi=1)]  # fmt: skip
    rows = read_table(src, "families.csv", cols, N_FAMILIES, N_FAMILIES)
    for i, r in enumerate(rows):
        if r["family"] != FAMILIES[i]:
            raise r.fail(f"column family: row {i + 1} is {FAMILIES[i]} (in this order: {', '.join(FAMILIES)})")
        b = D_FAMILY + i * FAMILY_STRIDE
        d[b : b + FAMILY_STRIDE] = (r["money"], r["reputation"], r["extra_footmen"], r["extra_start_tile"],
                                    TILE_SETS.index(r["set"]))  # fmt: skip


def _servants(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("servant", "choice", choices=SERVANTS), Column("in_box", lo=0, hi=40), Column("start", lo=0, hi=3),
            Column("hire_2p", lo=0, hi=20), Column("hire_3p", lo=0, hi=20), Column("hire_4p", lo=0, hi=20)]  # fmt: skip
    rows = read_table(src, "servants.csv", cols, N_SERV, N_SERV)
    extra = max(int(d[D_FAMILY + f * FAMILY_STRIDE + F_FOOTMEN]) for f in range(N_FAMILIES))  # York's footman
    for i, r in enumerate(rows):
        if r["servant"] != SERVANTS[i]:
            raise r.fail(f"column servant: row {i + 1} is {SERVANTS[i]} (in this order: {', '.join(SERVANTS)})")
        need = MAX_PLAYERS * r["start"] + r["hire_4p"] + (extra if r["servant"] == "footman" else 0)
        if need > r["in_box"]:
            raise r.fail(f"column in_box: {MAX_PLAYERS} players' start and the 4-player supply need {need}")
        b = D_SERVANT + i * SERVANT_STRIDE
        d[b : b + SERVANT_STRIDE] = (r["in_box"], r["start"], r["hire_2p"], r["hire_3p"], r["hire_4p"])


def _themes(src: DataSources, d: np.ndarray) -> None:
    rows = read_table(src, "themes.csv", [Column("category", "choice", choices=CATEGORIES)], N_THEMES, N_THEMES)
    for i, r in enumerate(rows):
        d[D_THEMES + i] = CATEGORIES.index(r["category"])


def _tracks(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("track", "choice", choices=TRACKS), Column("round", lo=1, hi=MAX_ROUNDS),
            Column("event", "choice", choices=EVENTS)]  # fmt: skip
    rows = read_table(src, "round_track.csv", cols, 1, 200)
    for r in rows:
        t = TRACKS.index(r["track"])
        d[D_TRACK + t * (MAX_ROUNDS + 1) + r["round"]] |= 1 << EVENTS.index(r["event"])
    for t, track in enumerate(TRACKS):
        courts = sorted(r["round"] for r in rows if r["track"] == track and r["event"] == "courtship")
        if len(courts) != 4:
            raise DataError(f"{src.path_of('round_track.csv')}: the {track} track has {len(courts)} courtships, not 4")
        last = courts[-1]
        late = [r for r in rows if r["track"] == track and r["round"] > last]
        if late:
            raise late[0].fail(f"an event after the final courtship (round {last}) never happens")
        for r in rows:
            if r["track"] == track and r["event"] != "courtship" and r["round"] in courts:
                raise r.fail("a courtship round has no other event (no activities are hosted)")
        d[D_LAST_ROUND + t] = last


def _reputation(src: DataSources, d: np.ndarray) -> None:
    cols = [Column("track", "choice", choices=TRACKS), Column("level", lo=1, hi=MAX_LEVELS), Column("vp", lo=0, hi=200)]
    rows = read_table(src, "reputation.csv", cols, 2, 2 * MAX_LEVELS)
    for t, track in enumerate(TRACKS):
        levels = sorted(r["level"] for r in rows if r["track"] == track)
        if levels != list(range(1, len(levels) + 1)) or len(levels) < 2:
            raise DataError(f"{src.path_of('reputation.csv')}: the {track} track needs levels 1..Max, each once")
        d[D_MAX_LEVEL + t] = len(levels)
        for r in rows:
            if r["track"] == track:
                d[D_REP_VP + t * MAX_LEVELS + r["level"] - 1] = r["vp"]
