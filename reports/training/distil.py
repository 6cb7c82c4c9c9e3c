"""`playout distil`: a student policy distilled from a strong player (issue 49), generation by generation.

Each generation plays games between students of the last generation's model (generation 0: the student's
proposer alone, which is what a student of an empty table plays), and at sampled decisions asks the teacher what it
makes of every legal action (sim/samples.py with a teacher: the learned player's ratings, or any other player's
choice). That is DAgger: the student learns the positions it reaches itself, not only the teacher's. The student is
then fitted on every generation's positions so far: a softmax over the legal actions, with the logit of
strategies/student.py (the proposer's weight and the weights of the features where each action lands; the
per-action table only with `--table`, see RIDGES), fitted by cross-entropy to the softmax of the teacher's
ratings at a temperature (`fit_ridge`: numba computes the loss and its gradient, scipy's L-BFGS minimises), features
standardised for the fit and the scaling folded into the parameters. Each generation fits one student per ridge of
RIDGES and temperature of TEMPERATURES (times --temperature) and keeps the one that wins most on the choosing games
(`choose_by_play`, --choose-games; 0 chooses by agreement on validation positions instead, which was measured to
pick losers, see RIDGES). Each generation is then judged on held-out positions (games whose index % HOLDOUT == 0:
top-1 agreement with the teacher and regret in the teacher's units) and by its strength (one seat against three
greedy bots on judging games that neither the fit nor the choice saw); the strongest is student.json.

Everything kept under --out is resumable and keyed (sim/store.py): each sample chunk's arrays
(samples/gen<g>-<c>.npz, with a sealed record of what made it and its bytes' sha256: a chunk made by other code,
data, rules, teacher or student, or edited, is played again), each generation's model (models/gen<g>.json) and the
generations' log (generations.json, sealed and keyed the same way).
"""

from __future__ import annotations

import io
import json
import math
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
from numba import njit

from reports.training.student_net import hidden_logits, log_sum_exp
from reports.writers.plots import write_png
from sim.errors import ParamError
from sim.output import atomic_write_bytes
from sim.store import keep, recall, sha256
from strategies.student_model import HIDDEN, KIND, write_student

HOLDOUT = 5  # games whose index % HOLDOUT == 0 are held out of the fit (agreement and regret are measured on them)
CHUNK = 250  # games a sample chunk
EVAL_FIRST = 1 << 40  # the judging games' indices start here (never a sampling game)
MOST_GAMES = 10_000_000  # per generation, and judging games
MOST_GENERATIONS = 50
# Ridge on what is fitted (not on the proposer's weight), chosen per fit on validation games: the largest of these
# whose agreement with the teacher is within AGREE_TOL of the best. The per-action table is not fitted by default
# (`--table`): it agrees with the teacher on held-out positions (La Granja, 6,000 positions of greedy's games: 84.2%
# against the proposer's 83.2%) yet plays far worse, since a coefficient of a rarely taken action extrapolates
# wildly on the positions the student then reaches: one seat against three greedy bots won 0.5% at ridge 0.1 and
# 2.3% at 0.001, where the same positions fitted with the after-state weights alone won 57.2% (400 games).
#
# Agreement does not tell a strong student from a broken one. On La Granja's 86,400 positions (3 generations) every
# fit of RIDGES x TEMPERATURES agreed with the teacher on 82.1-83.0% of held-out positions (its proposer alone:
# 81.4%), yet one seat against three greedy bots (1,000 games, seed 202) won 48-54% at ridge 0.01 (any temperature)
# and 0.001 (T 0.2), and 0.0-2.2% at 0.001 (T 0.05 and 1) and at 1e-4 and below: a few after-state coefficients
# (silver, extensions) move the student into a policy that never wins. So each generation chooses its fit by play
# (`choose_by_play`).
RIDGES = (1e-4, 1e-3, 1e-2, 1e-1, 1.0)
HIDDEN_RIDGES = (
    1e-3,
)  # with --hidden: each fit costs minutes (La Granja: 3.5 on 2 cores); the best ridge of the linear fits
TEMPERATURES = (0.25, 1.0, 4.0)  # times --temperature: the fits a generation chooses among (with each ridge)
CHOOSE_FIRST = 1 << 39  # the choosing games' indices start here (neither sampling nor judging games)
AGREE_TOL = 0.002
VALIDATION = 4  # of the fitted games, those whose (index // HOLDOUT) % VALIDATION == 0 choose the ridge
MAX_ITER = 400  # L-BFGS iterations of a fit
SLOTS = 64  # legal actions a position's after-states are recorded for (`--after`); a position with more is not fitted


