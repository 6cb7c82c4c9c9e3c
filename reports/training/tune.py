"""`playout tune`: choose a bot's named weights by black-box optimisation (optuna), judged by games.

A trial is one weight vector: the tuned code in lineup entry 0 against each field (`--against`, or the start
bot's own copies), played through the engine (sim/experiments.play_arm) on games 0..m-1 of the tune's seed.
Every trial plays the same games (common random numbers), so two trials differ by their weights only, and
the seats rotate with the game index, so the tuned entry plays every seat equally (m is a multiple of the
players). The objective is the tuned entry's win rate (the engine's winner, ties broken by the game's own
tiebreak) or its mean rank (1 = first).

The study lives in optuna storage (SQLite under --out by default). A resumed study equals an uninterrupted
one, wherever the first session was interrupted: trials are asked and told one at a time, the sampler is built
afresh for each trial with a seed made from the tune's seed and the trial number (optuna's samplers keep their
random state in memory only), a trial is written to the storage whole, weights and owner at once (`ask`), and a
trial left running by a killed session is played again with its stored weights and told. The study keeps what
it was begun on (`made_by`: the code, rules, knobs, the data's contents and the weights behind every code, the
parts of the key `run --resume` checks its chunks by), and a resume on anything else is refused, naming what
changed. The confirmation plays fresh games (m.. m+c-1 of the same seed, disjoint from the tuning games): tuned
against start, paired game by game.

Several machines share one study through `--storage URL`: each runs the same command, the first creates the
study and the others join it. A worker stamps the trial it plays (its host and process, and the time: on the
trial as it is asked, then `alive_N`, renewed as games finish); a running trial is another worker's while that
worker lives (same host: its process exists; another host: its stamp is younger than STALE seconds), and is
taken over otherwise (in the tune's own SQLite file, which its command holds, at once). Workers ask new trials
only while the complete and running ones fall short of the budget, then wait for the others'; two workers that
ask the last trial at the same moment both get one, and the one asked later (the higher number) is given up
unplayed (FAIL, `over_budget_N`), so the study's complete trials are exactly the budget and every worker
confirms the same best. A shared study's trials depend on which worker asked first, so only a single worker's
study is reproducible trial by trial.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import socket
import time
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from sim.errors import ParamError, RunDataError, RunDirError, WriteError, did_you_mean
from sim.registry import get_game
from strategies import Weight

STUDY_FILE = "study.db"
SAMPLERS = ("tpe", "cmaes")
OBJECTIVES = ("win", "rank")
NEAR_ZERO = 0.1  # a start value within this of 0 is tuned over start +- 1; any other over 0 .. 2 x start
MAX_TRIALS = 10_000  # every ask reads every earlier trial: a study's asking grows with the square of its trials
# What the player code accepts of a searching player's weights (sim/recipe.check_search_weights): iters a whole
# number from 1, depth a whole number from 0 to the game's step guard, c not negative (the learned player's margin
# is kept off the negatives too, where it would override the proposal with a worse action). A default range is
# kept inside these, whole-number weights are tuned over whole numbers, and every range is then checked through
# the player code's own validation (playable_box), so a study never asks a trial its games would refuse.
FLOOR = {"iters": 1.0, "depth": 0.0, "c": 0.0, "lv_margin": 0.0}
WHOLE = ("iters", "depth")
STALE = 300.0  # seconds without a stamp after which another host's running trial is taken over
STAMP_EVERY = 10.0  # seconds between a worker's stamps of the trial it plays
WAIT = 2.0  # seconds between looks at the other workers' running trials


@dataclass(frozen=True)
class Knob:
    """One tuned weight: its range, or its named values for a categorical weight."""

    name: str
    start: float
    lo: float
    hi: float
    choices: dict[str, float] | None = None
    whole: bool = False  # tuned over whole numbers (the player code takes no other: WHOLE)


@dataclass(frozen=True)
class TuneConfig:
    """Everything that decides the study's trials and the preset (threads, cluster and storage do not)."""

    game: str
    start: str  # the start bot's canonical code (STRATEGY, with any weights typed on it)
    fields: list[list[str]]  # per field, the opponents' codes (lineup entries 1..P-1)
    knobs: list[Knob]
    objective: str
    budget: int
    trials: int
    games_per_field: int  # per trial and field: a multiple of the field's players
    confirm: int  # games per arm and field in the confirmation
    sampler: str
    seed: int
    params: dict
    data_dir: str | None

    def to_json(self) -> dict:
        return asdict(self)

    def key(self) -> str:
        return hashlib.sha256(json.dumps(self.to_json(), sort_keys=True).encode()).hexdigest()[:12]

    @property
    def direction(self) -> str:
        return "maximize" if self.objective == "win" else "minimize"

    @property
    def games_per_trial(self) -> int:
        return self.games_per_field * len(self.fields)


# ---------------------------------------------------------------- checking the options


