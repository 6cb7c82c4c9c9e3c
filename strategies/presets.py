"""Tuned presets: the weights `playout tune` chose, kept as a JSON file, played as a player code.

    --players tuned@runs/t/preset.json,greedy*3     a preset file written by `playout tune`
    --players tuned*4                               the preset shipped with the game (strategies/presets/GAME.json)

A preset is the strategy it tuned (its kernel and family) with the tuned weights over that strategy's own.
A file is read only when it says it is a preset of this game; its rules version and data set are checked
where the run's are known (sim/engine.prepare), since a preset tuned for other rules or data plays another game.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from sim.errors import ParamError

KIND = "playout tune preset"
SHIPPED_DIR = Path(__file__).resolve().parent / "presets"
WHAT = "a preset is the preset.json `playout tune` writes"
REQUIRED = ("kind", "game", "rules_version", "data_fingerprint", "strategy", "weights")
TEXT = ("game", "rules_version", "data_fingerprint", "strategy")  # the required fields that are names


def shipped_path(game: str) -> Path:
    return SHIPPED_DIR / f"{game}.json"


def read_preset(path: str | Path, game: str) -> dict:
    """The preset at `path`, checked to be a preset of `game` whose weights are finite numbers."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ParamError(f"preset {path}: cannot read it ({e.strerror or e})") from None
    except ValueError:
        raise ParamError(f"{path} is not a preset: it is not JSON ({WHAT})") from None
    if not isinstance(doc, dict) or doc.get("kind") != KIND or any(k not in doc for k in REQUIRED):
        raise ParamError(f"{path} is not a preset ({WHAT})")
    for key in TEXT:  # compared and shown as names: a number, list or object there is not a preset's
        if not isinstance(doc[key], str):
            raise ParamError(f"preset {path}: its {key} is not a name ({WHAT})")
    if doc["game"] != game:
        raise ParamError(f"preset {path} was tuned for the game {doc['game']!r}, not {game}")
    weights = doc["weights"]
    if not isinstance(weights, dict) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in weights.values()
    ):
        raise ParamError(f"preset {path}: its weights are not all finite numbers")
    return doc


def check_preset(code: str, doc: dict, rules_version: str, data_fingerprint: str) -> None:
    """Refuse a preset tuned under other rules or another data set than the run's."""
    if doc["rules_version"] != rules_version:
        raise ParamError(f"player {code}: the preset was tuned for rules version {doc['rules_version']}, "
                         f"the game is now at {rules_version}: tune again")  # fmt: skip
    if doc["data_fingerprint"] != data_fingerprint:
        raise ParamError(f"player {code}: the preset was tuned on another data set (fingerprint "
                         f"{doc['data_fingerprint']}, the run's {data_fingerprint}): tune on this data")  # fmt: skip
