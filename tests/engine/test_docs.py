"""RULES.md's generated tables are what the code declares (state layout, data layout, actions, knobs)."""

import pytest

from sim.docs import current_section, generated_section, rules_path
from sim.registry import available, get_game


@pytest.mark.parametrize("name", sorted(available()))
def test_rules_md_tables_match_the_code(name):
    spec = get_game(name)
    text = rules_path(spec).read_text()
    assert current_section(text) == generated_section(spec), f"run: python -m sim.docs {name}"
