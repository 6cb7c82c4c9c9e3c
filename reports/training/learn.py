"""`playout learn`: a value of positions learned from self-play, improved over generations (issue 33).

Generation 0 samples positions from the base lineup's self-play (sim/samples.py: every seat's features at
sampled decisions, each seat's outcome at the end) and fits a linear value; each later generation samples
with the best model so far in half the seats, refits on every sample so far, and keeps the new model only
if it beats the best in paired games: the same seeds, seats rotated, one seat against three greedy bots.
The fit is statsmodels' (already a dependency): a binomial GLM (logistic) of the win, or a ridge regression
of the rank share (`--target`); features are standardised for the fit and the scaling folded into the
coefficients, so the kernels compute bias + sum(coef * feature) on the raw features.

Everything kept under --out is resumable, and kept as sim/store.py keeps answers: keyed and sealed. learn.json
(written before anything else) holds what made the learn: its settings and what decides its games (the code, rules,
knobs and data contents fingerprints, and the weights each code of its lineup plays); a resume made by anything else
is refused, naming what differs. Each sample chunk (samples/gen<g>-<c>.parquet) has a sealed record beside it
(gen<g>-<c>.json: the key of what played it and the sha256 of its bytes), each generation's model
(models/gen<g>.json), its judgement (generations.json) and model.json are sealed documents carrying the learn's
key: a kept file that is missing, damaged, edited or made by another learn is played, fitted or judged again
(named in a warning), never read. Every file is written atomically; a full disk is a WriteError naming the file.
"""

from __future__ import annotations

import io
import json
import math
import time
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from reports.writers.plots import write_png
from sim.errors import InputError, ParamError, RunDataError, WriteError, did_you_mean
from sim.output import atomic_write_bytes, remove_stale_temps
from sim.samples import OUTCOMES, sample_range
from sim.seal import key_of, read_sealed, sha256, write_sealed
from strategies.learned import MARGIN, NEVER
from strategies.learned_model import KIND, LOOKS, MOST_WORLDS, feature_names

TARGETS = ("win", "rank_share")
HOLDOUT = 5  # games whose index % HOLDOUT == 0 are held out of the fit (the accuracy is measured on them)
STRIDE = 8  # a sampled decision every STRIDE decisions of a game (a 4-player game has about 500)
PER_GAME = 128  # at most this many sampled decisions a game
CHUNK = 500  # games a sample chunk
EVAL_FIRST = 1 << 40  # the judging games' indices start here (never a sampling game)
# lv_margin tried on the best model, after the generations, with each lv_look (strategies/learned.py LOOKS);
# 1000 (log-odds) never overrides: the proposer alone, played once
MARGINS = (0.25, 0.5, 1.0, 2.0, 1000.0)
SETTINGS = tuple((look, m) for m in MARGINS for look in (LOOKS if m < NEVER else ("step",)))
# The margin is in the value's units. A rank share lies in [0, 1], and near parity a step in it is worth about
# five in the log-odds of a win (d logit / dp = 1 / (p (1 - p)), 5.3 at p = 1/4): margins in log-odds put on a
# rank share's value overrode nothing (Gangsta!: every generation played as its proposer, 29.0%).
MARGIN_UNIT = {"win": 1.0, "rank_share": 0.2}


def settings(target: str) -> tuple[tuple[str, float], ...]:
    """SETTINGS with the margins in the units of `target`'s value (the proposer alone stays at 1000)."""
    return tuple((look, m * MARGIN_UNIT[target] if m < NEVER else m) for look, m in SETTINGS)


@dataclass
class LearnConfig:
    game: str
    players: list[str]  # the sampling lineup of generation 0 (its size is the player count)
    games: int  # sampling games per generation
    generations: int
    eval_games: int  # judging games per comparison
    target: str
    seed: int
    params: dict = field(default_factory=dict)
    data_dir: str | None = None
    proposer: str = "greedy"  # the one-step bot whose choice the value may override (its weights go in the model)
    look: str = "step"  # lv_look of the generations' models as they sample and are judged (the margin step tries each)
    worlds: int = 1  # lv_worlds of the final player: the margin step plays with it, the generations with one world


