"""Learned-value model files: a linear value of a seat's position features, written by `playout learn`.

    --players learned@runs/l/model.json,greedy*3     a model file
    --players learned*4                              the model shipped with the game (strategies/models/GAME.json)

A model is `bias + sum(coef[i] * feature[i])` over the game's features (sim/games/<game>/features.py) in their
declared order, standardisation folded in. Its `proposer` (optional) is the one-step bot whose choice the value may
override (strategies/learned.py): its code and weights, those the model was judged with; without one the proposer is
the game's greedy bot. Its `margin` and `look` (optional) are the `lv_margin` and `lv_look` `playout learn` found
the model plays best with (without them, the book's defaults), and `worlds` (optional, 1 without it) the re-deals of
the unseen cards it averages each candidate's value over (`lv_worlds`), and `proposes` (optional, "greedy" without
it) who proposes: the proposer above, or "student", the game's shipped student (`lv_proposer`). A file is read only
when it says it is a model of this game over this feature set with finite parameters; its rules version and data set
are checked where the run's are known (sim/recipe.prepare), since a value learned under other rules or data rates
another game.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from sim.errors import ParamError
from sim.output import atomic_write_bytes
from sim.parts import part

KIND = "playout learned value"
SHIPPED_DIR = Path(__file__).resolve().parent / "models"
WHAT = "a model is the model.json `playout learn` writes"
MOST_WORLDS = 256  # lv_worlds' bound (strategies/learned.py)
PROPOSERS = {"greedy": 0.0, "student": 1.0}  # lv_proposer: the one-step bot proposes, or the game's student
LOOKS = {"step": 0.0, "turn": 1.0, "round": 2.0}  # lv_look: rate the position one step on, where the seat's turn
# ends, or where it is to move again after every other seat
REQUIRED = ("kind", "game", "rules_version", "data_fingerprint", "features", "coef", "bias")


def feature_names(game: str) -> tuple[str, ...]:
    """The names of the game's features (sim/games/<game>/features.py), in their order."""
    return tuple(name for name, _ in part(game, "features").FEATURES)


def shipped_path(game: str) -> Path:
    return SHIPPED_DIR / f"{game}.json"


