"""Two numba rules every game's kernels keep, checked on their source: numba's on-disk cache loads broken code
for mutually recursive functions, and specialises a helper once per literal argument (slow compiles, and the
overloads pile up in the cache). See NUMBA-NOTES.md and the G_FLOW note in each game's
rules/__init__.py."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rules_files(game: str) -> list[str]:
    """The modules of a game's rules package (sim/games/<game>/rules/), relative to the repository root."""
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "sim" / "games" / game / "rules").glob("*.py"))
    assert files, f"{game} has no rules package"
    return files


def njit_functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any("njit" in ast.unparse(x) for x in node.decorator_list):
            out[node.name] = node
    return out


def calls(fn: ast.FunctionDef) -> list[ast.Call]:
    return [n for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]


def all_njit(files: list[str]) -> dict[str, ast.FunctionDef]:
    functions = {}
    for path in files:
        functions.update(njit_functions(ast.parse((ROOT / path).read_text())))
    return functions


def literal_argument_calls(files: list[str], path: str) -> list[str]:
    """Calls in `path` of a kernel function of `files` with a literal (or CONSTANT-named) argument."""
    functions = all_njit(files)
    bad = []
    for fn in njit_functions(ast.parse((ROOT / path).read_text())).values():
        for call in calls(fn):
            if call.func.id not in functions:
                continue
            for arg in call.args:
                literal = isinstance(arg, ast.Constant) or (isinstance(arg, ast.Name) and arg.id.isupper())
                if literal or (isinstance(arg, ast.UnaryOp) and isinstance(arg.operand, ast.Constant)):
                    bad.append(f"{fn.name}: {ast.unparse(call)}")
    return bad


def recursive_chain(files: list[str]) -> list[str] | None:
    """A chain of calls from a kernel function back to itself, or None."""
    functions = all_njit(files)
    graph = {name: {c.func.id for c in calls(fn) if c.func.id in functions} for name, fn in functions.items()}
    state: dict[str, int] = {}

    def visit(name, path):
        if state.get(name) == 1:
            return path + [name]
        if state.get(name) == 2:
            return None
        state[name] = 1
        for callee in sorted(graph[name]):
            found = visit(callee, path + [name])
            if found:
                return found
        state[name] = 2
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None
