"""Rule knobs: named, range-checked, fingerprinted; bad keys get a did-you-mean."""

import pytest

from sim.errors import ParamError
from sim.params import ParamSpace, parse_assignments


@pytest.fixture()
def space():
    s = ParamSpace("toy")
    s.knob("start_money.seat0", 3, "yen of the start player", 0, 99)
    s.knob("start_money.seat1", 4, "yen of the second seat", 0, 99)
    return s


def test_values_apply_overrides(space):
    assert space.values({"start_money.seat0": 5}).tolist() == [5, 4]


def test_unknown_key_suggests_the_closest(space):
    with pytest.raises(ParamError, match="did you mean 'start_money.seat0'"):
        space.values({"start_money.sea0": 1})


def test_impossible_value_names_the_range(space):
    with pytest.raises(ParamError, match="between 0 and 99"):
        space.values({"start_money.seat1": 100})


def test_fingerprint_changes_with_any_value(space):
    assert space.fingerprint(space.values()) != space.fingerprint(space.values({"start_money.seat1": 5}))
    assert space.fingerprint(space.values()) == space.fingerprint(space.defaults())


def test_changed_lists_only_differences(space):
    assert space.changed(space.values({"start_money.seat1": 9})) == {"start_money.seat1": 9}


def test_malformed_assignment_is_refused():
    with pytest.raises(ParamError, match="KEY=VALUE"):
        parse_assignments(["start_money.seat0"])
    assert parse_assignments(["a=1", " b = 2 "]) == {"a": "1", "b": "2"}