@dataclass
class Generation:
    gen: int
    model: str  # its model file
    samples: int  # rows fitted (all generations so far)
    auc: float
    log_loss: float
    win_vs_greedy: float  # one seat against three greedy bots
    lo: float
    hi: float
    diff_vs_best: float | None  # paired difference against the best so far (None for generation 0)
    diff_lo: float | None
    diff_hi: float | None
    head_to_head: float | None  # its seats' win share, two seats against two of the best so far
    kept: bool
    seconds: float


def default_proposer(book) -> str:
    """The one-step bot the learned player builds on: the game's tuned preset where it ships one."""
    return "tuned" if "tuned" in book.strategies else "greedy"


def check_proposer(book, code: str) -> None:
    """A proposer must be a strategy of the game's greedy kernel (the learned kernel calls that one)."""
    if code not in book.strategies:
        raise ParamError(f"unknown proposer {code!r} for {book.game}{did_you_mean(code, list(book.strategies))}")
    one_step = [c for c, s in book.strategies.items() if s.kernel == book.strategies["greedy"].kernel]
    if code not in one_step:
        raise ParamError(f"proposer {code!r} is not one of {book.game}'s one-step bots ({', '.join(one_step)})")


def default_players(book, n_players: int) -> list[str]:
    """Generation 0's lineup: greedy and the tuned bot (when the game ships one) alternating."""
    other = "tuned" if "tuned" in book.strategies else "greedy"
    return ["greedy" if i % 2 == 0 else other for i in range(n_players)]


def check_config(cfg: LearnConfig) -> None:
    """Every option in range, the sizes included, before anything is played or written: the samples of every
    generation are kept in memory for the fit, and the games' indices must stay in their ranges (the sampling
    games below EVAL_FIRST, the judging games above it, below 2**63)."""
    from sim.recipe import MAX_INDEX, check_memory

    if cfg.target not in TARGETS:
        raise ParamError(f"unknown target {cfg.target!r}: one of {', '.join(TARGETS)}")
    if cfg.look not in LOOKS:
        raise ParamError(f"unknown look {cfg.look!r}: one of {', '.join(LOOKS)}{did_you_mean(cfg.look, list(LOOKS))}")
    for name, v in (("--games", cfg.games), ("--generations", cfg.generations), ("--eval-games", cfg.eval_games)):
        if v < 1:
            raise ParamError(f"{name} must be at least 1, not {v}")
    if not 1 <= cfg.worlds <= MOST_WORLDS:
        raise ParamError(f"--worlds must be from 1 to {MOST_WORLDS}, not {cfg.worlds}")
    if cfg.games * cfg.generations > EVAL_FIRST:
        raise ParamError(f"--games {cfg.games} in {cfg.generations} generations: at most {EVAL_FIRST:,} sampling "
                         "games in all (the judging games' indices start there)")  # fmt: skip
    if EVAL_FIRST + 2 * cfg.eval_games - 1 > MAX_INDEX:
        raise ParamError(f"--eval-games {cfg.eval_games}: at most {(MAX_INDEX - EVAL_FIRST + 1) // 2:,} (a game "
                         "index is below 2**63)")  # fmt: skip
    row = len(cfg.players) * (len(feature_names(cfg.game)) + 8) * 8  # a sampled seat's features and outcomes
    sampled = f"--games {cfg.games} in {cfg.generations} generations (every sample is kept for the fit)"
    check_memory(cfg.games * cfg.generations * PER_GAME * row, sampled)
    check_memory(cfg.eval_games * 8 * 4, f"--eval-games {cfg.eval_games}")


# ------------------------------------------------------------------ what a learn keeps, keyed and sealed

LEARN_FILE = "learn.json"
LOG_FILE = "generations.json"
RUN_KIND = "playout learn run"
# How the user names each setting, for a resume refused because one differs.
OPTIONS = {"game": "game", "players": "--players", "games": "--games", "generations": "--generations",
           "eval_games": "--eval-games", "target": "--target", "seed": "--seed", "params": "--set",
           "data_dir": "--data", "proposer": "--proposer", "look": "--look"}  # fmt: skip
