"""Numba rules the kernels keep (the checks of tests/gangsta/test_kernel_code.py, on Obsession's kernels)."""

import ast
from pathlib import Path

import pytest

from tests.gangsta.test_kernel_code import calls, njit_functions

ROOT = Path(__file__).resolve().parents[2]
KERNEL_FILES = ["sim/games/obsession/rules.py", "sim/games/obsession/kernel.py", "strategies/obsession.py"]


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
    for start in graph:
        seen, todo = set(), [start]
        while todo:
            for callee in graph[todo.pop()]:
                assert callee != start, f"{start} calls itself through {callee}"
                if callee not in seen:
                    seen.add(callee)
                    todo.append(callee)
