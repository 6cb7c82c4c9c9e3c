"""The house's arrows point one way: a game's rules and data know nothing of bots, bots read the rules, the
play loop and the engine sit above both, reports above the engine, the commands and cli.py on top; no
module imports one that (directly or not) imports it back; and games are found, not listed. Within reports/,
the experiments and the trainers stand on the analysis and the writers, never the other way.

Imports are read from the source (every `import` and `from ... import`, function-local ones included), so
a cycle hidden behind a function-local import counts. A game's modules are also found by name at compile or run
time, through sim/parts.py, the one module that spells where a game's parts live: each such lookup with its
part named (`part(game, "features")`, `module_of(game, "rules")`) is an arrow too, and must point down the
layers like an import, except from sim/hooks.py and sim/registry.py, which bind every game's parts (the bots
included) to the code written once above them.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sim.registry import available

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("sim", "strategies", "reports", "commands")
TOP = ("cli",)
# The foundation: small tools with no knowledge of any game, which every layer may use.
FOUNDATION = {
    "sim", "sim.errors", "sim.rng", "sim.kernel_tools", "sim.layout", "sim.actions", "sim.params",
    "sim.datafiles", "sim.spec", "sim.hooks", "sim.data_variants", "sim.games", "sim.output", "sim.kernel_cache",
    "sim.parts",
}  # fmt: skip
BINDERS = {"sim.hooks", "sim.registry"}  # they find every part of every game by name: that is their job
LOOKUPS = {"part", "optional_part", "module_of", "part_name"}  # sim/parts.py and sim/hooks.py's ways to find a part
# Layers, lowest first: a module may import its own layer and those below it, never one above.
LAYERS = [
    ("foundation", lambda m: m in FOUNDATION),
    ("game", lambda m: m.startswith("sim.games.")),
    ("bots", lambda m: m == "strategies" or m.startswith("strategies.")),
    ("engine", lambda m: m.startswith("sim.")),
    ("reports", lambda m: m == "reports" or m.startswith("reports.")),
    ("commands", lambda m: m == "commands" or m.startswith("commands.") or m in TOP),
]

# Within reports/, by job (reports/__init__.py): what each subpackage may import. analysis/ and writers/ are the floor
# and use each other (an analysis module draws its figure with writers/plots.py, a writer's header names the players'
# strength from analysis/strength.py); experiments/ and training/ stand on both and never on each other.
REPORTS_MAY_IMPORT = {
    "analysis": {"analysis", "writers"},
    "writers": {"writers", "analysis"},
    "experiments": {"experiments", "analysis", "writers"},
    "training": {"training", "analysis", "writers"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules() -> dict[str, Path]:
    found = {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    found.update({name: ROOT / f"{name}.py" for name in TOP})
    return found


def imports_of(path: Path, name: str, known: set[str]) -> set[str]:
    """The project modules `path` imports (a `from X import Y` that names a module counts as X.Y)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return {m for m in out if m in known and m != name}


def import_graph() -> dict[str, set[str]]:
    modules = source_modules()
    known = set(modules)
    return {name: imports_of(path, name, known) for name, path in modules.items()}


def layer(module: str) -> int:
    return next(i for i, (_, test) in enumerate(LAYERS) if test(module))


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return [*path[path.index(n) :], n]
            if n not in state and (cycle := visit(n)):
                return cycle
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (cycle := visit(m)):
            return cycle
    return None


def test_the_import_graph_has_no_cycle():
    assert find_cycle(import_graph()) is None, " -> ".join(find_cycle(import_graph()) or [])


def test_no_module_of_a_game_package_imports_the_bots_or_anything_above_the_rules():
    bad = [
        f"{m} imports {n}"
        for m, targets in import_graph().items()
        if m.startswith("sim.games.")
        for n in targets
        if not n.startswith("sim.games.") and n not in FOUNDATION
    ]
    assert not bad, "; ".join(bad)


def test_every_import_points_down_the_layers():
    bad = []
    for m, targets in import_graph().items():
        for n in targets:
            if layer(n) > layer(m):
                bad.append(f"{m} ({LAYERS[layer(m)][0]}) imports {n} ({LAYERS[layer(n)][0]})")
    assert not bad, "; ".join(sorted(bad))


def reports_part(module: str) -> str | None:
    """The subpackage of reports/ a module is in (reports.analysis.stats -> analysis), None outside them."""
    parts = module.split(".")
    return parts[1] if parts[0] == "reports" and len(parts) > 1 else None