def tunable(game: str, start_code: str) -> tuple[object, list[Weight], dict[str, float]]:
    """(start Player, the weights it can be tuned on, their start values): every weight of the book but
    those of another family (the search's weights belong to mcts strategies) and the counts (lv_worlds: a
    cost, not a weight of play)."""
    book = get_game(game).strategies
    player = book.player(start_code)
    family = player.strategy.family
    weights = [w for w in book.weights if (not w.only or w.only == family) and not w.whole and not w.table]
    at = {w.name: i for i, w in enumerate(book.weights)}
    return player, weights, {w.name: float(player.weights[at[w.name]]) for w in weights}


def default_range(start: float, spread: float = 1.0) -> tuple[float, float]:
    """start +- spread x |start| (spread 1: 0 .. 2 x start), or start +- spread near 0."""
    half = spread if abs(start) < NEAR_ZERO else spread * abs(start)
    return start - half, start + half


def choose_knobs(game: str, start_code: str, names: str | None, ranges: list[str], spread: float = 1.0) -> list[Knob]:
    """The weights to tune (all tunable ones by default) with their ranges (--range NAME=LO..HI overrides)."""
    book = get_game(game).strategies
    player, weights, start = tunable(game, start_code)
    by_name = {w.name: w for w in weights}
    every = [w.name for w in book.weights]
    chosen = list(by_name) if names is None else list(dict.fromkeys(n.strip() for n in names.split(",")))
    for name in chosen:
        if not name:
            raise ParamError(f"--weights {names!r} has an empty entry: name weights, separated by commas")
        if name not in every:
            raise ParamError(f"unknown weight {name!r} for {game}{did_you_mean(name, every)}")
        if name not in by_name:
            w = next(w for w in book.weights if w.name == name)
            why = f"a count ({w.doc}), set it in the player code" if w.whole else f"it is for {w.only} strategies only"
            raise ParamError(f"weight {name!r} is not tunable for {player.code}: {why}")
    if not 0 < spread <= 10:
        raise ParamError(f"--spread must be above 0 and at most 10, not {spread}")
    ceiling = ceilings(game)
    bounds = {n: inside(n, start[n], spread, ceiling) for n in chosen}
    given: dict[str, str] = {}
    for text in ranges:
        name, lo, hi = parse_range(text)
        if name not in chosen:
            raise ParamError(f"--range {text}: {name!r} is not among the tuned weights{did_you_mean(name, chosen)}")
        if by_name[name].choices:
            raise ParamError(
                f"--range {text}: {name} is categorical ({', '.join(by_name[name].choices)}): all are tried"
            )
        if name in given:
            raise ParamError(f"--range is given twice for {name} ({given[name]} and {text}): give each weight "
                             "one range")  # fmt: skip
        given[name] = text
        if name in WHOLE:
            lo, hi = float(math.ceil(lo)), float(math.floor(hi))
            if lo > hi:
                raise ParamError(f"--range {text}: {name} is a whole number, and the range holds none")
        bounds[name] = (lo, hi)
    knobs = [Knob(n, start[n], *bounds[n], by_name[n].choices, n in WHOLE) for n in chosen]
    return playable_box(game, player.code, knobs)


def ceilings(game: str) -> dict[str, float]:
    """The largest value the player code accepts of each bounded search weight (sim/recipe.check_search_weights)."""
    from sim.recipe import max_search_iters

    return {"iters": float(max_search_iters()), "depth": float(get_game(game).max_steps)}


def inside(name: str, start: float, spread: float, ceiling: dict[str, float]) -> tuple[float, float]:
    """The default range of a weight, kept inside what the player code accepts of it (FLOOR, ceilings, WHOLE).
    A search cut at a depth stays one (depth from 1): depth 0 plays to the end, another search."""
    lo, hi = default_range(start, spread)
    floor = 1.0 if name == "depth" and start >= 1 else FLOOR.get(name, lo)
    lo, hi = max(lo, floor), min(hi, ceiling.get(name, hi))
    if name in WHOLE:
        lo, hi = float(math.ceil(lo)), float(max(math.ceil(lo), math.floor(hi)))
    return lo, hi


def corners(knobs: list[Knob]) -> list[dict]:
    """The points of the search box where the player code's checks bite (they are bounds on one weight, or on a
    categorical weight with another's bound): every combination of the categorical values, each with every
    number at its low end, at its high end, and each number alone at either end (the others at their start)."""
    import itertools

    numbers = [k for k in knobs if not k.choices]
    labels = [list(k.choices) for k in knobs if k.choices]
    middle = {k.name: min(max(k.start, k.lo), k.hi) for k in numbers}
    points = [{k.name: k.lo for k in numbers}, {k.name: k.hi for k in numbers}]
    points += [{**middle, k.name: end} for k in numbers for end in (k.lo, k.hi)]
    points = points or [{}]
    names = [k.name for k in knobs if k.choices]
    return [{**p, **dict(zip(names, combo, strict=True))} for combo in itertools.product(*labels) for p in points]