MADE_BY = (("code_fingerprint", "other code"), ("rules_version", "other rules"), ("data_fingerprint", "other data"),
           ("params_fingerprint", "other rule knobs"), ("fingerprints", "other weights under its codes (a model or "
           "preset replaced since)"))  # fmt: skip


def identity(cfg: LearnConfig, prep) -> dict:
    """What made a learn: its settings (all but --worlds, which only the final margin step plays with, and a
    resume may play again in more worlds) and what decides its games."""
    from sim.engine import manifest_for

    settings = {k: v for k, v in asdict(cfg).items() if k != "worlds"}
    made = manifest_for(prep, "running", 0.0, 0, None)
    book = prep.spec.strategies
    return {"settings": settings, **{k: made[k] for k, _ in MADE_BY if k != "fingerprints"},
            "fingerprints": book.fingerprints([*cfg.players, cfg.proposer, "greedy"])}  # fmt: skip


def claim_learn(out: Path, ident: dict) -> str:
    """The key of the learn in `out`: its learn.json when it was made by `ident` (refused in one line when
    by anything else), or a new learn.json written before anything else is."""
    path = out / LEARN_FILE
    if path.exists():
        kept = read_sealed(path)  # a damaged or edited one: RunDataError, one line
        old = kept.get("identity") if kept.get("kind") == RUN_KIND else None
        if not isinstance(old, dict) or not isinstance(old.get("settings"), dict):
            raise RunDataError(f"{path} does not record a playout learn: give another --out")
        if old["settings"] != ident["settings"]:
            was, now = old["settings"], ident["settings"]
            differ = [f"{option} {was.get(name)!r} there, {now[name]!r} now"
                      for name, option in OPTIONS.items() if was.get(name) != now[name]]  # fmt: skip
            raise ParamError(f"{out} holds a learn run with other settings ({'; '.join(differ)}): give the same "
                             "options, or another --out")  # fmt: skip
        for name, what in MADE_BY:
            if old.get(name) != ident[name]:
                shown = "" if name == "fingerprints" else f" ({name} {old.get(name)} there, {ident[name]} now)"
                raise ParamError(f"{out} holds a learn made by {what}{shown}: its samples and models would not "
                                 "match the rest; give another --out to learn again")  # fmt: skip
        return key_of(ident)
    if any((out / name).exists() for name in (LOG_FILE, "samples", "models", "model.json")):
        raise ParamError(f"{out} holds samples or models of another learn run (no {LEARN_FILE}): give another --out")
    ensure_dir(out)
    write_sealed(path, {"kind": RUN_KIND, "identity": ident})
    return key_of(ident)