def read_model(path: str | Path, game: str, feature_names: tuple[str, ...]) -> dict:
    """The model at `path`, checked to be a model of `game` over `feature_names` with finite parameters."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ParamError(f"model {path}: cannot read it ({e.strerror or e})") from None
    except ValueError:
        raise ParamError(f"{path} is not a model: it is not JSON ({WHAT})") from None
    if not isinstance(doc, dict) or doc.get("kind") != KIND or any(k not in doc for k in REQUIRED):
        raise ParamError(f"{path} is not a model ({WHAT})")
    for name in ("game", "rules_version", "data_fingerprint"):
        if not isinstance(doc[name], str):
            raise ParamError(f"model {path}: its {name} {doc[name]!r} is not a text")
    if doc["game"] != game:
        raise ParamError(f"model {path} was learned for the game {doc['game']!r}, not {game}")
    features = doc["features"]
    if not isinstance(features, list) or features != list(feature_names):
        count = f"{len(features)} features" if isinstance(features, list) else f"features {features!r}"
        raise ParamError(f"model {path} reads another feature set than {game}'s ({count}, "
                         f"the game declares {len(feature_names)}): learn again")  # fmt: skip
    coef = doc["coef"]
    numbers = [*coef, doc["bias"]] if isinstance(coef, list) else None
    if numbers is None or len(coef) != len(feature_names) or not all(_finite(v) for v in numbers):
        raise ParamError(f"model {path}: its parameters are not {len(feature_names)} + 1 finite numbers")
    proposer = doc.get("proposer", {"code": "greedy", "weights": {}})
    if (
        not isinstance(proposer, dict)
        or not isinstance(proposer.get("code"), str)
        or not isinstance(proposer.get("weights"), dict)
        or not all(_finite(v) for v in proposer["weights"].values())
    ):
        raise ParamError(f"model {path}: its proposer is not a code with finite weights")
    if "margin" in doc and not (_finite(doc["margin"]) and doc["margin"] >= 0):
        raise ParamError(f"model {path}: its margin is not a finite number >= 0")
    if "look" in doc and not (isinstance(doc["look"], str) and doc["look"] in LOOKS):
        raise ParamError(f"model {path}: its look {doc['look']!r} is not one of {', '.join(LOOKS)}")
    worlds = doc.get("worlds", 1)
    if not (isinstance(worlds, int) and not isinstance(worlds, bool) and 1 <= worlds <= MOST_WORLDS):
        raise ParamError(f"model {path}: its worlds {worlds!r} is not a whole number from 1 to {MOST_WORLDS}")
    if "proposes" in doc and doc["proposes"] not in PROPOSERS:
        raise ParamError(f"model {path}: its proposes {doc['proposes']!r} is not one of {', '.join(PROPOSERS)}")
    for name in ("target", "command"):
        if name in doc and not isinstance(doc[name], str):
            raise ParamError(f"model {path}: its {name} {doc[name]!r} is not a text")
    return doc


def check_proposer(path, doc: dict, weights, one_step: list[str], what: str = "model") -> None:
    """A model's (or, `what`, a student's) proposer is one of the game's one-step bots (`one_step`: the codes of
    greedy's kernel) and sets only the game's own weights (`weights`: the book's Weight list), each a value that
    weight can take: the learned and student kernels call greedy's with them, so a search's weight (iters, rollout)
    or a learned value's (lv_worlds) in a proposer would be read by nothing, or read as another weight."""
    proposer = doc.get("proposer", {"code": "greedy", "weights": {}})
    if proposer["code"] not in one_step:
        raise ParamError(f"{what} {path}: its proposer {proposer['code']!r} is not one of the game's one-step bots "
                         f"({', '.join(one_step)})")  # fmt: skip
    by_name = {w.name: w for w in weights}
    for name, value in proposer["weights"].items():
        w = by_name.get(name)
        if w is None:
            raise ParamError(f"{what} {path}: its proposer sets unknown weight {name!r}")
        if w.only:
            raise ParamError(f"{what} {path}: its proposer sets {name!r}, a weight of {w.only} players, not of "
                             "a one-step bot")  # fmt: skip
        if w.choices is not None and value not in w.choices.values():
            raise ParamError(f"{what} {path}: its proposer sets {name} = {value!r}, not one of the values "
                             f"{', '.join(f'{v:g}' for v in w.choices.values())} ({', '.join(w.choices)})")  # fmt: skip
        if w.whole is not None and not (value == int(value) and w.whole[0] <= value <= w.whole[1]):
            raise ParamError(f"{what} {path}: its proposer sets {name} = {value!r}, not a whole number from "
                             f"{w.whole[0]} to {w.whole[1]}")  # fmt: skip


def _finite(v) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def check_model(code: str, doc: dict, rules_version: str, data_fingerprint: str) -> None:
    """Refuse a model learned under other rules or on another data set than the run's."""
    if doc["rules_version"] != rules_version:
        raise ParamError(f"player {code}: the model was learned for rules version {doc['rules_version']}, "
                         f"the game is now at {rules_version}: learn again")  # fmt: skip
    if doc["data_fingerprint"] != data_fingerprint:
        raise ParamError(f"player {code}: the model was learned on another data set (fingerprint "
                         f"{doc['data_fingerprint']}, the run's {data_fingerprint}): learn on this data")  # fmt: skip


def write_model(path: str | Path, doc: dict) -> None:
    """Write the model atomically (a reader never sees half a file)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, (json.dumps(doc, indent=1) + "\n").encode())


def proposer_weights(doc: dict) -> dict[str, float]:
    """The weights of the model's proposer (the one-step bot whose choice the value may override)."""
    return {name: float(v) for name, v in doc.get("proposer", {}).get("weights", {}).items()}


def player_weights(doc: dict) -> dict[str, float]:
    """What a model sets besides its value: its proposer's weights, the override margin and look-ahead it was
    chosen with, the re-deals it averages over, and who proposes."""
    out = proposer_weights(doc)
    if "margin" in doc:
        out["lv_margin"] = float(doc["margin"])
    if "look" in doc:
        out["lv_look"] = LOOKS[doc["look"]]
    if "worlds" in doc:
        out["lv_worlds"] = float(doc["worlds"])
    if "proposes" in doc:
        out["lv_proposer"] = PROPOSERS[doc["proposes"]]
    return out


def model_weights(doc: dict) -> dict[str, float]:
    """The model as the `learned` family's weights: its proposer's and its margin, then lv_<feature> and
    lv_bias."""
    out = player_weights(doc)
    out.update({f"lv_{name}": float(c) for name, c in zip(doc["features"], doc["coef"], strict=True)})
    out["lv_bias"] = float(doc["bias"])
    return out