def at_start(k: Knob) -> Knob:
    """A categorical knob held at its start value (a number's knob as it is)."""
    if not k.choices:
        return k
    label = next((label for label, v in k.choices.items() if v == k.start), next(iter(k.choices)))
    return Knob(k.name, k.start, k.lo, k.hi, {label: k.choices[label]})


def refused(game: str, code: str) -> str | None:
    """Why the player code refuses `code` (the checks every lineup's player gets in sim/recipe.prepare), or None."""
    from sim.recipe import check_search_weights

    spec = get_game(game)
    try:
        check_search_weights(spec, spec.strategies.player(code))
    except ParamError as e:
        return str(e)
    return None


def playable_box(game: str, start: str, knobs: list[Knob]) -> list[Knob]:
    """The knobs, after making sure every trial they can ask is a code the player code plays: a categorical value
    refused with the other categorical weights at their start values (at any corner of the numbers) is left out
    of its knob's values (eval=learned where the game has no learned value, cut=turn where depth may be 0); a
    range that still holds a refused code (one the user gave, or values refused only together) is refused, one
    line naming the code and why."""
    for k in [k for k in knobs if k.choices]:
        keep = {}
        for label, value in k.choices.items():
            alone = [Knob(k.name, value, value, value, {label: value}) if o is k else at_start(o) for o in knobs]
            if all(refused(game, trial_code(start, alone, p)) is None for p in corners(alone)):
                keep[label] = value
        if keep and keep != k.choices:
            knobs = [Knob(k.name, k.start, k.lo, k.hi, keep) if o is k else o for o in knobs]
    for point in corners(knobs):
        code = trial_code(start, knobs, point)
        why = refused(game, code)
        if why is not None:
            raise ParamError(f"the tuned ranges hold a code the player code refuses ({why}): give that weight a "
                             "--range inside what it accepts")  # fmt: skip
    return knobs


def parse_range(text: str) -> tuple[str, float, float]:
    """'w_vp=0.5..3' -> ('w_vp', 0.5, 3.0); an empty or inverted range is refused."""
    name, eq, span = text.partition("=")
    lo_text, dots, hi_text = span.partition("..")
    if not eq or not dots:
        raise ParamError(f"--range {text!r}: write NAME=LO..HI, e.g. w_vp=0.5..3")
    try:
        lo, hi = float(lo_text), float(hi_text)
    except ValueError:
        raise ParamError(f"--range {text!r}: LO and HI must be numbers") from None
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise ParamError(f"--range {text!r}: LO and HI must be finite numbers")
    if lo >= hi:
        raise ParamError(f"--range {text!r}: the range is {'empty' if lo == hi else 'inverted'} (LO must be below HI)")
    return name.strip(), lo, hi


def check_sampler(name: str) -> str:
    if name not in SAMPLERS:
        raise ParamError(f"unknown sampler {name!r}{did_you_mean(name, list(SAMPLERS))}")
    if name == "cmaes":
        try:
            import cmaes  # noqa: F401  (optuna's CMA-ES sampler needs it)
        except ImportError:
            raise ParamError(
                "--sampler cmaes needs the `cmaes` package, not installed here: use --sampler tpe"
            ) from None
    return name


def storage_url(storage: str | None, out: Path) -> str:
    """The optuna storage: the URL given (checked to parse as a database URL), else SQLite under --out."""
    if storage is None:
        return f"sqlite:///{(out / STUDY_FILE).resolve()}"
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(storage)
    except ArgumentError:
        raise ParamError(f"--storage {storage!r} is not a database URL (e.g. sqlite:///study.db)") from None
    if not url.drivername:
        raise ParamError(f"--storage {storage!r} is not a database URL (e.g. sqlite:///study.db)")
    return storage


def split_budget(budget: int, trials: int | None, per_trial: int | None, fields: list[list[str]]) -> tuple[int, int]:
    """(trials, games per field per trial) from the budget: given one of them, the other follows; given
    neither, about 2,000 games a trial, 10 to 100 trials."""
    if budget < 1:
        raise ParamError(f"--budget must be at least 1 game, not {budget}")
    if trials is not None and per_trial is not None:
        raise ParamError("give --trials or --games-per-trial, not both: the budget decides the other")
    if trials is not None and not 1 <= trials <= MAX_TRIALS:
        raise ParamError(f"--trials must be from 1 to {MAX_TRIALS:,}, not {trials}")
    if per_trial is not None and per_trial < 1:
        raise ParamError(f"--games-per-trial must be at least 1, not {per_trial}")
    if trials is None:
        trials = budget // per_trial if per_trial else min(100, max(10, budget // 2000))
    if trials < 1:
        raise ParamError(f"--budget {budget} does not cover one trial of --games-per-trial {per_trial}")
    if trials > MAX_TRIALS:
        raise ParamError(f"--budget {budget} in trials of --games-per-trial {per_trial} makes {trials:,} trials, "
                         f"more than {MAX_TRIALS:,}: raise --games-per-trial or lower --budget")  # fmt: skip
    players = max(len(f) + 1 for f in fields)
    per_field = budget // trials // len(fields)
    per_field -= per_field % math.lcm(*(len(f) + 1 for f in fields))  # every seat equally in every field
    if per_field < 1:
        raise ParamError(f"--budget {budget} over {trials} trials and {len(fields)} field(s) leaves fewer games per "
                         f"trial than seats to rotate ({players}): raise --budget or lower --trials")  # fmt: skip
    return trials, per_field