def ensure_dir(path: Path) -> Path:
    """mkdir -p, a fault of the machine (a full disk) a WriteError naming the directory."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise WriteError(f"cannot create {path} ({e.strerror or e})") from None
    return path


def kept_sealed(path: Path, key: str, warn) -> dict | None:
    """The sealed document at path when it carries the learn's key, else None (a missing one silently; a damaged,
    edited or foreign one named through warn)."""
    if not path.exists():
        return None
    try:
        doc = read_sealed(path)
    except (InputError, RunDataError) as e:
        warn(f"{e}: made again")
        return None
    if doc.get("learn_key") != key:
        warn(f"{path} was made by another learn: made again")
        return None
    return doc


def write_kept(path: Path, doc: dict, key: str) -> dict:
    ensure_dir(path.parent)
    return write_sealed(path, {**doc, "learn_key": key})


def _quiet(message: str) -> None:
    pass


# ------------------------------------------------------------------ samples


def sample_generation(cfg, lineup, gen, out: Path, advance, key: str = "", warn=_quiet) -> pl.DataFrame:
    """Generation `gen`'s samples: chunks of CHUNK games played by `lineup`, each kept as a parquet part with a
    sealed record of what played it and of its bytes; a kept part is read only when both agree."""
    from sim.recipe import Recipe, prepare

    folder = ensure_dir(out / "samples")
    prep = prepare(Recipe(cfg.game, lineup, cfg.seed, cfg.games, CHUNK, cfg.params, cfg.data_dir))
    played = [prep.spec.strategies.fingerprint(code) for code in lineup]  # what each seat plays, not where from
    frames = []
    first = gen * cfg.games
    for c in range(-(-cfg.games // CHUNK)):
        path = folder / f"gen{gen}-{c:05d}.parquet"
        count = min(CHUNK, cfg.games - c * CHUNK)
        made_by = key_of({"learn": key, "generation": gen, "chunk": c, "games": count, "lineup": played})
        frame = kept_samples(path, made_by, warn)
        if frame is not None:
            advance.skip(count)
        else:
            frame = sample_range(prep, first + c * CHUNK, count, STRIDE, PER_GAME).with_columns(
                pl.lit(gen, pl.Int16).alias("generation")
            )
            buffer = io.BytesIO()
            frame.write_parquet(buffer)
            data = buffer.getvalue()
            atomic_write_bytes(path, data)  # the part first, then its record: a part without one is played again
            write_sealed(path.with_suffix(".json"), {"key": made_by, "sha256": sha256(data), "rows": frame.height})
            advance(count)
        frames.append(frame)
    return pl.concat(frames)


def kept_samples(path: Path, made_by: str, warn) -> pl.DataFrame | None:
    """A kept sample part when its record says `made_by` played it and its bytes hash to the record's."""
    record = path.with_suffix(".json")
    if not path.exists() and not record.exists():
        return None
    why = None
    try:
        doc = read_sealed(record)
        data = path.read_bytes()
        if doc.get("key") != made_by:
            why = "it was played by another learn or lineup"
        elif doc.get("sha256") != sha256(data):
            why = "its bytes do not match its record (damaged or edited)"
    except (InputError, RunDataError) as e:
        why = str(e)
    except OSError as e:
        why = f"cannot be read ({e.strerror or e})"
    if why is None:
        try:
            return pl.read_parquet(io.BytesIO(data))
        except Exception as e:  # noqa: BLE001  (a part whose bytes hash right but polars cannot read: play it again)
            why = f"not a parquet file ({type(e).__name__})"
    warn(f"{path}: {why}: playing it again")
    return None


# ------------------------------------------------------------------ the fit


def fit(frame: pl.DataFrame, names: list[str], target: str) -> dict:
    """bias and coef on the raw features, from the training games (index % HOLDOUT != 0); held-out AUC of
    the win against the value and log loss (of the logistic win, or of the value squashed, for ridge)."""
    import statsmodels.api as sm

    x = frame.select([f"f_{n}" for n in names]).to_numpy()
    y = frame[target].to_numpy()
    train = frame["game"].to_numpy() % HOLDOUT != 0
    mu = x[train].mean(axis=0)
    sd = x[train].std(axis=0)
    live = sd > 1e-9  # a constant feature (the player count in a 4-player run) gets no coefficient
    z = np.zeros_like(x)
    z[:, live] = (x[:, live] - mu[live]) / sd[live]
    design = np.column_stack([np.ones(len(z)), z[:, live]])
    if target == "win":
        with warnings.catch_warnings():  # features tied by a conservation law (Yokohama's assistants sum to a
            warnings.simplefilter("ignore")  # constant) leave the design rank-deficient: the minimum-norm fit
            glm = sm.GLM(y[train], design[train], family=sm.families.Binomial())
            beta = np.asarray(glm.fit(method="lbfgs", maxiter=500).params)  # IRLS took 17 GB on 1.4M rows
    else:
        beta = np.asarray(sm.OLS(y[train], design[train]).fit_regularized(alpha=1e-4, L1_wt=0.0).params)
    coef = np.zeros(len(names))
    coef[live] = beta[1:] / sd[live]
    bias = float(beta[0] - np.sum(beta[1:] * mu[live] / sd[live]))
    value = x @ coef + bias
    held = ~train
    win = frame["win"].to_numpy()
    return {
        "coef": [float(c) for c in coef],
        "bias": bias,
        "auc": auc(value[held], win[held] > 0),
        "log_loss": log_loss(value[held], win[held]) if target == "win" else float("nan"),
        "held_value": value[held],
        "held_win": win[held],
    }