@dataclass
class DistilConfig:
    game: str
    teacher: str  # a player code
    players: int  # seats of the sampling and judging games
    games: int  # sampling games per generation
    generations: int
    eval_games: int  # judging games per generation
    temperature: float  # of the softmax of the teacher's ratings (its units: log-odds for the learned player)
    seed: int
    stride: int = 4  # a sampled decision every `stride` decisions of a game
    per_game: int = 24  # at most this many sampled decisions a game
    choose_games: int = 1000  # games a candidate fit plays to be chosen (0: choose by agreement, see RIDGES)
    after: bool = True  # the student weighs the features where each action lands (strategies/student.py)
    table: bool = False  # and fits its per-action table (bias and coefficients per action id) too
    hidden: int = 0  # hidden units over where each action lands (reports/training/student_net.py), from the linear fit
    params: dict = field(default_factory=dict)
    data_dir: str | None = None


@dataclass
class Generation:
    gen: int
    model: str
    positions: int  # fitted on (every generation's so far, held-out games excluded)
    held_out: int  # positions of this generation's held-out games
    agreement: float  # top-1 agreement with the teacher on them
    proposer_agreement: float  # the proposer alone's (what the student starts from)
    regret: float  # mean teacher utility lost by the student's choice (0 when it agrees)
    ridge: float  # the fit's ridge and temperature, chosen by play (or agreement)
    temperature: float
    tried: list  # [temperature, ridge, win share on the choosing games, held-out agreement] of each candidate fit
    win_vs_greedy: float
    lo: float
    hi: float
    seconds: float


def check_config(cfg: DistilConfig) -> None:
    for name, v, most in (("--games", cfg.games, MOST_GAMES), ("--generations", cfg.generations, MOST_GENERATIONS),
                          ("--eval-games", cfg.eval_games, MOST_GAMES), ("--per-game", cfg.per_game, 4096),
                          ("--stride", cfg.stride, 4096)):  # fmt: skip
        if not 1 <= v <= most:
            raise ParamError(f"{name} must be a whole number from 1 to {most:,}, not {v}")
    if not 0 <= cfg.choose_games <= MOST_GAMES:
        raise ParamError(f"--choose-games must be a whole number from 0 to {MOST_GAMES:,}, not {cfg.choose_games}")
    if not (math.isfinite(cfg.temperature) and cfg.temperature > 0):
        raise ParamError(f"--temperature must be a number above 0, not {cfg.temperature:g}")
    if not 0 <= cfg.hidden <= HIDDEN:
        raise ParamError(f"--hidden must be a whole number from 0 to {HIDDEN}, not {cfg.hidden}")
    if cfg.hidden and (cfg.table or not cfg.after):
        raise ParamError("--hidden weighs where each action lands: it takes --after and not --table")


def total_games(cfg: DistilConfig, hard: bool) -> int:
    return cfg.generations * (cfg.games + cfg.eval_games + len(candidates(cfg, hard)) * cfg.choose_games)


def hard_teacher(book, teacher: str) -> bool:
    """Whether the teacher gives only its choice (any player but `learned`, which rates every legal action)."""
    return book.player(teacher).strategy.family != "learned"


def candidates(cfg: DistilConfig, hard: bool) -> list[tuple[float, float]]:
    """The (temperature, ridge) of each fit a generation chooses among: with a `hard` teacher (a choice, not
    ratings) the temperature does not enter the fit, and with --choose-games 0 the ridge is chosen by agreement."""
    temps = [cfg.temperature] if hard or cfg.choose_games == 0 else [cfg.temperature * t for t in TEMPERATURES]
    ridges = HIDDEN_RIDGES if cfg.hidden else RIDGES
    return [(t, r) for t in temps for r in (ridges if cfg.choose_games else (None,))]