def check_sizes(cfg: TuneConfig, budget_given: str) -> None:
    """Refuse a trial or a confirmation whose games would not fit in this machine's memory (each keeps a few
    numbers of every game it plays), before anything is written; and every recipe the tune will play checked as
    a run's is (sim/recipe.prepare), so no refusal comes once the study exists."""
    from sim.engine import Recipe, check_memory, chunk_for, prepare

    per_game = 8 * (4 + max(len(f) + 1 for f in cfg.fields))  # the index, winner and ranks, and their arrays
    check_memory(cfg.games_per_trial * per_game, f"{budget_given} ({cfg.games_per_trial:,} games a trial)")
    check_memory(2 * cfg.confirm * len(cfg.fields) * per_game, f"--confirm {cfg.confirm} (two arms of each field)")
    code = trial_code(cfg.start, cfg.knobs, start_params(cfg.knobs) or middle(cfg.knobs))
    for field in cfg.fields:
        for first, n, players in ((0, cfg.games_per_field, [code, *field]),
                                  (cfg.games_per_field, cfg.confirm, [code, *field]),
                                  (cfg.games_per_field, cfg.confirm, [cfg.start, *field])):  # fmt: skip
            prepare(Recipe(cfg.game, players, cfg.seed, n, chunk_for(cfg.game, players, n), cfg.params, cfg.data_dir,
                           first))  # fmt: skip


def middle(knobs: list[Knob]) -> dict:
    """Trial values inside every range (checks a lineup can be built before anything runs)."""
    return {k.name: next(iter(k.choices)) if k.choices else (k.lo + k.hi) / 2 for k in knobs}


# ---------------------------------------------------------------- playing a trial


def trial_code(start: str, knobs: list[Knob], values: dict) -> str:
    """The player code of a trial: the start code with the tuned weights typed on it (in place of any the
    start code types), each to the 6 significant digits a player code shows (strategies: `f"{value:g}"`),
    so that the code a run records, a preset and the weights typed by hand all play the same bot."""
    name, _, typed = start.partition(":")
    weights = dict(item.split("=", 1) for item in typed.split(",") if item)
    for k in knobs:
        if k.choices:
            weights[k.name] = str(values[k.name])
        elif k.whole:
            weights[k.name] = str(int(values[k.name]))
        else:
            weights[k.name] = f"{float(values[k.name]):g}"
    return name + ":" + ",".join(f"{key}={value}" for key, value in weights.items())


def play(cfg: TuneConfig, code: str, first: int, n: int, threads, cluster, on_games) -> tuple[np.ndarray, np.ndarray]:
    """(won, rank) of lineup entry 0 (`code`) in games first..first+n-1 against each field, fields in turn."""
    from sim.engine import Recipe, chunk_for
    from sim.experiments import play_arm

    won, rank = [], []
    for field in cfg.fields:
        codes = [code, *field]
        p = len(codes)
        recipe = Recipe(cfg.game, codes, cfg.seed, n, chunk_for(cfg.game, codes, n), cfg.params, cfg.data_dir, first)
        columns = ["game_index", "winner", *[f"rank_{s}" for s in range(p)]]
        frame = play_arm(recipe, columns, threads=threads, cluster=cluster, on_chunk=on_games)
        seat = (-frame["game_index"].to_numpy()) % p  # the seat lineup entry 0 played (seats rotate)
        ranks = frame.select([f"rank_{s}" for s in range(p)]).to_numpy()
        won.append(frame["winner"].to_numpy() == seat)
        rank.append(ranks[np.arange(frame.height), seat].astype(float))
    return np.concatenate(won), np.concatenate(rank)


def objective_value(cfg: TuneConfig, won: np.ndarray, rank: np.ndarray) -> float:
    return float(won.mean()) if cfg.objective == "win" else float(rank.mean())


# ---------------------------------------------------------------- the study


def distributions(knobs: list[Knob]) -> dict:
    from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution

    def one(k: Knob):
        if k.choices:
            return CategoricalDistribution(list(k.choices))
        return IntDistribution(int(k.lo), int(k.hi)) if k.whole else FloatDistribution(k.lo, k.hi)

    return {k.name: one(k) for k in knobs}


def start_params(knobs: list[Knob]) -> dict | None:
    """The start weights as trial parameters (the first trial), or None when a range leaves one out."""
    params = {}
    for k in knobs:
        if k.choices:
            params[k.name] = next((label for label, v in k.choices.items() if v == k.start), None)
            if params[k.name] is None:
                return None
        elif not k.lo <= k.start <= k.hi or (k.whole and k.start != int(k.start)):
            return None
        else:
            params[k.name] = int(k.start) if k.whole else k.start
    return params