def auc(score: np.ndarray, positive: np.ndarray) -> float:
    """Probability that a positive outranks a negative (ties count half): the Mann-Whitney statistic."""
    from scipy.stats import rankdata

    n_pos = int(positive.sum())
    n_neg = len(positive) - n_pos
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    ranks = rankdata(score)
    return float((ranks[positive].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def log_loss(value: np.ndarray, win: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-value)), 1e-12, 1 - 1e-12)
    return float(-np.mean(win * np.log(p) + (1 - win) * np.log(1 - p)))


def model_doc(cfg, names, fitted, prep, generations, command) -> dict:
    from sim.kernel_cache import code_fingerprint
    from sim.registry import get_game

    proposer = get_game(cfg.game).strategies.strategies[cfg.proposer]

    return {
        "kind": KIND,
        "game": cfg.game,
        "rules_version": prep.spec.version,
        "data_fingerprint": prep.data.fingerprint,
        "code_fingerprint": code_fingerprint(),
        "target": cfg.target,
        "features": list(names),
        "coef": fitted["coef"],
        "bias": fitted["bias"],
        "proposer": {"code": cfg.proposer, "weights": dict(proposer.weights)},
        "margin": MARGIN * MARGIN_UNIT[cfg.target],  # the generations sample and are judged with it
        "look": cfg.look,
        "generations": generations,
        "command": command,
    }


# ------------------------------------------------------------------ judging


def wins(cfg, lineup: list[str], code: str, first: int, count: int, advance) -> np.ndarray:
    """Per judging game, the share of `code`'s seats that won it (0 or 1 with one seat)."""
    from sim.play import play_frame
    from sim.recipe import Recipe, prepare

    prep = prepare(Recipe(cfg.game, lineup, cfg.seed, count, CHUNK, cfg.params, cfg.data_dir, first))
    seats = sum(1 for c in prep.codes if c == code)
    out = []
    for start in range(first, first + count, CHUNK):
        n = min(CHUNK, first + count - start)
        frame = play_frame(prep, start, n)
        out.append((frame["winner_strategy"] == code).to_numpy().astype(np.float64) / seats)
        advance(n)
    return np.concatenate(out)


def interval(x: np.ndarray) -> tuple[float, float, float]:
    """Mean and its 95% normal interval."""
    m = float(x.mean())
    h = 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x)) if len(x) > 1 else float("nan")
    return m, m - h, m + h


# ------------------------------------------------------------------ the loop


def total_games(cfg: LearnConfig) -> int:
    """Games played in all: sampling, and per generation its judging against greedy (and from generation 1
    against the best so far, head to head)."""
    return (cfg.generations * (cfg.games + cfg.eval_games) + (cfg.generations - 1) * cfg.eval_games
            + len(SETTINGS) * cfg.eval_games)  # fmt: skip


