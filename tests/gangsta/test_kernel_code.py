"""Two numba rules the kernels keep, checked on the source: numba's on-disk cache loads broken code for
mutually recursive functions, and specialises a helper once per literal argument (slow compiles, and the
overloads pile up in the cache). See NUMBA-NOTES.md and the G_FLOW note in rules.py."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KERNEL_FILES = ["sim/games/gangsta/rules.py", "sim/games/gangsta/kernel.py", "strategies/gangsta.py"]


def njit_functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any("njit" in ast.unparse(x) for x in node.decorator_list):
            out[node.name] = node
    return out


def calls(fn: ast.FunctionDef) -> list[ast.Call]:
    return [n for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]


def all_njit() -> dict[str, ast.FunctionDef]:
    functions = {}
    for path in KERNEL_FILES:
        functions.update(njit_functions(ast.parse((ROOT / path).read_text())))
    return functions


@pytest.mark.parametrize("path", KERNEL_FILES)
def test_no_kernel_helper_is_called_with_a_literal_argument(path):
    functions = all_njit()
    bad = []
    for fn in njit_functions(ast.parse((ROOT / path).read_text())).values():
        for call in calls(fn):
            if call.func.id not in functions:
                continue
            for arg in call.args:
                literal = isinstance(arg, ast.Constant) or (isinstance(arg, ast.Name) and arg.id.isupper())
                if literal or (isinstance(arg, ast.UnaryOp) and isinstance(arg.operand, ast.Constant)):
                    bad.append(f"{fn.name}: {ast.unparse(call)}")
    assert not bad, "wrap constants as np.int64(...): " + "; ".join(bad)


def test_the_rules_have_no_recursive_calls():
    functions = all_njit()
    graph = {name: {c.func.id for c in calls(fn) if c.func.id in functions} for name, fn in functions.items()}
    state: dict[str, int] = {}

    def visit(name, path):
        if state.get(name) == 1:
            raise AssertionError("recursive calls: " + " -> ".join(path + [name]))
        if state.get(name) == 2:
            return
        state[name] = 1
        for callee in sorted(graph[name]):
            visit(callee, path + [name])
        state[name] = 2

    for name in sorted(graph):
        visit(name, [])