def sampler_for(cfg: TuneConfig, number: int):
    """The sampler that asks trial `number`: seeded from the tune's seed and the number, so a resumed
    study asks what an uninterrupted one would (its history comes from the storage)."""
    import optuna

    seed = (cfg.seed * 1_000_003 + number) % 2**32
    if cfg.sampler == "cmaes":
        x0 = {k.name: k.start for k in cfg.knobs if not k.choices and k.lo <= k.start <= k.hi}
        return optuna.samplers.CmaEsSampler(x0=x0 or None, seed=seed, n_startup_trials=0,
                                            independent_sampler=optuna.samplers.RandomSampler(seed=seed),
                                            warn_independent_sampling=False)  # fmt: skip
    startup = max(3, min(10, cfg.trials // 4))
    return optuna.samplers.TPESampler(seed=seed, n_startup_trials=startup, multivariate=True)


def tune_code_fingerprint() -> str:
    """What asks the trials besides the engine's code: this module (the samplers' seeds, the trial codes) and
    optuna's version (its samplers' draws)."""
    import optuna

    return hashlib.sha256(Path(__file__).read_bytes() + optuna.__version__.encode()).hexdigest()[:16]


def made_by(cfg: TuneConfig) -> dict:
    """What decides the study's trials beyond its options (those name the study, TuneConfig.key): the code, the
    rules, the knobs' and the data *contents'* fingerprints and the weights each code plays (a preset or model file
    behind a tuned@ or learned@ code, or a shipped one, replaced): the parts of engine.run_key, which `run
    --resume` checks its kept chunks by, and tune's own code. Kept in the study, keyed (sim/seal.key_of)."""
    from sim.engine import Recipe, manifest_for, prepare

    code = trial_code(cfg.start, cfg.knobs, start_params(cfg.knobs) or middle(cfg.knobs))
    m = manifest_for(prepare(Recipe(cfg.game, [code, *cfg.fields[0]], cfg.seed, 1, 1, cfg.params, cfg.data_dir)),
                     "running", 0.0, 0, None)  # fmt: skip
    book = get_game(cfg.game).strategies
    codes = [cfg.start, *(c for field in cfg.fields for c in field)]
    return {
        "code_fingerprint": m["code_fingerprint"],
        "tune_code": tune_code_fingerprint(),
        "rules_version": m["rules_version"],
        "params_fingerprint": m["params_fingerprint"],
        "data_fingerprint": m["data_fingerprint"],
        "fingerprints": book.fingerprints(codes),
    }


# How a resume names each part of made_by that changed.
CHANGED = {"code_fingerprint": "other code", "tune_code": "another playout tune or optuna",
           "rules_version": "other rules", "params_fingerprint": "other rule knobs",
           "data_fingerprint": "other data (the --data files' contents)"}  # fmt: skip
MADE_BY, MADE_BY_KEY = "made_by", "made_by_key"  # the study's user attributes; the key is written last: ready


def check_made_by(study, now: dict, where: str, option: str) -> None:
    """Refuse to go on with a study begun on other inputs than now's, naming what changed (as `run --resume`
    refuses a run played by other code, rules, knobs, data or weights): its trials would not match the rest."""
    from sim.seal import key_of

    kept, key = study.user_attrs.get(MADE_BY), study.user_attrs.get(MADE_BY_KEY)
    if not isinstance(kept, dict) or key != key_of(kept):
        raise RunDirError(f"{option}: the tune in {where} does not record what it was begun on, or its record "
                          "was edited (begun by an earlier playout?): start a new tune (another --out, or remove "
                          "it)")  # fmt: skip
    if key == key_of(now):
        return
    differ = [f"{CHANGED[k]} ({k} {kept.get(k)}, now {now[k]})" for k in CHANGED if kept.get(k) != now[k]]
    old = kept.get("fingerprints") or {}
    replaced = [c for c, fp in now["fingerprints"].items() if old.get(c, fp) != fp]
    if replaced:
        differ.append(f"other weights behind {', '.join(replaced)} (a preset or model file changed since)")
    if not differ:
        differ.append("other players")
    raise RunDirError(f"{option}: the tune in {where} was begun on {'; '.join(differ)}: its trials would not match "
                      "the rest; start a new tune (another --out, or remove it)")  # fmt: skip


def open_study(cfg: TuneConfig, url: str, resume: bool, now: dict, shared: bool = False, storage=None):
    """The study of this tune in `url`: created (a fresh tune), or loaded (--resume, or joining a shared
    storage's study of the same tune) after checking that it is this tune, begun on the inputs of now (made_by).
    In the tune's own SQLite file (not shared: this command holds its --out) a study that was never made ready (a
    tune interrupted while creating it) holds nothing and is replaced."""
    import optuna

    from sim.seal import key_of

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    storage = storage or url
    name = f"playout-tune-{cfg.game}-{cfg.key()}"
    names = study_names(storage, url, shared)
    if not shared:
        for other in names:
            if MADE_BY_KEY not in optuna.load_study(study_name=other, storage=storage).user_attrs:
                optuna.delete_study(study_name=other, storage=storage)
        names = study_names(storage, url, shared)
    option = "--resume" if resume or not shared else "--storage"
    # a new tune (a shared storage may hold other tunes), or a resume of one whose creation was cut short
    if (not resume and not (shared and name in names)) or (resume and not shared and not names):
        if names and not shared:
            raise RunDirError(f"{url} already holds a tune ({', '.join(names)}): choose another --out or "
                              "--storage, or add --resume")  # fmt: skip
        try:
            study = optuna.create_study(storage=storage, study_name=name, direction=cfg.direction)
        except optuna.exceptions.DuplicatedStudyError:  # a worker sharing the storage created it a moment ago
            return open_study(cfg, url, resume, now, shared, storage)
        study.set_user_attr("config", cfg.to_json())
        study.set_user_attr(MADE_BY, now)
        study.set_user_attr(MADE_BY_KEY, key_of(now))  # last: a joining worker waits for it (the study is ready)
        return study
    if name not in names:
        what = f"a different tune ({', '.join(names)})" if names else "no tune"
        raise RunDirError(
            f"--resume: {url} holds {what}: the options differ from the tune's, or start without --resume"
        )
    study = optuna.load_study(storage=storage, study_name=name)
    for _ in range(int(STALE / WAIT)):  # a worker that created the study a moment ago is still preparing it
        if MADE_BY_KEY in study.user_attrs:
            break
        time.sleep(WAIT)
    check_made_by(study, now, url, option)
    return study


def connect(url: str, shared: bool):
    """The optuna storage at `url` (its tables created if new), faults named (storage_fault)."""
    import optuna

    return _retried(lambda: optuna.storages.get_storage(url), url, shared)


def study_names(storage, url: str, shared: bool) -> list[str]:
    """The studies in the storage."""
    import optuna

    return _retried(
        lambda: [s.study_name for s in optuna.study.get_all_study_summaries(storage, include_best_trial=False)],
        url,
        shared,
    )


def _retried(what, url: str, shared: bool, tries: int = 3):
    """what(), tried again on a shared database: workers started together on a new one race to create its tables
    and all but one fail; they look again."""
    for attempt in range(tries):
        try:
            return what()
        except Exception as e:  # sqlalchemy's errors: no such database, no driver, refused connection, a race
            if not shared or attempt == tries - 1:
                raise storage_fault(e, url, shared, opening=True) from None
            time.sleep(WAIT)
    return None


def storage_fault(error: BaseException, url: str, shared: bool, opening: bool = False) -> Exception:
    """The one-line error for a failure of the study's storage: a full disk or an I/O error under the tune's own
    study.db is a write fault naming the file (exit 1), a read-only or damaged file bad input naming it; with
    --storage, a database that cannot be opened is that option's fault, one that fills up a write fault."""
    causes, e = [], error
    while e is not None and len(causes) < 8:
        causes.append(e)
        e = e.__cause__ or e.__context__
    text = " ".join(str(c).splitlines()[0] for c in causes if str(c)).lower()
    why = next((str(c).splitlines()[0] for c in reversed(causes) if str(c)), type(error).__name__)
    where = url.removeprefix("sqlite:///") if not shared else url
    if any(w in text for w in ("disk is full", "disk i/o error", "no space left", "quota")):
        return WriteError(f"cannot write the study {where} ({why})")
    if shared:
        if opening:
            return ParamError(f"--storage: cannot open {url} ({type(causes[-1]).__name__}: {why})")
        return WriteError(f"the study in --storage {url} failed ({why})")
    if any(w in text for w in ("readonly", "read-only", "permission denied", "unable to open")):
        return RunDirError(f"{where} cannot be written ({why})")
    if any(w in text for w in ("not a database", "malformed", "no such table", "no such column")):
        return RunDataError(f"{where} is not a tune's study playout can read (damaged, or another program's): "
                            "choose another --out, or remove it")  # fmt: skip
    return WriteError(f"the study {where} failed ({why})")


def is_storage_error(error: BaseException) -> bool:
    """An error of the study's database (sqlalchemy's, optuna's storage's, sqlite's)."""
    import sqlite3

    import optuna
    from sqlalchemy.exc import SQLAlchemyError

    return isinstance(error, SQLAlchemyError | optuna.exceptions.StorageInternalError | sqlite3.Error)


@dataclass
class Cost:
    games: int = 0
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0


def run_trials(cfg: TuneConfig, study, threads, cluster, on_games, on_trial, storage=None, shared=True) -> None:
    """Play and tell trials until cfg.trials are complete: first a running trial no live worker plays (a
    killed session's; in the tune's own storage every running trial is one), then new ones while complete and
    running trials fall short, then wait for the rest."""
    import optuna

    space = distributions(cfg.knobs)
    me = worker()
    while True:
        done = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))
        if len(done) >= cfg.trials:
            break
        on_trial(len(done), best_of(study, done))
        running = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,))
        orphan = next((t for t in running if not shared or not played_by_another(study, t, me)), None)
        if orphan is not None:
            if set(orphan.params) != set(space) or f"over_budget_{orphan.number}" in study.user_attrs:
                study.tell(orphan.number, state=optuna.trial.TrialState.FAIL)  # never playable: given up
                continue
            tell(cfg, study, orphan.number, orphan.params, threads, cluster, on_games, me)
        elif len(done) + len(running) < cfg.trials:
            number, params = ask(cfg, study, storage, space, me)
            if over_budget(study, number, cfg.trials):
                study.set_user_attr(f"over_budget_{number}", me)
                study.tell(number, state=optuna.trial.TrialState.FAIL)
                continue
            tell(cfg, study, number, params, threads, cluster, on_games, me)
        else:
            time.sleep(WAIT)  # the last trials are other workers'
    on_trial(cfg.trials, best_of(study, study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))))


