"""`playout tune`: choose a bot's named weights by black-box optimisation (optuna), judged by games.

A trial is one weight vector: the tuned code in lineup entry 0 against each field (`--against`, or the start
bot's own copies), played through the engine (sim/experiments.play_arm) on games 0..m-1 of the tune's seed.
Every trial plays the same games (common random numbers), so two trials differ by their weights only, and
the seats rotate with the game index, so the tuned entry plays every seat equally (m is a multiple of the
players). The objective is the tuned entry's win rate (the engine's winner, ties broken by the game's own
tiebreak) or its mean rank (1 = first).

The study lives in optuna storage (SQLite under --out by default). A resumed study equals an uninterrupted
one: trials are asked and told one at a time, the sampler is built afresh for each trial with a seed made
from the tune's seed and the trial number (optuna's samplers keep their random state in memory only), and a
trial left running by a killed session is played again with its stored weights and told. The confirmation
plays fresh games (m.. m+c-1 of the same seed, disjoint from the tuning games): tuned against start, paired
game by game.

Several machines share one study through `--storage URL`: each runs the same command, the first creates the
study and the others join it. A worker stamps the trial it plays (`alive_N`: its host and process, and the
time, renewed as games finish); a running trial is another worker's while that worker lives (same host: its
process exists; another host: its stamp is younger than STALE seconds), and is taken over otherwise. Workers
ask new trials only while the complete and running ones fall short of the budget, then wait for the others';
two workers that ask the last trial at the same moment both get one, and the one asked later (the higher
number) is given up unplayed (FAIL, `over_budget_N`), so the study's complete trials are exactly the budget and
every worker confirms the same best. A shared study's
trials depend on which worker asked first, so only a single worker's study is reproducible trial by trial.
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

from sim.errors import ParamError, RunDirError, did_you_mean
from sim.registry import get_game
from strategies import Weight

STUDY_FILE = "study.db"
SAMPLERS = ("tpe", "cmaes")
OBJECTIVES = ("win", "rank")
NEAR_ZERO = 0.1  # a start value within this of 0 is tuned over start +- 1; any other over 0 .. 2 x start
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
    bounds = {n: default_range(start[n], spread) for n in chosen}
    for text in ranges:
        name, lo, hi = parse_range(text)
        if name not in chosen:
            raise ParamError(f"--range {text}: {name!r} is not among the tuned weights{did_you_mean(name, chosen)}")
        if by_name[name].choices:
            raise ParamError(
                f"--range {text}: {name} is categorical ({', '.join(by_name[name].choices)}): all are tried"
            )
        bounds[name] = (lo, hi)
    return [Knob(n, start[n], *bounds[n], by_name[n].choices) for n in chosen]


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
    if trials is None:
        trials = budget // per_trial if per_trial else min(100, max(10, budget // 2000))
    if trials < 1:
        raise ParamError(f"--budget {budget} does not cover one trial of --games-per-trial {per_trial}")
    players = max(len(f) + 1 for f in fields)
    per_field = budget // trials // len(fields)
    per_field -= per_field % math.lcm(*(len(f) + 1 for f in fields))  # every seat equally in every field
    if per_field < 1:
        raise ParamError(f"--budget {budget} over {trials} trials and {len(fields)} field(s) leaves fewer games per "
                         f"trial than seats to rotate ({players}): raise --budget or lower --trials")  # fmt: skip
    return trials, per_field


# ---------------------------------------------------------------- playing a trial


def trial_code(start: str, knobs: list[Knob], values: dict) -> str:
    """The player code of a trial: the start code with the tuned weights typed on it (in place of any the
    start code types), each to the 6 significant digits a player code shows (strategies: `f"{value:g}"`),
    so that the code a run records, a preset and the weights typed by hand all play the same bot."""
    name, _, typed = start.partition(":")
    weights = dict(item.split("=", 1) for item in typed.split(",") if item)
    for k in knobs:
        weights[k.name] = str(values[k.name]) if k.choices else f"{float(values[k.name]):g}"
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
    from optuna.distributions import CategoricalDistribution, FloatDistribution

    return {
        k.name: CategoricalDistribution(list(k.choices)) if k.choices else FloatDistribution(k.lo, k.hi) for k in knobs
    }


def start_params(knobs: list[Knob]) -> dict | None:
    """The start weights as trial parameters (the first trial), or None when a range leaves one out."""
    params = {}
    for k in knobs:
        if k.choices:
            params[k.name] = next((label for label, v in k.choices.items() if v == k.start), None)
            if params[k.name] is None:
                return None
        elif not k.lo <= k.start <= k.hi:
            return None
        else:
            params[k.name] = k.start
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


def open_study(cfg: TuneConfig, url: str, resume: bool, code_fp: str, shared: bool = False):
    """The study of this tune in `url`: created (a fresh tune), or loaded (--resume, or joining a shared
    storage's study of the same tune) after checking that it is this tune, played by this code."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    name = f"playout-tune-{cfg.game}-{cfg.key()}"
    names = study_names(url)
    if not resume and not (shared and name in names):  # a new tune; a shared storage may hold other tunes
        if names and not shared:
            raise RunDirError(f"{url} already holds a tune ({', '.join(names)}): choose another --out or "
                              "--storage, or add --resume")  # fmt: skip
        try:
            study = optuna.create_study(storage=url, study_name=name, direction=cfg.direction)
        except optuna.exceptions.DuplicatedStudyError:  # a worker sharing the storage created it a moment ago
            return open_study(cfg, url, resume, code_fp, shared)
        study.set_user_attr("config", cfg.to_json())
        if (params := start_params(cfg.knobs)) is not None:
            study.enqueue_trial(params)  # trial 0: the start bot, so the best is never worse than it on these games
        study.set_user_attr("code_fingerprint", code_fp)  # last: a joining worker waits for it (the study is ready)
        return study
    if name not in names:
        what = f"a different tune ({', '.join(names)})" if names else "no tune"
        raise RunDirError(
            f"--resume: {url} holds {what}: the options differ from the tune's, or start without --resume"
        )
    study = optuna.load_study(storage=url, study_name=name)
    for _ in range(int(STALE / WAIT)):  # a worker that created the study a moment ago is still preparing it
        if "code_fingerprint" in study.user_attrs:
            break
        time.sleep(WAIT)
    if study.user_attrs.get("code_fingerprint") != code_fp:
        option = "--resume" if resume else "--storage"
        raise RunDirError(f"{option}: the tune in {url} was played by other code (fingerprint "
                          f"{study.user_attrs.get('code_fingerprint')}, now {code_fp}): its trials would not "
                          "match the rest; start a new tune")  # fmt: skip
    return study


def study_names(url: str, tries: int = 3) -> list[str]:
    """The studies in `url`. Workers started together on a new shared database race to create its tables and
    all but one fail: they look again."""
    import optuna

    for attempt in range(tries):
        try:
            return [s.study_name for s in optuna.study.get_all_study_summaries(url, include_best_trial=False)]
        except Exception as e:  # sqlalchemy's errors: no such database, no driver, refused connection, a race
            if attempt == tries - 1:
                why = f"{type(e).__name__}: {str(e).splitlines()[0]}"
                raise ParamError(f"--storage: cannot open {url} ({why})") from None
            time.sleep(WAIT)
    return []


@dataclass
class Cost:
    games: int = 0
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0


def run_trials(cfg: TuneConfig, study, threads, cluster, on_games, on_trial) -> None:
    """Play and tell trials until cfg.trials are complete: first a running trial no live worker plays (a
    killed session's), then new ones while complete and running trials fall short, then wait for the rest."""
    import optuna

    space = distributions(cfg.knobs)
    me = worker()
    while True:
        done = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))
        if len(done) >= cfg.trials:
            break
        on_trial(len(done), best_of(study, done))
        running = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,))
        orphan = next((t for t in running if not played_by_another(study, t, me)), None)
        if orphan is not None:
            tell(cfg, study, orphan.number, orphan.params, threads, cluster, on_games, me)
        elif len(done) + len(running) < cfg.trials:
            study.sampler = sampler_for(cfg, len(study.trials))
            trial = study.ask(space)
            if over_budget(study, trial.number, cfg.trials):
                study.set_user_attr(f"over_budget_{trial.number}", me)
                study.tell(trial.number, state=optuna.trial.TrialState.FAIL)
                continue
            tell(cfg, study, trial.number, trial.params, threads, cluster, on_games, me)
        else:
            time.sleep(WAIT)  # the last trials are other workers'
    on_trial(cfg.trials, best_of(study, study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))))


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
    stamp = study.user_attrs.get(f"alive_{trial.number}")
    if stamp is None:
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
    from reports.stats import paired_mean_difference, paired_win_difference

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
    from sim.kernel_cache import code_fingerprint

    if storage is None:  # the study in --out: say plainly when a resume finds none there
        if resume and not (out / STUDY_FILE).exists():
            raise RunDirError(f"--resume: {out} holds no tune (no {STUDY_FILE})")
        out.mkdir(parents=True, exist_ok=True)
    study = open_study(cfg, storage_url(storage, out), resume, code_fingerprint(), shared=storage is not None)
    run_trials(cfg, study, threads, cluster, on_games, on_trial or (lambda done, best: None))
    best = study.best_trial.params
    tuned = trial_code(cfg.start, cfg.knobs, best)
    confirmation = confirm(cfg, tuned, threads, cluster, on_games)
    return TuneResult(cfg, study, best, tuned, confirmation, study_cost(study))


def total_games(cfg: TuneConfig) -> int:
    return cfg.trials * cfg.games_per_trial + 2 * cfg.confirm * len(cfg.fields)
