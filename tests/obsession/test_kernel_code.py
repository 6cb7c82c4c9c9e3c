"""Obsession's kernels keep the two numba rules of tests/kernel_code.py (no literal arguments, no recursion)."""

import pytest

from tests.kernel_code import literal_argument_calls, recursive_chain, rules_files

KERNEL_FILES = [*rules_files("obsession"), "sim/games/obsession/row.py", "strategies/obsession.py"]


@pytest.mark.parametrize("path", KERNEL_FILES)
def test_no_kernel_helper_is_called_with_a_literal_argument(path):
    bad = literal_argument_calls(KERNEL_FILES, path)
    assert not bad, "wrap constants as np.int64(...): " + "; ".join(bad)


def test_the_rules_have_no_recursive_calls():
    chain = recursive_chain(KERNEL_FILES)
    assert chain is None, "recursive calls: " + " -> ".join(chain or [])