# ------------------------------------------------------------------ samples


def made_by(cfg: DistilConfig, prep, lineup: list[str], gen: int, first: int, count: int) -> dict:
    """What decides a sample chunk: code, rules, data contents, knobs, the teacher and the students playing (their
    weights' fingerprints: a replaced model is another player), and the games."""
    from sim.kernel_cache import code_fingerprint

    book = prep.spec.strategies
    return {
        "code": code_fingerprint(), "rules": prep.spec.version, "data": prep.data.fingerprint,
        "params": sorted(cfg.params.items()), "teacher": [cfg.teacher, book.fingerprint(cfg.teacher)],
        "lineup": [[c, book.fingerprint(c)] for c in lineup], "seed": cfg.seed, "gen": gen, "first": first,
        "count": count, "stride": cfg.stride, "per_game": cfg.per_game, "slots": SLOTS if cfg.after else 0,
    }  # fmt: skip


def sample_generation(cfg: DistilConfig, lineup: list[str], gen: int, out: Path, advance) -> dict:
    """Generation `gen`'s labelled positions, chunk by chunk, each kept (and reused only when made by the same)."""
    from sim.recipe import Recipe, prepare
    from sim.samples import play_samples

    prep = prepare(Recipe(cfg.game, lineup, cfg.seed, cfg.games, CHUNK, cfg.params, cfg.data_dir))
    teacher = prep.spec.strategies.player(cfg.teacher)
    parts = []
    for c in range(-(-cfg.games // CHUNK)):
        first, count = gen * cfg.games + c * CHUNK, min(CHUNK, cfg.games - c * CHUNK)
        path = out / "samples" / f"gen{gen}-{c:05d}.npz"
        key = made_by(cfg, prep, lineup, gen, first, count)
        part = recall_chunk(path, key)
        if part is None:
            played = play_samples(prep, first, count, cfg.stride, cfg.per_game, teacher, SLOTS if cfg.after else 0)
            part = positions(played, first)
            keep_chunk(path, key, part)
            advance(count)
        else:
            advance.skip(count)
        parts.append(part)
    return joined(parts)


def positions(played: dict, first: int) -> dict:
    """The sampled decisions as flat arrays: per position its game, the mover's features, the proposer's choice and
    where its legal actions start in `action` / `utility` (the teacher's verdict on each) / `landed` (the features
    where each lands, when recorded: positions with more legal actions than were recorded are left out)."""
    games, m = np.nonzero(np.arange(played["mover"].shape[1])[None, :] < played["got"][:, None])
    slots = played["landed"].shape[2]
    if slots:
        fits = np.isfinite(played["verdict"][games, m]).sum(axis=1) <= slots
        games, m = games[fits], m[fits]
    mover = played["mover"][games, m]
    verdict = played["verdict"][games, m]
    legal = np.isfinite(verdict)
    counts = legal.sum(axis=1)
    pos, action = np.nonzero(legal)
    slot = np.arange(len(pos)) - np.repeat(np.concatenate([[0], np.cumsum(counts)])[:-1], counts)
    n_features = played["feats"].shape[3]
    landed = played["landed"][games[pos], m[pos], slot] if slots else np.zeros((len(pos), 0))
    return {
        "game": (first + games).astype(np.int64),
        "x": played["feats"][games, m, mover].astype(np.float64),
        "proposed": played["proposed"][games, m].astype(np.int64),
        "start": np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)[:-1],
        "count": counts.astype(np.int64),
        "action": action.astype(np.int64),
        "utility": verdict[pos, action].astype(np.float64),
        "landed": landed.reshape(len(pos), n_features if slots else 0).astype(np.float64),
    }


def keep_chunk(path: Path, key: dict, part: dict) -> None:
    buf = io.BytesIO()
    np.savez(buf, **part)
    data = buf.getvalue()
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, data)
    keep(path.with_suffix(".json"), key, {"sha256": sha256(data)})


