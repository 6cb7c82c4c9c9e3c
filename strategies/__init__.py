"""Bots, per game, as numba kernels chosen by id at run time, with named float weights.

A player code on the command line is a strategy name, optionally followed by weights:

    random
    greedy:w_vp=2,w_money=0.5
    --players greedy:w_vp=2,w_money=0.5,random,random,tech   (weights attach to the code before them)
    --players greedy*4                                        (four seats of the same code)
    --players tuned@runs/t/preset.json,greedy*3               (a preset written by `playout tune`)

Archetypes are presets: the same kernel with other default weights, so a new lineup or new weights
compile nothing new.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field

import numpy as np

from sim.errors import ParamError, did_you_mean
from strategies import learned_model, presets, student_model
from strategies.learned_value import PLAYER_ONLY


@dataclass(frozen=True)
class Weight:
    name: str
    default: float
    doc: str
    choices: dict[str, float] | None = None  # a categorical weight: its named values (e.g. rollout=greedy)
    only: str = ""  # set only for strategies of this family (e.g. the search's weights: "mcts")
    whole: tuple[int, int] | None = None  # a count: a whole number within these bounds (e.g. lv_worlds 1..256)
    table: bool = False  # one cell of a family's parameter table (the student's): shown as one row, never tuned
    # at its default, the player plays as every player did before the weight existed (a count at 1 world, a student's
    # hidden unit at 0): left out of the fingerprint then, so adding it does not make the ladders' ratings look stale
    inert: bool = False


@dataclass(frozen=True)
class Strategy:
    code: str
    kernel: int  # id the game's dispatcher switches on
    doc: str
    weights: dict[str, float] = field(default_factory=dict)  # preset values over the book's defaults
    family: str = ""  # which `only` weights it takes (strategies/mcts.py: "mcts")


@dataclass(frozen=True)
class Player:
    """One entry of a lineup: the code as typed, its kernel id and its full weight vector."""

    code: str
    strategy: Strategy
    weights: np.ndarray
    preset: dict | None = None  # a tuned@PATH preset or learned@PATH model (checked against the run in prepare)
    proposer: dict | None = None  # the student file of lv_proposer=student@PATH (checked there too)


class StrategyBook:
    def __init__(self, game: str, weights: list[Weight], strategies: list[Strategy]):
        self.game = game
        self.weights = weights
        self.strategies = {s.code: s for s in strategies}
        self._index = {w.name: i for i, w in enumerate(weights)}
        if presets.shipped_path(game).exists():  # the game's tuned bot, written by `playout tune`
            self.strategies["tuned"] = self.preset_strategy(presets.read_preset(presets.shipped_path(game), game))
        for s in self.strategies.values():
            for name in s.weights:
                if name not in self._index:
                    raise ValueError(f"{game}: preset {s.code} sets unknown weight {name}")

    @property
    def n_weights(self) -> int:
        return max(1, len(self.weights))

    def weight_vector(self, strategy: Strategy, overrides: dict[str, float]) -> np.ndarray:
        vec = np.zeros(self.n_weights, dtype=np.float64)
        for i, w in enumerate(self.weights):
            vec[i] = strategy.weights.get(w.name, w.default)
        for name, value in overrides.items():
            if name not in self._index:
                raise ParamError(
                    f"unknown weight {name!r} for {self.game} strategy {strategy.code}"
                    f"{did_you_mean(name, list(self._index))}"
                )
            only = self.weights[self._index[name]].only
            if only and only != strategy.family:
                raise ParamError(f"weight {name!r} is for {only} strategies only, not {strategy.code}")
            vec[self._index[name]] = value
        return vec

    def preset_strategy(self, doc: dict, code: str = "tuned") -> Strategy:
        """A preset as a strategy: the kernel and family of the strategy it tuned, its weights over that one's."""
        base = self.strategies.get(doc["strategy"])
        if base is None:
            raise ParamError(f"preset {code}: it tunes {doc['strategy']!r}, which is not a {self.game} strategy")
        for name, value in doc["weights"].items():
            if name not in self._index:
                raise ParamError(f"preset {code}: unknown weight {name!r} for {self.game}")
            self._check_preset_weight(code, base, self.weights[self._index[name]], value)
        doc_line = f"{base.code} tuned by `playout tune` ({doc.get('budget', '?')} games against {doc.get('field')})"
        return Strategy(code, base.kernel, doc_line, {**base.weights, **doc["weights"]}, base.family)

    def _check_preset_weight(self, code: str, base: Strategy, w: Weight, value: float) -> None:
        """A preset's weight is held to what a typed code may set: a weight of the preset's own kind of bot (not
        the search's on a greedy bot), a categorical weight one of its values, a count within its bounds."""
        if w.only and w.only != base.family:
            raise ParamError(f"preset {code}: weight {w.name!r} is for {w.only} strategies only, and the preset "
                             f"tunes {base.code}")  # fmt: skip
        if w.choices and value not in w.choices.values():
            named = ", ".join(f"{label} ({v:g})" for label, v in w.choices.items())
            raise ParamError(f"preset {code}: {w.name} = {value:g} is not one of {named}")
        if w.whole and not (value == int(value) and w.whole[0] <= value <= w.whole[1]):
            raise ParamError(f"preset {code}: {w.name} = {value:g} is not a whole number from {w.whole[0]} to "
                             f"{w.whole[1]} (a count, bounded as in a typed code)")  # fmt: skip

    def read_model(self, path: str) -> dict:
        """A model file of this game's learned value, checked (strategies/learned_model.py)."""
        if "lv_bias" not in self._index:
            raise ParamError(f"{self.game} has no learned player yet (no features.py wired into its bots)")
        return learned_model.read_model(path, self.game, learned_model.feature_names(self.game))

    def one_step_codes(self) -> list[str]:
        """The codes of the game's one-step bots (greedy's kernel): what a model's or student's proposer may be."""
        greedy = self.strategies["greedy"].kernel
        return [c for c, s in self.strategies.items() if s.kernel == greedy]

    def model_strategy(self, doc: dict, code: str) -> Strategy:
        """A model as a strategy: the `learned` kernel, the model's coefficients as its weights."""
        kernel = next(s.kernel for s in self.strategies.values() if s.family == "learned")
        learned_model.check_proposer(code, doc, self.weights, self.one_step_codes())
        return Strategy(code, kernel, "one step, the learned value of a model file", learned_model.model_weights(doc),
                        "learned")  # fmt: skip

    def student_strategy(self, path: str, code: str) -> tuple[Strategy, dict]:
        """A student model file as a strategy: the `student` kernel, the model's table and proposer as its weights."""
        kernel = next((s.kernel for s in self.strategies.values() if s.family == "student"), None)
        if kernel is None:
            raise ParamError(f"{self.game} has no student player (no features.py for it to read)")
        doc = student_model.read_student(path, self.game)
        # the student kernel calls greedy's with its proposer's weights: a search's or a table's weight there would
        # be read by nothing or overwritten, a choice out of its values read as another
        learned_model.check_proposer(code, doc, self.weights, self.one_step_codes(), "student")
        weights = student_model.student_weights_of(doc)
        doc_line = "a policy distilled by `playout distil`, from a model file"
        return Strategy(code, kernel, doc_line, weights, "student"), doc

    def player(self, code: str) -> Player:
        name, _, spec = code.partition(":")
        name = name.strip()
        preset = None
        if name.startswith("tuned@"):
            preset = presets.read_preset(name.removeprefix("tuned@"), self.game)
            strategy = self.preset_strategy(preset, name)
        elif name.startswith("learned@"):  # a model file of `playout learn` (strategies/learned.py)
            preset = self.read_model(name.removeprefix("learned@"))
            strategy = self.model_strategy(preset, name)
        elif name.startswith("student@"):  # a model file of `playout distil` (strategies/student.py)
            strategy, preset = self.student_strategy(name.removeprefix("student@"), name)
        elif name not in self.strategies:
            raise ParamError(f"unknown strategy {name!r} for {self.game}{did_you_mean(name, list(self.strategies))}")
        else:
            strategy = self.strategies[name]
        overrides: dict[str, float] = {}
        proposing = None  # lv_proposer=student@PATH: that student's table proposes for the learned player
        for item in filter(None, (p.strip() for p in spec.split(","))):
            key, sep, value = item.partition("=")
            if not sep:
                raise ParamError(f"player code {code!r} is malformed: weights are written NAME=NUMBER")
            if key.strip() == "lv_proposer" and value.strip().startswith("student@"):
                proposing = value.strip()
                overrides["lv_proposer"] = learned_model.PROPOSERS["student"]
                continue
            choices = self._choices(key.strip())
            if choices is not None and value.strip() in choices:
                overrides[key.strip()] = choices[value.strip()]
                continue
            if choices is not None:
                raise ParamError(
                    f"player code {code!r}: {key.strip()} = {value.strip()!r} is not one of "
                    f"{', '.join(choices)}{did_you_mean(value.strip(), list(choices))}"
                )
            try:
                number = float(value)
            except ValueError:
                raise ParamError(f"player code {code!r}: weight {key.strip()} = {value!r} is not a number") from None
            if not math.isfinite(number):
                raise ParamError(f"player code {code!r}: weight {key.strip()} = {value.strip()} is not a finite number")
            self._check_count(code, key.strip(), number)
            overrides[key.strip()] = number
        shown = ",".join(f"{k}={proposing if k == 'lv_proposer' and proposing else self.label(k, v)}"
                         for k, v in overrides.items())  # fmt: skip
        canonical = name + (":" + shown if overrides else "")
        vec = self.weight_vector(strategy, overrides)
        proposer = None
        if proposing is not None:
            proposer = self.proposing_student(code, strategy, proposing.removeprefix("student@"), vec)
        return Player(canonical, strategy, vec, preset, proposer)

    def proposing_student(self, code: str, strategy: Strategy, path: str, vec: np.ndarray) -> dict:
        """`learned:lv_proposer=student@PATH`: the student file's table written over the book's (the shipped
        student's) in the learned player's weights, every table weight the file lacks at its no-student default (a
        hidden unit at 0), so the player is `learned:lv_proposer=student` with that student shipped. Returns the file,
        checked against the run's rules and data in prepare as a student@ file is."""
        if strategy.family != "learned":
            raise ParamError(f"player code {code!r}: lv_proposer is for learned strategies only")
        if "st_proposer" not in self._index:
            raise ParamError(f"{self.game} has no student player (no features.py for it to read)")
        doc = student_model.read_student(path, self.game)
        table = student_model.student_weights_of(doc)
        for i, w in enumerate(self.weights):
            if w.only == "student" and w.table:
                vec[i] = table.get(w.name, 1.0 if w.name == "st_proposer" else 0.0)
        return doc

    def reads(self, player: Player) -> dict[str, float]:
        """The weights a player's kernel reads, by name: the game's own and its family's (a search scoring its
        cut-offs with the learned value reads the value's coefficients and bias too, not the learned player's
        margin and look). A count at its default is left out: it plays as every player did before the count
        existed (lv_worlds=1), so adding one does not make the answers and ladders of those players look stale; so is
        an `inert` weight at its default."""
        families = {"", player.strategy.family}
        if player.strategy.family == "learned" and player.weights[self._index["lv_proposer"]] > 0:
            families.add("student")  # the student proposes: a new shipped student is a new player
        if player.strategy.family == "mcts" and "eval" in self._index and player.weights[self._index["eval"]] > 0:
            families.add("learned")
        skip = () if player.strategy.family == "learned" else PLAYER_ONLY
        return {
            w.name: float(player.weights[i])
            for i, w in enumerate(self.weights)
            if w.only in families
            and w.name not in skip
            and not ((w.whole or w.inert) and player.weights[i] == w.default)
        }

    def fingerprint(self, code: str) -> str:
        """What a code plays, as a short hash of the weights it reads: it changes when the shipped model or
        preset behind the code is replaced, so a measurement of the old player is not read as the new one's."""
        text = json.dumps(self.reads(self.player(code)), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def fingerprints(self, codes) -> dict[str, str]:
        """Each distinct code's fingerprint (what a run's or a ladder's manifest keeps of its players)."""
        return {code: self.fingerprint(code) for code in dict.fromkeys(codes)}

    def _check_count(self, code: str, name: str, value: float) -> None:
        bounds = self.weights[self._index[name]].whole if name in self._index else None
        if bounds and not (value == int(value) and bounds[0] <= value <= bounds[1]):
            raise ParamError(f"player code {code!r}: {name} = {value:g} is not a whole number from {bounds[0]} to "
                             f"{bounds[1]}")  # fmt: skip

    def _choices(self, name: str) -> dict[str, float] | None:
        return self.weights[self._index[name]].choices if name in self._index else None

    def label(self, name: str, value: float) -> str:
        """A weight's value as written in a canonical code: the name of a categorical value."""
        for label, v in (self._choices(name) or {}).items():
            if v == value:
                return label
        return f"{value:g}"

    def lineup(self, text: str) -> list[Player]:
        return [self.player(code) for code in split_codes(text)]


def code_entries(text: str) -> list[tuple[str, int]]:
    """'greedy:w_vp=2,w_money=1,random*2' -> [('greedy:w_vp=2,w_money=1', 1), ('random', 2)]: each code
    with its repeat count, nothing repeated yet (greedy*1000000000 must be refused before it fills memory);
    a repeat count may also follow weights: 'greedy:w_vp=2*3'."""
    if not text.strip():
        raise ParamError("the player list is empty: name at least one player code")
    entries: list[list] = []  # [code, repeat]
    for token in (t.strip() for t in text.split(",")):
        if not token:
            raise ParamError(f"player list {text!r} has an empty entry")
        body, star, count = token.rpartition("*") if "*" in token else (token, "", "")
        repeat = 1
        if star:
            try:
                repeat = int(count)
            except ValueError:
                raise ParamError(f"player list {text!r}: {token!r} should be CODE*COUNT") from None
            if repeat < 1:
                raise ParamError(f"player list {text!r}: {token!r} repeats a code {repeat} times")
        if "=" in body and ":" not in body and entries:
            entries[-1][0] += "," + body  # a further weight of the code before
            entries[-1][1] = repeat if star else entries[-1][1]
        else:
            entries.append([body, repeat])
    return [(code, repeat) for code, repeat in entries]


def count_codes(text: str) -> int:
    """How many players a player list names, without expanding it."""
    return sum(repeat for _, repeat in code_entries(text))


def split_codes(text: str, most: int = 64) -> list[str]:
    """The player list expanded: 'greedy*2,random' -> ['greedy', 'greedy', 'random']; a list naming more
    than `most` codes is refused before anything is repeated."""
    entries = code_entries(text)
    total = sum(repeat for _, repeat in entries)
    if total > most:
        raise ParamError(f"the player list {text!r} names {total} players; at most {most} are allowed")
    return [code for code, repeat in entries for _ in range(repeat)]


def lineup_arrays(players: list[Player]) -> tuple[np.ndarray, np.ndarray]:
    """(kernel ids int32[P], weights float64[P, W]) for the kernels."""
    ids = np.array([p.strategy.kernel for p in players], dtype=np.int32)
    weights = np.stack([p.weights for p in players]).astype(np.float64)
    return ids, weights
