"""A run's recipe (everything that determines its result table) and its preparation: names resolved to the
arrays the kernels read, every value checked first, each refusal a one-line message."""

from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass, field

import numpy as np

from sim.errors import ParamError
from sim.registry import get_game
from sim.spec import DataSet, GameSpec
from strategies import Player, lineup_arrays
from strategies.learned_model import KIND as MODEL_KIND
from strategies.learned_model import check_model
from strategies.learned_value import PLAYER_ONLY
from strategies.presets import check_preset
from strategies.student_model import KIND as STUDENT_KIND
from strategies.student_model import check_student

DEFAULT_CHUNK = 8192
# A searching seat costs seconds of CPU per game (benchmarks/README.md), so a chunk of DEFAULT_CHUNK would be
# hours of work with nothing kept; a chunk of SEARCH_CHUNK games is minutes, the unit a long run resumes from.
SEARCH_CHUNK = 16
# A learned seat costs milliseconds (8 a game seeing its turn through, 57 a round on, in Yokohama), so
# DEFAULT_CHUNK games of it would be half an hour with no progress shown and nothing kept; LEARNED_CHUNK is
# seconds to a minute in one world, and a seat rating in K worlds (lv_worlds) costs K times: its chunk is
# LEARNED_CHUNK / K games, never fewer than a search's.
LEARNED_CHUNK = 256
# Seeds and game indices travel as int64 to the kernels and in games.parquet (the generator itself mixes
# them as uint64), so both must lie in 0 .. 2**63 - 1.
MAX_INDEX = 2**63 - 1