OWNER = "alive"  # a trial's user attribute, written with the trial: [the worker that asked it, the time]


def ask(cfg: TuneConfig, study, storage, space: dict, me: str) -> tuple[int, dict]:
    """(number, weights) of a new trial, asked and made this worker's in one write. The sampler (seeded for the
    number asked) asks in a copy of the study in memory, every trial so far in it as the storage holds them, and
    the trial is created in the storage whole: its weights, what the sampler noted on it and this worker's stamp.
    Interrupted before that write, nothing was asked; after it, a resume finds a trial it can play: never one
    without its weights or its owner (which optuna's own ask, a write per weight, leaves when interrupted)."""
    import datetime

    import optuna

    trials = study.get_trials(deepcopy=True)
    scratch = optuna.create_study(direction=cfg.direction, sampler=sampler_for(cfg, len(trials)))
    scratch.add_trials(trials)
    if not trials and (params := start_params(cfg.knobs)) is not None:
        scratch.enqueue_trial(params)  # trial 0: the start bot, so the best is never worse than it on these games
    number = scratch.ask(space).number
    asked = scratch.get_trials(deepcopy=True)[number]
    template = optuna.trial.FrozenTrial(
        number=-1, state=optuna.trial.TrialState.RUNNING, value=None,
        datetime_start=datetime.datetime.now(), datetime_complete=None, params=asked.params,
        distributions=asked.distributions, user_attrs={OWNER: [me, time.time()]}, system_attrs=asked.system_attrs,
        intermediate_values={}, trial_id=-1,
    )  # fmt: skip
    trial_id = storage.create_new_trial(storage.get_study_id_from_name(study.study_name), template_trial=template)
    return storage.get_trial_number_from_id(trial_id), asked.params


