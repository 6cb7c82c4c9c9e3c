"""Yokohama's position features (sim/games/yokohama/features.py): they see nothing hidden (the decks' order,
the order and tech cards the seat has not drawn), they are finite, named once each, and each varies."""

import numpy as np

from tests import features_check as fc

G = fc.Game("yokohama")


def played() -> list[np.ndarray]:
    return fc.positions(G, 2, range(2), seed=1) + fc.positions(G, 4, range(2), seed=2)


def test_features_see_nothing_hidden_from_the_seat():
    states = played()[::5]
    assert len(states) > 100
    assert fc.redeal_changes_no_feature(G, states) > len(states) // 4  # the re-deal moved hidden cards


def test_features_are_named_finite_and_each_varies():
    fc.check_declaration(G)
    fc.check_table(G, fc.feature_table(G, played()[::3]))