def chunk_for(game: str, players: list[str], n: int) -> int:
    """The default chunk of a run: SEARCH_CHUNK games when a seat searches, LEARNED_CHUNK over the most worlds a
    learned seat rates in when one plays the learned value, else DEFAULT_CHUNK (never more than n). The chunk
    never changes a result, only how often progress is shown and kept."""
    book = get_game(game).strategies
    chosen = [book.player(code) for code in players]
    families = {p.strategy.family for p in chosen}
    if "mcts" in families:
        return min(n, SEARCH_CHUNK)
    if "learned" in families:
        worlds = max(int(book.reads(p).get("lv_worlds", 1)) for p in chosen if p.strategy.family == "learned")
        return min(n, max(SEARCH_CHUNK, LEARNED_CHUNK // worlds))
    return min(n, DEFAULT_CHUNK)


@dataclass(frozen=True)
class Recipe:
    """Everything that determines a run's result table, and nothing else (threads and cluster do not)."""

    game: str
    players: list[str]
    seed: int
    n: int
    chunk: int = DEFAULT_CHUNK
    params: dict[str, int] = field(default_factory=dict)
    data_dir: str | None = None
    first: int = 0  # the run plays games first .. first + n - 1 of the seed

    @property
    def n_chunks(self) -> int:
        return -(-self.n // self.chunk)

    def chunk_range(self, c: int) -> tuple[int, int]:
        """(first game index, games) of chunk c."""
        start = c * self.chunk
        return self.first + start, min(self.chunk, self.n - start)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> Recipe:
        return cls(**d)

    def same_games(self, other: Recipe) -> bool:
        return self.to_json() == other.to_json()


@dataclass
class Prepared:
    recipe: Recipe
    spec: GameSpec
    players: list[Player]
    lineup: np.ndarray
    weights: np.ndarray
    params: np.ndarray
    data: DataSet

    @property
    def codes(self) -> list[str]:
        return [p.code for p in self.players]

    def seat_codes(self, game_index: int) -> list[str]:
        """The player code in each seat of game `game_index` (seats rotate with the game index)."""
        n = len(self.players)
        return [self.players[(seat + game_index) % n].code for seat in range(n)]


def prepare(recipe: Recipe) -> Prepared:
    """Resolve names to arrays, checking every value (raises ParamError / DataError with one-line messages)."""
    spec = get_game(recipe.game)
    n_players = len(recipe.players)
    if not spec.min_players <= n_players <= spec.max_players:
        raise ParamError(
            f"{spec.name} is played by {spec.min_players} to {spec.max_players} players, "
            f"not {n_players} ({', '.join(recipe.players)})"
        )
    check_index(recipe.seed, "--seed")
    if recipe.n < 1:
        raise ParamError(f"the number of games must be at least 1, not {recipe.n}")
    if recipe.chunk < 1:
        raise ParamError(f"the chunk size must be at least 1, not {recipe.chunk}")
    check_index(recipe.first, "the first game index")
    if recipe.first + recipe.n - 1 > MAX_INDEX:
        raise ParamError(
            f"-n {recipe.n} from game {recipe.first} runs past the last game index, {MAX_INDEX} (2**63 - 1)"
        )
    players = [spec.strategies.player(code) for code in recipe.players]
    for player in players:
        check_search_weights(spec, player)
    lineup, weights = lineup_arrays(players)
    params = spec.params.values(recipe.params)
    check_knobs_apply(recipe.params, n_players)
    data = spec.load_data(recipe.data_dir)
    for player in players:
        for doc in (player.preset, player.proposer):  # a tuned@, learned@ or student@ file: these rules and data?
            if doc is not None:
                kind = doc.get("kind")
                check = check_model if kind == MODEL_KIND else check_student if kind == STUDENT_KIND else check_preset
                check(player.code, doc, spec.version, data.fingerprint)
    return Prepared(recipe, spec, players, lineup, weights, params, data)


def check_index(value: int, what: str) -> int:
    """A seed or game index: a whole number in 0 .. MAX_INDEX."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_INDEX:
        raise ParamError(f"{what} {value!r} is out of range: a whole number from 0 to {MAX_INDEX} (2**63 - 1)")
    return value


# What one node of the search tree costs (strategies/mcts.py `search`: four int32 links, visits and
# availability as float64, a float64 reward sum per seat for its MAX_SEATS = 8 seats, an int32 on the path).
SEARCH_NODE_BYTES = 4 * 4 + 2 * 8 + 8 * 8 + 4


def max_search_iters() -> int:
    """The most iterations a search may take per decision: its tree (iters + 1 nodes, allocated at each
    decision) in every thread at once must fit in half of this machine's memory."""
    import numba

    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (OSError, ValueError):
        total = 2**33
    return max(1, total // (2 * max(1, numba.config.NUMBA_NUM_THREADS) * SEARCH_NODE_BYTES) - 1)


def check_search_weights(spec: GameSpec, player: Player) -> None:
    """A searching player's iterations and depth are whole numbers in range (the iterations bounded by this
    machine's memory), its exploration constant not negative: the kernel would read a negative count as one
    iteration, truncate a fraction, and fail (or be killed) allocating a tree beyond memory."""
    if player.strategy.code == "random" and ":" in player.code:  # it reads no weight: they would change nothing
        raise ParamError(f"player code {player.code!r}: the random bot takes no weights")
    at = {w.name: i for i, w in enumerate(spec.strategies.weights)}
    w = player.weights
    check_weight_values(spec, player)
    if player.strategy.family == "learned" and not w[at["lv_margin"]] >= 0:
        raise ParamError(f"player code {player.code!r}: lv_margin must be 0 or more, not {w[at['lv_margin']]:g} "
                         "(the proposer's choice stands unless another is rated higher by more than it)")  # fmt: skip
    if player.strategy.family != "mcts":
        return
    most = max_search_iters()
    iters, depth, c = w[at["iters"]], w[at["depth"]], w[at["c"]]
    if not (iters == int(iters) and 1 <= iters <= most):
        raise ParamError(f"player code {player.code!r}: iters must be a whole number from 1 to {most:,} "
                         f"(the most this machine's memory holds), not {iters:g}")  # fmt: skip
    if not (depth == int(depth) and 0 <= depth <= spec.max_steps):
        raise ParamError(f"player code {player.code!r}: depth must be a whole number from 0 (to the end) to "
                         f"{spec.max_steps}, not {depth:g}")  # fmt: skip
    if not c >= 0:
        raise ParamError(f"player code {player.code!r}: c (exploration) must be 0 or more, not {c:g}")
    if w[at["cut"]] > 0 and depth == 0:
        raise ParamError(f"player code {player.code!r}: cut=turn ends a rollout cut at depth, and depth=0 plays "
                         "to the end: give a depth")  # fmt: skip
    value = [w[i] for name, i in at.items() if name.startswith("lv_") and name not in PLAYER_ONLY]
    if w[at["eval"]] > 0 and not any(value):  # no features, or no model shipped: a value of zeros rates nothing
        raise ParamError(f"player code {player.code!r}: eval=learned needs a learned value, which {spec.name} has not "
                         "(no model shipped: playout learn)")  # fmt: skip
    if w[at["eval"]] > 0 and depth == 0:
        raise ParamError(f"player code {player.code!r}: eval=learned scores a rollout cut at depth, and depth=0 "
                         "plays every rollout to the end, where the value is never read: give a depth (e.g. "
                         "depth=8)")  # fmt: skip


def check_weight_values(spec: GameSpec, player: Player) -> None:
    """Every weight the player's kernel reads holds a value that weight can take, whether typed in the code or
    read from a preset or model file: a count (lv_worlds) a whole number in its range, a categorical weight
    (rollout, search, eval, cut, lv_look) one of its named values (the kernel reads another id as something)."""
    for i, weight in enumerate(spec.strategies.weights):
        value = player.weights[i]
        reads = not weight.only or weight.only == player.strategy.family
        if not reads and not (weight.only == "learned" and player.strategy.family == "mcts"):  # eval=learned: lv_
            continue
        if weight.whole is not None and not (value == int(value) and weight.whole[0] <= value <= weight.whole[1]):
            raise ParamError(f"player {player.code}: {weight.name} = {value:g} is not a whole number from "
                             f"{weight.whole[0]} to {weight.whole[1]}")  # fmt: skip
        if weight.choices is not None and value not in weight.choices.values():
            named = ", ".join(f"{name} ({v:g})" for name, v in weight.choices.items())
            raise ParamError(f"player {player.code}: {weight.name} = {value:g} is not one of {named}")


def check_knobs_apply(changed: dict[str, int], n_players: int) -> None:
    """Refuse a knob set for a seat or a player count this lineup does not have: it could not take effect,
    and the run would silently answer another question. The games name such knobs alike: `NAME.seatN` is
    about seat N, `NAME_Np` about N-player games, and `experiment.NAME_seat` holds a seat number."""
    seats = f"a {n_players}-player game has seats 0..{n_players - 1}"
    for name, value in changed.items():
        if (m := re.search(r"\.seat(\d+)$", name)) and int(m.group(1)) >= n_players:
            raise ParamError(f"--set {name}: this knob is about seat {m.group(1)}, but {seats}")
        if (m := re.search(r"_(\d+)p$", name)) and int(m.group(1)) != n_players:
            raise ParamError(f"--set {name}: this knob applies to {m.group(1)}-player games, not {n_players}")
        if re.fullmatch(r"experiment\.\w+_seat", name) and value >= n_players:
            raise ParamError(f"--set {name}={value}: {seats}")
        if (m := re.fullmatch(r"(experiment\.\w+)_seat", name)) and not changed.get(m.group(1)):
            raise ParamError(f"--set {name}: it names the seat given {m.group(1)}, which is not set (0: none), "
                             "so it would change nothing: set both, or neither")  # fmt: skip


def check_memory(n_bytes: float, what: str) -> None:
    """Refuse work whose results would not fit in this machine's memory, before allocating any of it."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (OSError, ValueError):
        return
    if n_bytes > total:
        raise ParamError(f"{what} would need about {n_bytes / 2**30:,.1f} GiB of memory; this machine has "
                         f"{total / 2**30:,.1f} GiB: ask for fewer games")  # fmt: skip