def over_budget(study, number: int, budget: int) -> bool:
    """Was trial `number` asked beyond the budget? Another worker, between this one's count and its ask, asked
    the trial that filled it: every worker ranks the trials by number, so exactly one of the two gives way."""
    import optuna

    kept = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.RUNNING)
    return sum(t.number < number for t in study.get_trials(deepcopy=False, states=kept)) >= budget


def tell(cfg, study, number, params, threads, cluster, on_games, me: str) -> None:
    import optuna

    stamp(study, number, me)
    last = [time.time()]

    def games_done(n):
        if time.time() - last[0] > STAMP_EVERY:
            stamp(study, number, me)
            last[0] = time.time()
        if on_games is not None:
            on_games(n)

    cpu, wall = time.process_time(), time.perf_counter()
    code = trial_code(cfg.start, cfg.knobs, params)
    won, rank = play(cfg, code, 0, cfg.games_per_field, threads, cluster, games_done)
    study.set_user_attr(f"cost_{number}", [int(won.size), time.process_time() - cpu, time.perf_counter() - wall])
    try:
        study.tell(number, objective_value(cfg, won, rank))
    except RuntimeError:  # two workers took the same orphan over; the same games give the same value
        if study.trials[number].state != optuna.trial.TrialState.COMPLETE:
            raise


def worker() -> str:
    """This worker's name in the stamps: its host and process."""
    return f"{socket.gethostname()}:{os.getpid()}"


def stamp(study, number: int, me: str) -> None:
    study.set_user_attr(f"alive_{number}", [me, time.time()])