def learn(cfg: LearnConfig, out: Path, command: str, advance, warn=_quiet) -> list[Generation]:
    """Run (or resume) the generations, then choose the best model's override margin; returns the generations'
    records. The best model is out/model.json, with the margins tried. What is kept in `out` is reused only
    when it was made by this learn and is intact (module docstring); `warn(text)` names what is made again."""
    from sim.recipe import Recipe, prepare

    check_config(cfg)
    out = Path(out)
    names = list(feature_names(cfg.game))
    n = len(cfg.players)
    prep = prepare(Recipe(cfg.game, cfg.players, cfg.seed, 1, 1, cfg.params, cfg.data_dir))
    key = claim_learn(out, identity(cfg, prep))
    for folder in ("samples", "models"):  # the caller holds out's lock: a temporary file there is a killed writer's
        remove_stale_temps(out / folder)
    records = kept_records(out, key, warn)
    frames = []
    best = next((r for r in reversed(records) if r.kept), None)
    best_wins = None
    greedy3 = ["greedy"] * (n - 1)
    for gen in range(cfg.generations):
        started = time.perf_counter()
        lineup = list(cfg.players)
        if best is not None:  # the best model so far plays half the seats
            lineup = [f"learned@{best.model}" if i % 2 == 0 else c for i, c in enumerate(cfg.players)]
        frames.append(sample_generation(cfg, lineup, gen, out, advance, key, warn))
        if gen < len(records):  # judged before an interruption
            skip = cfg.eval_games * (1 if gen == 0 else 2)
            advance.skip(skip)
            best = records[gen] if records[gen].kept else best
            best_wins = None
            continue
        frame = pl.concat(frames)
        fitted = fit(frame, names, cfg.target)
        path = model_path(out, gen)
        write_kept(path, model_doc(cfg, names, fitted, prep, [], command), key)
        code = f"learned@{path}"
        mine = wins(cfg, [code, *greedy3], code, EVAL_FIRST, cfg.eval_games, advance)
        m, lo, hi = interval(mine)
        diff = d_lo = d_hi = h2h = None
        kept = best is None
        if best is not None:
            best_code = f"learned@{best.model}"
            if best_wins is None:
                best_wins = wins(cfg, [best_code, *greedy3], best_code, EVAL_FIRST, cfg.eval_games, lambda c: None)
            diff, d_lo, d_hi = interval(mine - best_wins)
            pair = [code if i % 2 == 0 else best_code for i in range(n)]
            h2h = float(wins(cfg, pair, code, EVAL_FIRST + cfg.eval_games, cfg.eval_games, advance).mean())
            kept = diff > 0
        record = Generation(gen, str(path), frame.height, fitted["auc"], fitted["log_loss"], m, lo, hi, diff, d_lo,
                            d_hi, h2h, kept, time.perf_counter() - started)  # fmt: skip
        records.append(record)
        if kept:
            best = record
            best_wins = mine
        write_kept(out / LOG_FILE, {"generations": [asdict(r) for r in records]}, key)
        if kept:
            write_final(out, records, key)
    choose_margin(cfg, out, advance, command, key, records, warn)
    return records


def model_path(out: Path, gen: int) -> Path:
    return Path(out) / "models" / f"gen{gen}.json"


def kept_records(out: Path, key: str, warn) -> list[Generation]:
    """The generations judged before an interruption, as far as each one's model is kept intact: from the first
    whose model is missing, damaged or another learn's, the generations are fitted and judged again."""
    doc = kept_sealed(out / LOG_FILE, key, warn)
    records = []
    try:
        for g, r in enumerate((doc or {}).get("generations", [])):
            if r.get("gen") != g:
                raise TypeError
            if kept_sealed(model_path(out, g), key, warn) is None:
                break
            records.append(Generation(**{**r, "model": str(model_path(out, g))}))  # where the folder is now
    except (TypeError, AttributeError):
        warn(f"{out / LOG_FILE} does not record generations: judged again")
        return []
    return records


