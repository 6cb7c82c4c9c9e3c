"""Fixed action tables: every decision of a game is one index into a table of action kinds.

    ACTIONS = ActionTable("yokohama")
    A_PLACE = ACTIONS.kind("place", 18, "put one assistant into area position i")
    A_PLACE_DONE = ACTIONS.kind("place_done", 1, "stop placing")

A kind with count > 1 takes an argument: action A_PLACE + i. `name(a)` spells an action for logs.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    name: str
    base: int
    count: int
    doc: str


class ActionTable:
    def __init__(self, game: str):
        self.game = game
        self.kinds: list[Kind] = []
        self.size = 0

    def kind(self, name: str, count: int, doc: str) -> int:
        k = Kind(name, self.size, count, doc)
        self.kinds.append(k)
        self.size += count
        return k.base

    def kind_of(self, action: int) -> tuple[Kind, int]:
        for k in self.kinds:
            if k.base <= action < k.base + k.count:
                return k, action - k.base
        raise IndexError(f"{self.game} has {self.size} actions, not {action + 1}")

    def kind_index(self) -> list[int]:
        """For each action, the index of its kind (for per-kind statistics)."""
        out = []
        for i, k in enumerate(self.kinds):
            out += [i] * k.count
        return out

    def name(self, action: int) -> str:
        k, arg = self.kind_of(action)
        return k.name if k.count == 1 else f"{k.name}({arg})"

    def markdown(self) -> str:
        lines = ["| action kind | ids | meaning |", "|---|---|---|"]
        for k in self.kinds:
            ids = str(k.base) if k.count == 1 else f"{k.base}..{k.base + k.count - 1}"
            lines.append(f"| `{k.name}` | {ids} | {k.doc} |")
        return "\n".join(lines)