def recall_chunk(path: Path, key: dict) -> dict | None:
    """The chunk kept at path when made by `key` and intact (its bytes' hash as recorded), else None."""
    kept = recall(path.with_suffix(".json"), key)
    if kept is None or not path.exists():
        return None
    data = path.read_bytes()
    if sha256(data) != kept.get("sha256"):
        return None
    with np.load(io.BytesIO(data)) as z:
        return {k: z[k] for k in z.files}


def joined(parts: list[dict]) -> dict:
    """Several generations' positions as one set (each position's `start` moved past the actions before it)."""
    out = {k: [] for k in parts[0]}
    offset = 0
    for p in parts:
        for k, v in p.items():
            out[k].append(v + offset if k == "start" else v)
        offset += len(p["action"])
    return {k: np.concatenate(v) for k, v in out.items()}


def select(data: dict, keep_pos: np.ndarray) -> dict:
    """The positions where keep_pos is true, their actions re-packed."""
    idx = np.nonzero(keep_pos)[0]
    starts, counts = data["start"][idx], data["count"][idx]
    take = np.concatenate([np.arange(s, s + c) for s, c in zip(starts, counts, strict=True)]) if len(idx) else \
        np.zeros(0, np.int64)  # fmt: skip
    return {
        "game": data["game"][idx], "x": data["x"][idx], "proposed": data["proposed"][idx],
        "start": np.concatenate([[0], np.cumsum(counts)])[:-1].astype(np.int64), "count": counts,
        "action": data["action"][take], "utility": data["utility"][take], "landed": data["landed"][take],
    }  # fmt: skip


# ------------------------------------------------------------------ the fit


def targets(data: dict, temperature: float, hard: bool) -> np.ndarray:
    """Per legal action, the teacher's probability: the softmax of its ratings at `temperature`, or with a `hard`
    teacher (a choice, not ratings) all on its choice."""
    return _targets(data["start"], data["count"], data["utility"], temperature, hard)


@njit(cache=True)
def _targets(start, count, utility, temperature, hard):
    p = np.zeros(utility.shape[0])
    for i in range(start.shape[0]):
        lo, hi = start[i], start[i] + count[i]
        best = lo
        for j in range(lo, hi):
            if utility[j] > utility[best]:
                best = j
        if hard:
            p[best] = 1.0
            continue
        total = 0.0
        for j in range(lo, hi):
            p[j] = math.exp((utility[j] - utility[best]) / temperature)
            total += p[j]
        for j in range(lo, hi):
            p[j] /= total
    return p


@njit(cache=True)
def loss_grad(theta, x, proposed, start, count, action, landed, p, l2, table):
    """Mean cross-entropy of the student's softmax against p, plus the ridge, and its gradient. theta is the
    kernel's table on standardised features: the proposer's weight, the after-state coefficients (as many as landed
    has columns: none without `--after`), then per action its bias and coefficients (fitted only with `table`:
    otherwise their gradient is 0 and they stay where they start, at 0)."""
    n_pos, n = x.shape
    na = landed.shape[1]
    rows = 1 + na
    grad = np.zeros_like(theta)
    loss = 0.0
    z = np.zeros(4096)
    for i in range(n_pos):
        lo, c = start[i], count[i]
        top = -np.inf
        for j in range(c):
            a = action[lo + j]
            row = rows + a * (n + 1)
            v = theta[row] + (theta[0] if a == proposed[i] else 0.0)
            for f in range(n):
                v += theta[row + 1 + f] * x[i, f]
            for f in range(na):
                v += theta[1 + f] * landed[lo + j, f]
            z[j] = v
            top = max(top, v)
        lse = log_sum_exp(z, c, top)
        for j in range(c):
            a = action[lo + j]
            row = rows + a * (n + 1)
            q = math.exp(z[j] - lse)
            loss -= p[lo + j] * (z[j] - lse)
            g = (q - p[lo + j]) / n_pos
            if a == proposed[i]:
                grad[0] += g
            if table:
                grad[row] += g
                for f in range(n):
                    grad[row + 1 + f] += g * x[i, f]
            for f in range(na):
                grad[1 + f] += g * landed[lo + j, f]
    loss /= n_pos
    for t in range(1, theta.shape[0]):
        loss += 0.5 * l2 * theta[t] * theta[t]
        grad[t] += l2 * theta[t]
    return loss, grad