def choose_margin(cfg: LearnConfig, out: Path, advance, command: str, key: str | None = None,
                  records: list[Generation] | None = None, warn=_quiet) -> list[dict]:  # fmt: skip
    """The override margin and look-ahead the best model plays best with in cfg.worlds re-deals: each of
    SETTINGS, one seat against greedy on the same judging games (common random numbers), the one pick_setting
    chooses written into model.json (`margin`, `look` and `worlds`, with every setting tried as `margins`). A
    value that only costs its proposer wins is thereby shipped as the proposer alone (margin 1000), and the
    model says so. A model.json whose `margins` name their look keeps them on a resume; those of other worlds
    stay in `margins` but are not chosen from (the command recorded is the one that chose). A model.json that
    is not this learn's intact one (`key`) is made again from the best generation's model, every setting
    played again."""
    model = out / "model.json"
    doc = kept_sealed(model, key, warn) if key is not None else read_sealed(model)
    if doc is None:
        doc = write_final(out, records or [], key)
    # A resume keeps what was tried (same model, same judging games) and plays only the settings it lacks: a
    # look added since (round), other worlds, or every setting for a model from before lv_look.
    known = {(r["look"], r["margin"], r.get("worlds", 1)): r for r in doc.get("margins", []) if "look" in r}
    greedy3 = ["greedy"] * (len(cfg.players) - 1)
    tried = []
    for look, margin in settings(cfg.target):
        if (look, margin, cfg.worlds) in known:
            advance.skip(cfg.eval_games)
            tried.append(known.pop((look, margin, cfg.worlds)))
            continue
        code = f"learned@{model}:lv_margin={margin:g},lv_look={look},lv_worlds={cfg.worlds}"
        m, lo, hi = interval(wins(cfg, [code, *greedy3], code, EVAL_FIRST, cfg.eval_games, advance))
        tried.append({"look": look, "margin": margin, "worlds": cfg.worlds, "win_vs_greedy3": m, "lo": lo, "hi": hi})
    best = pick_setting(tried)
    doc["margin"], doc["look"], doc["worlds"] = best["margin"], best["look"], cfg.worlds
    doc["margins"], doc["command"] = [*known.values(), *tried], command
    doc = {k: v for k, v in doc.items() if k not in ("content_sha256", "learn_key")}
    write_kept(model, doc, key) if key is not None else write_sealed(model, doc)
    return tried


def pick_setting(tried: list[dict]) -> dict:
    """The setting to play: the best one step on, replaced by a costlier look's best (turn, then round: each
    several times the cost of the one before) only when the whole interval of its win rate lies above the
    choice so far. A look that wins a point more within the noise is not worth several times the CPU."""
    chosen = None
    for look in LOOKS:  # in order of cost
        here = [r for r in tried if r["look"] == look]
        if not here:
            continue
        best = max(here, key=lambda r: r["win_vs_greedy3"])
        if chosen is None or best["lo"] > chosen["win_vs_greedy3"]:
            chosen = best
    return chosen


def write_final(out: Path, records: list[Generation], key: str) -> dict:
    """model.json: the best generation's model (its kept, sealed file), with the strength of every generation
    up to it (as written when it was kept)."""
    best = next((r for r in reversed(records) if r.kept), None)
    source = kept_sealed(model_path(out, best.gen), key, _quiet) if best is not None else None
    if source is None:
        raise RunDataError(f"{out}: no intact model of a kept generation to write model.json from: learn again "
                           "in another --out")  # fmt: skip
    gens = [{"generation": r.gen, "win_vs_greedy3": r.win_vs_greedy, "lo": r.lo, "hi": r.hi, "kept": r.kept,
             "samples": r.samples, "auc": r.auc} for r in records[: best.gen + 1]]  # fmt: skip
    doc = {k: v for k, v in source.items() if k not in ("content_sha256", "learn_key")}
    return write_kept(out / "model.json", {**doc, "generations": gens}, key)


