"""Named offsets into flat integer arrays.

Every game keeps its state in one flat int32 array, its component data in another and its rule knobs in
a third. A `Layout` hands out the offsets once, at import time, as plain module-level integers, so kernels
read `s[base + P_MONEY]` instead of `s[17]`, and `describe()` prints the table that RULES.md documents.

    PLAYER = Layout("player")
    P_MONEY = PLAYER.field("money", "yen in hand")
    P_GOODS = PLAYER.field("goods", "copper, silk, tea, fish", size=4)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    name: str
    offset: int
    size: int
    doc: str


class Layout:
    """An append-only list of named slices of a flat array."""

    def __init__(self, name: str):
        self.name = name
        self.fields: list[Field] = []
        self.size = 0

    def field(self, name: str, doc: str, size: int = 1) -> int:
        """Reserve `size` cells for `name` and return the offset of the first one."""
        if size < 1:
            raise ValueError(f"{self.name}.{name}: size must be at least 1")
        if any(f.name == name for f in self.fields):
            raise ValueError(f"{self.name}.{name} is declared twice")
        offset = self.size
        self.fields.append(Field(name, offset, size, doc))
        self.size += size
        return offset

    def block(self, name: str, doc: str, inner: Layout, count: int) -> int:
        """Reserve `count` consecutive copies of `inner` (one per player, per area...)."""
        return self.field(name, f"{doc} ({count} x {inner.name}, {inner.size} cells each)", inner.size * count)

    def offset(self, name: str) -> int:
        for f in self.fields:
            if f.name == name:
                return f.offset
        raise KeyError(f"{self.name} has no field {name!r}")

    def name_at(self, index: int) -> str:
        """The field that holds cell `index`, as `name[k]` for multi-cell fields (for error messages)."""
        for f in self.fields:
            if f.offset <= index < f.offset + f.size:
                return f.name if f.size == 1 else f"{f.name}[{index - f.offset}]"
        raise IndexError(f"{self.name} has {self.size} cells, not {index + 1}")

    def describe(self) -> list[tuple[str, int, int, str]]:
        """(name, offset, size, doc) rows, in layout order."""
        return [(f.name, f.offset, f.size, f.doc) for f in self.fields]

    def markdown(self) -> str:
        lines = [f"| {self.name} field | offset | size | meaning |", "|---|---|---|---|"]
        lines += [f"| `{n}` | {o} | {s} | {d} |" for n, o, s, d in self.describe()]
        return "\n".join(lines)