def fit(data: dict, n_actions: int, temperature: float, hard: bool, table: bool = False, hidden: int = 0) -> dict:
    """The student's table fitted to the teacher's verdicts: {'proposer_weight', 'bias', 'coef', 'ridge'} on raw
    features, its ridge the largest of RIDGES that agrees with the teacher on the validation games about as well as
    the best (within AGREE_TOL), refitted on every game. (`--choose-games 0`; by default the fit is chosen by play.)"""
    check = (data["game"] // HOLDOUT) % VALIDATION == 0
    ridge = RIDGES[-1]
    if check.any() and (~check).any():
        rest, held = select(data, ~check), select(data, check)
        agree = [judge(fit_ridge(rest, n_actions, temperature, hard, r, table), held)[0] for r in RIDGES]
        ridge = max(r for r, a in zip(RIDGES, agree, strict=True) if a >= max(agree) - AGREE_TOL)
    return {**fit_ridge(data, n_actions, temperature, hard, ridge, table, hidden), "ridge": ridge}


def choose_by_play(cfg: DistilConfig, prep, data: dict, held: dict, hard: bool, folder: Path, doc,
                   advance) -> tuple[dict, list]:  # fmt: skip
    """Of one fit per candidate (temperature, ridge), the one whose student wins most often in one seat against
    greedy on the choosing games (the same games for every candidate; ties to the earlier), and what each won and
    how often it agreed with the teacher on the `held` out positions (the report draws one against the other).
    Each candidate's model is written to `folder` (`doc(fitted)` makes its file)."""
    best, best_win, tried = None, -1.0, []
    for temperature, ridge in candidates(cfg, hard):
        fitted = {**fit_ridge(data, prep.spec.n_actions, temperature, hard, ridge, cfg.table, cfg.hidden),
                  "ridge": ridge, "temperature": temperature}  # fmt: skip
        path = folder / f"t{temperature:g}-r{ridge:g}.json"
        write_student(path, doc(fitted))
        won = float(against_greedy(cfg, f"student@{path}", CHOOSE_FIRST, cfg.choose_games, advance).mean())
        tried.append([temperature, ridge, won, judge(fitted, held)[0]])
        if won > best_win:
            best, best_win = fitted, won
    return best, tried


def fit_ridge(data: dict, n_actions: int, temperature: float, hard: bool, ridge: float, table: bool = True,
              hidden: int = 0) -> dict:  # fmt: skip
    """The table fitted with one ridge (features standardised for the fit, the scaling folded in after); with
    `hidden` units, the hidden layer then fitted from it (reports/training/student_net.py)."""
    from scipy.optimize import minimize

    if max(data["count"], default=0) > 4096:
        raise ParamError("a position with more than 4,096 legal actions: the fit's scratch is too small")
    x = data["x"]
    mu = x.mean(axis=0) if len(x) else np.zeros(x.shape[1])
    sd = x.std(axis=0) if len(x) else np.ones(x.shape[1])
    sd = np.where(sd > 1e-9, sd, 1.0)
    xs = (x - mu) / sd
    # where an action lands is scaled as the position is (the same features); the shift is the same for every
    # action of a position, so the softmax does not see it and it is not folded back
    landed = data["landed"] / sd if data["landed"].shape[1] else data["landed"]
    p = targets(data, temperature, hard)
    n, na = x.shape[1], landed.shape[1]
    theta0 = np.zeros(1 + na + n_actions * (n + 1))
    theta0[0] = 1.0  # the proposer alone: where the student starts
    args = (xs, data["proposed"], data["start"], data["count"], data["action"], landed, p, ridge, table)
    res = minimize(loss_grad, theta0, args=args, jac=True, method="L-BFGS-B", options={"maxiter": MAX_ITER})
    table = res.x[1 + na :].reshape(n_actions, n + 1)
    coef = table[:, 1:] / sd
    bias = table[:, 0] - coef @ mu
    after = (res.x[1 : 1 + na] / sd).tolist() if na else [0.0] * n
    linear = {"proposer_weight": float(res.x[0]), "bias": bias.tolist(), "coef": coef.tolist(), "after": bool(na),
              "after_coef": after, "loss": float(res.fun)}  # fmt: skip
    if not hidden:
        return linear
    from reports.training.student_net import fit_hidden

    return fit_hidden(data, p, mu, sd, ridge, hidden, linear)


def student_logits(model: dict, data: dict) -> np.ndarray:
    """The model's logit of each (position, legal action) of `data`."""
    pos = np.repeat(np.arange(len(data["count"])), data["count"])
    coef, bias = np.asarray(model["coef"]), np.asarray(model["bias"])
    z = bias[data["action"]] + np.einsum("lf,lf->l", coef[data["action"]], data["x"][pos])
    if model.get("after", False):
        z = z + data["landed"] @ np.asarray(model["after_coef"]) + hidden_logits(model, data)
    return z + model["proposer_weight"] * (data["action"] == data["proposed"][pos])


def judge(model: dict, data: dict) -> tuple[float, float, float]:
    """(agreement, the proposer's agreement, mean regret): the student's best action against the teacher's best
    on each position, and the teacher's utility it gives up."""
    if len(data["count"]) == 0:
        return float("nan"), float("nan"), float("nan")
    z = student_logits(model, data)
    starts = data["start"]
    u = data["utility"]
    best_u = np.maximum.reduceat(u, starts)
    best_z = np.maximum.reduceat(z, starts)
    pos = np.repeat(np.arange(len(starts)), data["count"])
    # the first action of each position reaching its maximum
    first_z = np.full(len(starts), -1)
    first_u = np.full(len(starts), -1)
    for arr, best, first in ((z, best_z, first_z), (u, best_u, first_u)):
        hit = np.nonzero(arr >= best[pos] - 1e-12)[0]
        first[pos[hit][::-1]] = hit[::-1]
    agree = float(np.mean(first_z == first_u))
    proposer_idx = np.nonzero(data["action"] == data["proposed"][pos])[0]
    chose_proposer = np.zeros(len(starts), bool)
    chose_proposer[pos[proposer_idx]] = first_u[pos[proposer_idx]] == proposer_idx
    regret = float(np.mean(best_u - u[first_z]))
    return agree, float(np.mean(chose_proposer)), regret


# ------------------------------------------------------------------ judging and the loop


def against_greedy(cfg: DistilConfig, code: str, first: int, count: int, advance) -> np.ndarray:
    """Per game first .. first + count - 1, whether one seat of `code` beat greedy in every other seat."""
    from reports.training.learn import wins

    return wins(cfg, [code, *["greedy"] * (cfg.players - 1)], code, first, count, advance)


def strength(cfg: DistilConfig, code: str, advance) -> tuple[float, float, float]:
    """One seat of `code` against greedy in the other seats, on the judging games: win rate and its 95% interval."""
    from reports.training.learn import interval

    return interval(against_greedy(cfg, code, EVAL_FIRST, cfg.eval_games, advance))


def model_doc(cfg: DistilConfig, prep, fitted: dict, proposer: dict, generations: list, command: str) -> dict:
    from sim.kernel_cache import code_fingerprint
    from strategies.learned_model import feature_names

    return {
        "kind": KIND, "game": cfg.game, "rules_version": prep.spec.version,
        "data_fingerprint": prep.data.fingerprint, "code_fingerprint": code_fingerprint(),
        "features": list(feature_names(cfg.game)), "n_actions": prep.spec.n_actions,
        "teacher": cfg.teacher, "temperature": fitted["temperature"], "proposer": proposer,
        "proposer_weight": fitted["proposer_weight"], "bias": fitted["bias"], "coef": fitted["coef"],
        "after": fitted["after"], "after_coef": fitted["after_coef"], "ridge": fitted["ridge"],
        "generations": generations, "command": command, **({"hidden": fitted["hidden"]} if "hidden" in fitted else {}),
    }  # fmt: skip


def distil(cfg: DistilConfig, out: Path, command: str, advance) -> list[Generation]:
    """Run (or resume) the generations; the strongest generation's student is out/student.json."""
    from sim.recipe import Recipe, prepare

    check_config(cfg)
    out = Path(out)
    prep = prepare(Recipe(cfg.game, [cfg.teacher] * cfg.players, cfg.seed, 1, 1, cfg.params, cfg.data_dir))
    book = prep.spec.strategies
    hard = hard_teacher(book, cfg.teacher)
    proposer = {"code": "greedy", "weights": proposer_weights(book, book.player(cfg.teacher))}
    log_key = {"config": asdict(cfg), "teacher": book.fingerprint(cfg.teacher)}
    done = recall(out / "generations.json", log_key) or []
    records = [Generation(**g) for g in done]
    parts = []
    for gen in range(cfg.generations):
        started = time.perf_counter()
        # generation 0: the proposer alone, which is what a student of an empty table plays
        code = proposer_code(proposer) if gen == 0 else f"student@{out / 'models' / f'gen{gen - 1}.json'}"
        parts.append(sample_generation(cfg, [code] * cfg.players, gen, out, advance))
        if gen < len(records):
            advance.skip(cfg.eval_games + len(candidates(cfg, hard)) * cfg.choose_games)
            continue
        data = joined(parts)
        fitting = select(data, data["game"] % HOLDOUT != 0)
        held = select(parts[-1], parts[-1]["game"] % HOLDOUT == 0)
        if cfg.choose_games:
            doc = lambda fitted: model_doc(cfg, prep, fitted, proposer, [], command)  # noqa: E731
            folder = out / "models" / f"gen{gen}"
            fitted, tried = choose_by_play(cfg, prep, fitting, held, hard, folder, doc, advance)
        else:
            fitted = {**fit(fitting, prep.spec.n_actions, cfg.temperature, hard, cfg.table, cfg.hidden),
                      "temperature": cfg.temperature}  # fmt: skip
            tried = []
        path = out / "models" / f"gen{gen}.json"
        write_student(path, model_doc(cfg, prep, fitted, proposer, [], command))
        agree, proposer_agree, regret = judge(fitted, held)
        m, lo, hi = strength(cfg, f"student@{path}", advance)
        records.append(Generation(gen, str(path), int(np.sum(data["game"] % HOLDOUT != 0)), len(held["count"]),
                                  agree, proposer_agree, regret, fitted["ridge"], fitted["temperature"], tried, m,
                                  lo, hi, time.perf_counter() - started))  # fmt: skip
        keep(out / "generations.json", log_key, [asdict(r) for r in records])
    best = max(records, key=lambda r: r.win_vs_greedy)
    doc = json.loads(Path(best.model).read_text())
    doc["generations"] = [asdict(r) for r in records]
    doc["chosen"] = best.gen
    doc["command"] = command
    write_student(out / "student.json", doc)
    return records


def proposer_weights(book, teacher) -> dict[str, float]:
    """The teacher's one-step bot's weights (the game's own, where they differ from the defaults): the student's
    proposer plays with them, as the teacher's did."""
    return {w.name: float(teacher.weights[i]) for i, w in enumerate(book.weights)
            if not w.only and teacher.weights[i] != w.default}  # fmt: skip


def proposer_code(proposer: dict) -> str:
    """The proposer as a player code: greedy with its weights."""
    weights = ",".join(f"{k}={v!r}" for k, v in proposer["weights"].items())
    return f"greedy:{weights}" if weights else "greedy"


# ------------------------------------------------------------------ the report


def write_report(out: Path, cfg: DistilConfig, records: list[Generation], command: str) -> Path:
    """report.html: per generation, agreement and regret on held-out positions of the student's own games, and
    strength against greedy."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import polars as pl

    from reports.writers.export import Section, Table, write_html

    nan = float("nan")
    gens = [r.gen for r in records]
    fig, ((left, right), (choice, versus)) = plt.subplots(2, 2, figsize=(11, 8))
    left.plot(gens, [r.agreement for r in records], "o-", label="student")
    left.plot(gens, [r.proposer_agreement for r in records], "s--", color="grey", label="its proposer alone")
    left.set_xlabel("generation")
    left.set_ylabel("top-1 agreement with the teacher (held out)")
    left.legend()
    right.errorbar(gens, [r.win_vs_greedy for r in records],
                   yerr=[[r.win_vs_greedy - r.lo for r in records], [r.hi - r.win_vs_greedy for r in records]],
                   fmt="o-", capsize=3)  # fmt: skip
    right.axhline(1 / cfg.players, color="grey", ls="--", lw=1)
    right.set_xlabel("generation")
    left.set_xticks(gens)
    right.set_xticks(gens)
    right.set_ylabel("win rate, one seat vs greedy (95%)")
    # (a generation kept before candidates recorded their agreement has none: nan)
    tried = pl.DataFrame([{"gen": r.gen, "temperature": t, "ridge": rd, "win_share": w, "agreement": (*a, nan)[0]}
                          for r in records for t, rd, w, *a in r.tried],
                         schema={"gen": pl.Int64, "temperature": pl.Float64, "ridge": pl.Float64,
                                 "win_share": pl.Float64, "agreement": pl.Float64})  # fmt: skip
    for (gen,), part in tried.group_by(["gen"], maintain_order=True):
        for (t,), line in part.group_by(["temperature"], maintain_order=True):
            choice.plot(line["ridge"], line["win_share"], "o-", label=f"gen {gen}, T {t:g}")
        versus.plot(part["agreement"], part["win_share"], "o", label=f"gen {gen}")
    versus.axhline(1 / cfg.players, color="grey", ls="--", lw=1)
    versus.set_xlabel("top-1 agreement with the teacher (held out)")
    versus.set_ylabel("win share on the choosing games")
    versus.set_title("each candidate fit: its agreement with the teacher against its strength", fontsize=9)
    if len(tried):
        versus.legend(fontsize=7)
    choice.set_xscale("log")
    choice.axhline(1 / cfg.players, color="grey", ls="--", lw=1)
    choice.set_xlabel("ridge")
    choice.set_ylabel(f"win share on the {cfg.choose_games:,} choosing games")
    if len(tried):
        choice.legend(fontsize=7)
    fig.suptitle(f"{cfg.game}: student distilled from {cfg.teacher}")
    fig.tight_layout()
    write_png(fig, out / "distil.png", f"{cfg.game}: student distilled from {cfg.teacher}", dpi=100)
    plt.close(fig)
    chosen = max(records, key=lambda r: r.win_vs_greedy)
    table = pl.DataFrame([{k: v for k, v in asdict(r).items() if k not in ("model", "tried")} for r in records])
    header = [f"command: {command}",
              f"teacher {cfg.teacher}; {cfg.players} seats; {cfg.games:,} games a generation, a position every "
              f"{cfg.stride} decisions (at most {cfg.per_game} a game); temperature {cfg.temperature:g}; "
              f"{'weighing where each action lands; ' if cfg.after else ''}"
              f"{'with its per-action table (--table); ' if cfg.table else ''}judged on "
              f"{cfg.eval_games:,} games",
              f"student.json: generation {chosen.gen} (the strongest)"]  # fmt: skip
    sections = [
        Section("Per generation", "agreement: the share of held-out positions (games whose index % "
                f"{HOLDOUT} == 0, played by the generation before) where the student's choice is the teacher's; "
                "regret: the teacher's utility it gives up there, in the teacher's units; win_vs_greedy: one "
                "student seat against greedy in every other seat", [out / "distil.png"],
                [Table("generations", table)]),
        Section("The fits each generation chose among", "one fit per ridge and temperature; each played one seat "
                f"against greedy on the same {cfg.choose_games:,} choosing games (neither sampling nor judging games) "
                "and the generation kept the one that won most (agreement with the teacher does not tell a strong "
                "fit from a broken one)", [], [Table("candidates", tried)]),
    ]  # fmt: skip
    return write_html(out / "report.html", f"{cfg.game}: distilled student", header, sections)