def played_by_another(study, trial, me: str) -> bool:
    """Is running `trial` being played by another live worker? One stamped by this process (an earlier,
    interrupted tune in it) or by a dead process of this host is not; one stamped on another host is while
    its stamp is younger than STALE (its clock may differ a little); one not stamped yet is while it was
    asked less than STALE ago (a worker is between asking it and stamping it)."""
    stamp = study.user_attrs.get(f"alive_{trial.number}") or trial.user_attrs.get(OWNER)
    if stamp is None:  # a trial asked by an earlier playout, whose ask left it without an owner for a moment
        asked = trial.datetime_start.timestamp() if trial.datetime_start else 0.0
        return time.time() - asked < STALE
    owner, when = stamp
    host, _, pid = owner.rpartition(":")
    if owner == me:
        return False
    if host == socket.gethostname():
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return False
        except (PermissionError, ValueError):
            return True
        return True
    return time.time() - when < STALE


def best_of(study, done) -> tuple[int, float] | None:
    if not done:
        return None
    best = study.best_trial
    return best.number, float(best.value)


def study_cost(study) -> Cost:
    cost = Cost()
    for t in study.get_trials(deepcopy=False):
        games, cpu, wall = study.user_attrs.get(f"cost_{t.number}", (0, 0.0, 0.0))
        cost.games += games
        cost.cpu_seconds += cpu
        cost.wall_seconds += wall
    return cost


# ---------------------------------------------------------------- the confirmation and the whole tune


@dataclass
class Confirmation:
    games: int
    tuned_win_rate: float
    start_win_rate: float
    tuned_mean_rank: float
    start_mean_rank: float
    difference: float  # tuned - start win rate, paired
    lo: float
    hi: float
    p_value: float
    method: str
    rank_difference: float
    rank_lo: float
    rank_hi: float


def confirm(cfg: TuneConfig, tuned: str, threads, cluster, on_games) -> Confirmation:
    """Tuned against start on fresh games (after the tuning games of each field), paired game by game."""
    from reports.analysis.stats import paired_mean_difference, paired_win_difference

    first = cfg.games_per_field
    won_t, rank_t = play(cfg, tuned, first, cfg.confirm, threads, cluster, on_games)
    won_s, rank_s = play(cfg, cfg.start, first, cfg.confirm, threads, cluster, on_games)
    d = paired_win_difference(won_t, won_s)
    r = paired_mean_difference(rank_t, rank_s)
    return Confirmation(int(won_t.size), float(won_t.mean()), float(won_s.mean()), float(rank_t.mean()),
                        float(rank_s.mean()), d.estimate, d.lo, d.hi, d.p_value, d.method,
                        r.estimate, r.lo, r.hi)  # fmt: skip


@dataclass
class TuneResult:
    cfg: TuneConfig
    study: object
    best_params: dict
    tuned_code: str
    confirmation: Confirmation
    cost: Cost


def tune(
    cfg: TuneConfig,
    out: Path,
    storage: str | None = None,
    resume: bool = False,
    threads: int | None = None,
    cluster: str | None = None,
    on_games: Callable[[int], None] | None = None,
    on_trial: Callable[[int, tuple | None], None] | None = None,
) -> TuneResult:
    """Run (or resume) the study to cfg.trials trials, then confirm the best on fresh games."""
    shared = storage is not None
    url = storage_url(storage, out)
    if not shared:  # the study in --out: say plainly when a resume finds none there
        if resume and not (out / STUDY_FILE).exists():
            raise RunDirError(f"--resume: {out} holds no tune (no {STUDY_FILE})")
        out.mkdir(parents=True, exist_ok=True)
    now = made_by(cfg)
    try:
        store = connect(url, shared)
        study = open_study(cfg, url, resume, now, shared, store)
        run_trials(cfg, study, threads, cluster, on_games, on_trial or (lambda done, best: None), store, shared)
        best = study.best_trial.params
    except Exception as e:
        if is_storage_error(e):
            raise storage_fault(e, url, shared) from None
        raise
    tuned = trial_code(cfg.start, cfg.knobs, best)
    confirmation = confirm(cfg, tuned, threads, cluster, on_games)
    return TuneResult(cfg, study, best, tuned, confirmation, study_cost(study))


def kept(cfg: TuneConfig, out: Path, storage: str | None) -> str:
    """What an interrupted tune kept, and how to go on: read from the study itself, so a tune interrupted
    before its study was ready says it kept nothing."""
    import optuna

    url = storage_url(storage, out)
    where = out / STUDY_FILE if storage is None else url
    try:
        if storage is None and not (out / STUDY_FILE).exists():
            raise LookupError
        study = optuna.load_study(study_name=f"playout-tune-{cfg.game}-{cfg.key()}", storage=url)
        if MADE_BY_KEY not in study.user_attrs:
            raise LookupError
        done = len(study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)))
    except Exception:
        return "interrupted before the study began; nothing was kept: rerun the same command"
    if done >= cfg.trials:
        return (f"interrupted after the trials; kept all {cfg.trials} trials in {where}: rerun the same command "
                "with --resume to confirm the best and write the outputs")  # fmt: skip
    return f"interrupted; kept {done} of {cfg.trials} trials in {where}: rerun the same command with --resume"


def total_games(cfg: TuneConfig) -> int:
    return cfg.trials * cfg.games_per_trial + 2 * cfg.confirm * len(cfg.fields)