def test_within_reports_experiments_and_training_stand_on_analysis_and_writers():
    graph = import_graph()
    parts = {reports_part(m) for m in graph} - {None}
    assert parts == set(REPORTS_MAY_IMPORT), f"reports/ holds {sorted(parts)}: each module belongs in a subpackage"
    bad = [
        f"{m} ({part}) imports {n} ({to})"
        for m, targets in graph.items()
        if (part := reports_part(m))
        for n in targets
        if (to := reports_part(n)) and to not in REPORTS_MAY_IMPORT[part]
    ]
    assert not bad, "; ".join(sorted(bad))


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_every_game_package_is_registered_without_a_central_list():
    packages = sorted(p.parent.name for p in (ROOT / "sim" / "games").glob("*/__init__.py"))
    assert sorted(available()) == packages
    registry = (ROOT / "sim" / "registry.py").read_text()
    assert not [g for g in packages if f'"{g}"' in registry], "sim/registry.py names a game"


@pytest.mark.parametrize("game", sorted(available()))
def test_each_game_has_one_bots_module_and_its_rules_modules(game):
    bots = [p for p in (ROOT / "strategies").iterdir() if p.stem == game or p.name.startswith(f"{game}_")]
    assert len(bots) == 1, f"{game}'s bots live in {[p.name for p in bots]}: one module or package"
    for needed in ("rules", "row", "hidden", "layout", "actions", "spec"):
        assert any((ROOT / "sim" / "games" / game / f).exists() for f in (f"{needed}.py", needed)), needed


# What a game package holds, the same in every game (docs/ARCHITECTURE.md "Adding a game"); data_sets/ is optional.
GAME_PACKAGE = {
    "__init__.py", "actions.py", "features.py", "hidden.py", "layout.py", "params.py", "render.py", "row.py",
    "spec.py", "tables.py", "rules", "data", "RULES.md",
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(available()))
def test_every_game_package_has_the_same_shape(game):
    held = {p.name for p in (ROOT / "sim" / "games" / game).iterdir() if p.name not in ("__pycache__", "data_sets")}
    assert held == GAME_PACKAGE, f"{game}: missing {sorted(GAME_PACKAGE - held)}, extra {sorted(held - GAME_PACKAGE)}"
    assert (ROOT / "sim" / "games" / game / "rules" / "__init__.py").exists(), f"{game}'s rules are not a package"


def test_every_game_with_features_has_their_checks():
    """A game's features (the learned value's input) are checked by its own tests/<game>/test_features.py:
    that they see nothing hidden, are finite and vary (tests/features_check.py holds the shared checks)."""
    games = sorted(p.parent.name for p in (ROOT / "sim" / "games").glob("*/features.py"))
    assert games, "no game declares features"
    missing = [g for g in games if not (ROOT / "tests" / g / "test_features.py").exists()]
    assert not missing, f"games whose features no test checks: {missing}"


def part_lookups(path: Path) -> set[str]:
    """The parts a module finds by name: the place of each lookup call whose place is written as a literal."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name in LOOKUPS and isinstance(node.args[1].value, str):
                out.add(node.args[1].value)
    return out


def test_a_games_part_found_by_name_points_down_the_layers_like_an_import():
    from sim.parts import PLACES, part_name

    bad, found = [], 0
    for m, path in source_modules().items():
        for place in part_lookups(path):
            found += 1
            assert place in PLACES, f"{m} looks up a part {place!r} that sim/parts.py does not know"
            target = part_name(next(iter(available())), place)
            if m not in BINDERS and layer(target) > layer(m):
                bad.append(f"{m} ({LAYERS[layer(m)][0]}) finds {place} ({LAYERS[layer(target)][0]})")
    assert found > 5, "the lookups were not found: has their spelling changed?"
    assert not bad, "; ".join(sorted(bad))


def test_where_a_games_parts_live_is_spelled_in_one_module():
    """`sim.games.{}.features` written anywhere but sim/parts.py would be an arrow no test sees."""
    spelled = re.compile(r"(sim\.games|strategies)\.\{")
    files = [*source_modules().values(), *(ROOT / "benchmarks").glob("*.py")]
    bad = [str(p.relative_to(ROOT)) for p in files if p.name != "parts.py" and spelled.search(p.read_text())]
    assert not bad, f"a game's module path spelled outside sim/parts.py: {bad}"


def test_the_spelling_check_sees_a_spelled_path():
    assert re.search(r"(sim\.games|strategies)\.\{", 'import_module(f"sim.games.{game}.rules")')
    assert part_lookups(ROOT / "strategies" / "learned.py") >= {"features"}


@pytest.mark.parametrize("game", sorted(available()))
def test_importing_a_game_reads_none_of_its_data(game):
    """A game's spec names its cards from its data only when asked (sim/datafiles.BuiltinNames): a command that
    never needs them never opens the data files."""
    script = f"""
from pathlib import Path
from sim.parts import part
read, real = [], Path.read_bytes
def watched(path):
    read.append(str(path))
    return real(path)
Path.read_bytes = watched
spec = part({game!r}, "spec").SPEC
assert not read, read
names = sum(len(kind["names"]) for kind in (spec.card_kinds or {{}}).values())
print(names)
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1"})  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.split()[-1]) > 0, "the card kinds name no card"
