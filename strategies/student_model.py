"""Student model files: a policy table distilled from a strong player, written by `playout distil`.

    --players student@runs/d/student.json,greedy*3    a model file
    --players student*4                               the student shipped with the game (strategies/students/GAME.json)

A student gives each legal action a the logit `proposer * (a is the one-step bot's choice) + bias[a] +
sum(coef[a][j] * feature[j])` over the game's features (sim/games/<game>/features.py) in their declared order,
standardisation folded in, and with `after` true `sum(after_coef[j] * feature_after_a[j])` over the features where a
lands, and the `hidden` units' part when it has them (at most HIDDEN: each an `out` weight, a `bias`, `now` weights
over the position's features and `after` weights over where a lands; strategies/student.py plays it).

Its `proposer` is the one-step bot whose choice the `proposer` weight favours: its code and weights. A file is read
only when it says it is a student of this game over this feature set and action table with finite parameters; its
rules version and data set are checked where the run's are known (sim/recipe.prepare), since a policy fitted under
other rules or data plays another game.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from sim.errors import ParamError
from sim.output import atomic_write_bytes
from sim.parts import part

KIND = "playout student policy"
HIDDEN = 16  # the most hidden units a student has (the kernel's table holds this many; unused ones are zeros)
SHIPPED_DIR = Path(__file__).resolve().parent / "students"
WHAT = "a student is the student.json `playout distil` writes"
REQUIRED = ("kind", "game", "rules_version", "data_fingerprint", "features", "n_actions", "proposer_weight", "bias",
            "coef", "proposer")  # fmt: skip


def shipped_path(game: str) -> Path:
    return SHIPPED_DIR / f"{game}.json"


def read_student(path: str | Path, game: str) -> dict:
    """The student at `path`, checked to be one of `game` over its features and actions with finite parameters."""
    features = [name for name, _ in part(game, "features").FEATURES]
    n_actions = part(game, "actions").N_ACTIONS
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ParamError(f"student {path}: cannot read it ({e.strerror or e})") from None
    except ValueError:
        raise ParamError(f"{path} is not a student: it is not JSON ({WHAT})") from None
    if not isinstance(doc, dict) or doc.get("kind") != KIND or any(k not in doc for k in REQUIRED):
        raise ParamError(f"{path} is not a student ({WHAT})")
    if doc["game"] != game:
        raise ParamError(f"student {path} was distilled for the game {doc['game']!r}, not {game}")
    if doc["features"] != features or doc["n_actions"] != n_actions:
        raise ParamError(f"student {path} reads another feature set or action table than {game}'s "
                         f"({len(doc['features'])} features and {doc['n_actions']} actions, the game declares "
                         f"{len(features)} and {n_actions}): distil again")  # fmt: skip
    bias, coef = doc["bias"], doc["coef"]
    shaped = (
        isinstance(bias, list)
        and isinstance(coef, list)
        and len(bias) == n_actions
        and len(coef) == n_actions
        and all(isinstance(row, list) and len(row) == len(features) for row in coef)
    )
    if not shaped:
        raise ParamError(f"student {path}: its table is not {n_actions} biases and {n_actions} x {len(features)} "
                         "coefficients")  # fmt: skip
    after = doc.get("after_coef", [0.0] * len(features))
    if not isinstance(after, list) or len(after) != len(features) or not isinstance(doc.get("after", False), bool):
        raise ParamError(f"student {path}: its after-state part is not a true/false `after` and {len(features)} "
                         "`after_coef`")  # fmt: skip
    units = hidden_units(doc, len(features), path)
    values = [doc["proposer_weight"], *after, *bias, *(v for row in coef for v in row)]
    values += [v for u in units for v in (u[0], u[1], *u[2], *u[3])]
    if not all(_finite(v) for v in values):
        raise ParamError(f"student {path}: its parameters are not all finite numbers")
    proposer = doc["proposer"]
    if (
        not isinstance(proposer, dict)
        or not isinstance(proposer.get("code"), str)
        or not isinstance(proposer.get("weights"), dict)
        or not all(_finite(v) for v in proposer["weights"].values())
    ):
        raise ParamError(f"student {path}: its proposer is not a code with finite weights")
    return doc


def hidden_units(doc: dict, n: int, path="the student") -> list[tuple]:
    """The student's hidden units as (out, bias, now, after) each, checked in shape: at most HIDDEN of them, and only
    with `after` (a unit weighs where the action lands)."""
    hidden = doc.get("hidden")
    if hidden is None:
        return []
    keys = ("out", "bias", "now", "after")
    shaped = isinstance(hidden, dict) and all(isinstance(hidden.get(k), list) for k in keys)
    h = len(hidden["out"]) if shaped else 0
    shaped = shaped and all(len(hidden[k]) == h for k in keys) and 1 <= h <= HIDDEN
    shaped = shaped and all(isinstance(r, list) and len(r) == n for k in ("now", "after") for r in hidden[k])
    if not shaped:
        raise ParamError(f"student {path}: its hidden layer is not 1 to {HIDDEN} units, each an `out` weight, a "
                         f"`bias` and {n} `now` and {n} `after` weights")  # fmt: skip
    if not doc.get("after", False):
        raise ParamError(f"student {path}: a hidden layer weighs where each action lands, and `after` is false")
    return list(zip(*(hidden[k] for k in keys), strict=True))


def _finite(v) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def check_student(code: str, doc: dict, rules_version: str, data_fingerprint: str) -> None:
    """Refuse a student distilled under other rules or on another data set than the run's."""
    if doc["rules_version"] != rules_version:
        raise ParamError(f"player {code}: the student was distilled for rules version {doc['rules_version']}, "
                         f"the game is now at {rules_version}: distil again")  # fmt: skip
    if doc["data_fingerprint"] != data_fingerprint:
        raise ParamError(f"player {code}: the student was distilled on another data set (fingerprint "
                         f"{doc['data_fingerprint']}, the run's {data_fingerprint}): distil on this data")  # fmt: skip


def write_student(path: str | Path, doc: dict) -> None:
    """Write the student atomically (a reader never sees half a file)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, (json.dumps(doc) + "\n").encode())


def student_weights_of(doc: dict, proposer_only: bool = False) -> dict[str, float]:
    """The student as the `student` family's weights: its proposer's weights, then (unless `proposer_only`) its
    table as st_proposer, st_<a>.bias and st_<a>.<feature>."""
    out = {name: float(v) for name, v in doc["proposer"]["weights"].items()}
    if proposer_only:
        return out
    out["st_proposer"] = float(doc["proposer_weight"])
    out["st_after"] = 1.0 if doc.get("after", False) else 0.0
    out.update({f"st_after.{f}": float(c) for f, c in zip(doc["features"], doc.get("after_coef", []), strict=False)})
    for a, (b, row) in enumerate(zip(doc["bias"], doc["coef"], strict=True)):
        out[f"st_{a}.bias"] = float(b)
        out.update({f"st_{a}.{f}": float(c) for f, c in zip(doc["features"], row, strict=True)})
    for h, (w_out, b, now, after) in enumerate(hidden_units(doc, len(doc["features"]))):
        out[f"st_h{h}.out"], out[f"st_h{h}.bias"] = float(w_out), float(b)
        out.update({f"st_h{h}.now.{f}": float(c) for f, c in zip(doc["features"], now, strict=True)})
        out.update({f"st_h{h}.after.{f}": float(c) for f, c in zip(doc["features"], after, strict=True)})
    return out
