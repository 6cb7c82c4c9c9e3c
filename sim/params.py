"""Rule knobs: the printed numbers of a game's rules, by name, as one int32 array for the kernels.

A game declares its knobs once, at import time, and gets their offsets back as module constants:

    PARAMS = ParamSpace("yokohama")
    K_START_MONEY = PARAMS.knob("start_money.seat0", 3, "yen of the start player", lo=0, hi=99,
                                source="sourced: seed 000")
    PARAMS.knob("start_money.seat1", 4, ...)

`--set start_money.seat0=5` reaches the array through `values({"start_money.seat0": 5})`; a sweep varies
one knob over a range. Knobs are integers because the rules are: a fractional rule number is stored in
the unit that makes it whole (the 2-player dummy's industry 7.5 is `dummy.industry_x2 = 15`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

import numpy as np

from sim.errors import ParamError, did_you_mean


@dataclass(frozen=True)
class Knob:
    name: str
    offset: int
    default: int
    lo: int
    hi: int
    doc: str
    source: str


class ParamSpace:
    def __init__(self, game: str):
        self.game = game
        self.knobs: list[Knob] = []
        self._by_name: dict[str, Knob] = {}

    def knob(self, name: str, default: int, doc: str, lo: int = 0, hi: int = 1000, source: str = "") -> int:
        if name in self._by_name:
            raise ValueError(f"{self.game}: knob {name} declared twice")
        if not lo <= default <= hi:
            raise ValueError(f"{self.game}: knob {name} default {default} outside {lo}..{hi}")
        k = Knob(name, len(self.knobs), int(default), int(lo), int(hi), doc, source)
        self.knobs.append(k)
        self._by_name[name] = k
        return k.offset

    @property
    def size(self) -> int:
        return len(self.knobs)

    def names(self) -> list[str]:
        return [k.name for k in self.knobs]

    def get(self, name: str) -> Knob:
        try:
            return self._by_name[name]
        except KeyError:
            raise ParamError(f"unknown parameter {name!r} for {self.game}{did_you_mean(name, self.names())}") from None

    def defaults(self) -> np.ndarray:
        return np.array([k.default for k in self.knobs], dtype=np.int32)

    def values(self, overrides: dict[str, int] | None = None) -> np.ndarray:
        """The int32 array the kernels read: defaults with `overrides` applied and range-checked."""
        arr = self.defaults()
        for name, value in (overrides or {}).items():
            k = self.get(name)
            if not k.lo <= value <= k.hi:
                raise ParamError(f"{name}={value} is impossible: it must be between {k.lo} and {k.hi} ({k.doc})")
            arr[k.offset] = value
        return arr

    def changed(self, arr: np.ndarray) -> dict[str, int]:
        """The knobs whose value differs from the printed rules."""
        return {k.name: int(arr[k.offset]) for k in self.knobs if int(arr[k.offset]) != k.default}

    def fingerprint(self, arr: np.ndarray) -> str:
        """A short hash of every knob's name and value: equal fingerprints mean equal rules."""
        pairs = [[k.name, int(arr[k.offset])] for k in self.knobs]
        return hashlib.sha256(json.dumps(pairs).encode()).hexdigest()[:16]


def parse_int(text: str, what: str) -> int:
    try:
        return int(text.replace("_", ""))
    except ValueError:
        raise ParamError(f"{what}: {text!r} is not a whole number") from None


def parse_assignments(items: list[str]) -> dict[str, str]:
    """['a=1', 'b=2..5'] -> {'a': '1', 'b': '2..5'}; the values stay text for the caller to read."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise ParamError(f"--set {item!r} is malformed: write KEY=VALUE, e.g. start_money.seat0=4")
        out[key] = value
    return out