def kept_text(out: Path, cfg: LearnConfig) -> str:
    """What an interrupted learn keeps in `out`, for the line Ctrl-C prints."""
    parts = len(list((Path(out) / "samples").glob("gen*-*.json"))) if (Path(out) / "samples").is_dir() else 0
    chunks = cfg.generations * -(-cfg.games // CHUNK)
    try:
        judged = len(read_sealed(Path(out) / LOG_FILE).get("generations", []))
    except (InputError, RunDataError):
        judged = 0
    if not (Path(out) / LEARN_FILE).exists():
        return "nothing was kept"
    return (f"kept {min(parts, chunks)} of {chunks} sample chunks and {judged} of {cfg.generations} "
            f"judged generations in {out}: rerun with --resume to go on")  # fmt: skip


# ------------------------------------------------------------------ the report


def write_report(out: Path, cfg: LearnConfig, records: list[Generation], command: str) -> Path:
    """report.html: held-out accuracy, the calibration of the best model, the strength per generation."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from reports.writers.export import Section, Table, write_html

    names = list(feature_names(cfg.game))
    frame = pl.concat([pl.read_parquet(p, glob=False) for p in sorted((out / "samples").glob("gen*.parquet"))])
    best = next(r for r in reversed(records) if r.kept)
    doc = json.loads(model_path(out, best.gen).read_text())
    held = frame.filter(pl.col("game") % HOLDOUT == 0)
    x = held.select([f"f_{n}" for n in names]).to_numpy()
    value = x @ np.asarray(doc["coef"]) + doc["bias"]
    p = 1.0 / (1.0 + np.exp(-np.clip(value, -30, 30)))
    win = held["win"].to_numpy()
    bins = np.minimum((p * 10).astype(int), 9)
    cal = pl.DataFrame({"bin": bins, "p": p, "win": win}).group_by("bin").agg(
        pl.col("p").mean().alias("predicted"), pl.col("win").mean().alias("observed"), pl.len().alias("positions")
    ).sort("bin")  # fmt: skip
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot([0, 1], [0, 1], color="grey", lw=1)
    ax.plot(cal["predicted"], cal["observed"], "o-")
    ax.set_xlabel("predicted win probability (held-out positions)")
    ax.set_ylabel("observed win share")
    ax.set_title(f"{cfg.game}: calibration of generation {best.gen}")
    fig.tight_layout()
    save_figure(fig, out / "calibration.png")
    fig, ax = plt.subplots(figsize=(6, 4))
    gens = [r.gen for r in records]
    ax.errorbar(gens, [r.win_vs_greedy for r in records],
                yerr=[[r.win_vs_greedy - r.lo for r in records], [r.hi - r.win_vs_greedy for r in records]],
                fmt="o-", capsize=3)  # fmt: skip
    ax.axhline(1 / len(cfg.players), color="grey", ls="--", lw=1)
    ax.set_xlabel("generation")
    ax.set_ylabel("win rate, one seat vs greedy (95%)")
    ax.set_title(f"{cfg.game}: strength per generation")
    fig.tight_layout()
    save_figure(fig, out / "strength.png")
    table = pl.DataFrame([{k: v for k, v in asdict(r).items() if k != "model"} for r in records])
    coefs = pl.DataFrame({"feature": [*names, "bias"], "coefficient": [*doc["coef"], doc["bias"]]})
    header = [f"command: {command}", f"target: {cfg.target}; sampling lineup {','.join(cfg.players)}; "
              f"{cfg.games:,} games a generation; judged on {cfg.eval_games:,} paired games",
              f"best: generation {best.gen} ({best.model}, copied to model.json)"]  # fmt: skip
    final = json.loads((out / "model.json").read_text())
    margins = pl.DataFrame([{"worlds": 1, **r} for r in final["margins"]])
    chosen = f"lv_margin {final['margin']:g}, lv_look {final.get('look', 'step')}, lv_worlds {final.get('worlds', 1)}"
    sections = [
        Section("Strength per generation", "win rate of one seat against three greedy bots; diff_vs_best is the "
                "paired difference to the best before it on the same games; auc and log_loss on held-out games",
                [out / "strength.png"], [Table("generations", table)]),
        Section("Calibration", "held-out positions binned by the predicted win probability (sigmoid of the value)",
                [out / "calibration.png"], [Table("calibration", cal)]),
        Section("Override margin", f"the best model against three greedy bots on the same judging games at each "
                f"lv_margin (1000: {cfg.proposer}'s choice always) and lv_look (step: the position one step on; "
                f"turn: where the seat's turn ends; round: where it is to move again after every other seat), in "
                f"`worlds` re-deals of the unseen cards; model.json plays the best in its worlds, {chosen}",
                [], [Table("margins", margins)]),
        Section("The model", "coefficients on the raw features", [], [Table("coefficients", coefs)]),
    ]  # fmt: skip
    return write_html(out / "report.html", f"{cfg.game}: learned value", header, sections)


def save_figure(fig, path: Path) -> None:
    """The figure as a PNG, written atomically (a full disk: a WriteError naming the file)."""
    import matplotlib.pyplot as plt

    write_png(fig, path, Path(path).stem, dpi=100)
    plt.close(fig)


_ = OUTCOMES  # the sample frame's outcome columns; `--target` picks among them
