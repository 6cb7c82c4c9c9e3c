"""The RNG module: counter-based, keyed by (seed, game, stream), the only randomness in sim/ and strategies/."""

import ast
from pathlib import Path

import numpy as np

from sim.rng import N_STREAMS, below, new_streams, next_u64, seed_streams, shuffle

ROOT = Path(__file__).resolve().parents[2]


def test_same_seed_and_game_give_the_same_streams():
    assert np.array_equal(new_streams(7, 3), new_streams(7, 3))


def test_streams_differ_between_games_seeds_and_streams():
    a, b, c = new_streams(7, 3), new_streams(7, 4), new_streams(8, 3)
    assert not np.array_equal(a, b) and not np.array_equal(a, c)
    assert len(set(a.tolist())) == N_STREAMS


def test_drawing_from_one_stream_leaves_the_others_unchanged():
    rng = new_streams(1, 0)
    before = rng.copy()
    for _ in range(10):
        next_u64(rng, 2)
    changed = np.flatnonzero(rng != before)
    assert changed.tolist() == [2]


def test_below_is_uniform_enough():
    rng = new_streams(3, 0)
    counts = np.bincount([below(rng, 0, 6) for _ in range(60_000)], minlength=6)
    assert counts.min() > 9_500 and counts.max() < 10_500


def test_shuffle_is_a_permutation_and_depends_on_the_key():
    a = np.arange(30, dtype=np.int32)
    b = a.copy()
    shuffle(a, 0, 30, new_streams(1, 0), 0)
    shuffle(b, 0, 30, new_streams(1, 1), 0)
    assert sorted(a.tolist()) == list(range(30))
    assert not np.array_equal(a, b)


def test_seed_streams_handles_the_largest_seed():
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(np.uint64(2**64 - 1), np.uint64(2**40), rng)
    assert rng.dtype == np.uint64 and len(set(rng.tolist())) == N_STREAMS


def _random_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) else [])
            if any(n and (n == "random" or n.startswith("numpy.random")) for n in names):
                found.append(f"{path}:{node.lineno} imports random")
        if isinstance(node, ast.Attribute) and node.attr == "random":
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("np", "numpy"):
                found.append(f"{path}:{node.lineno} uses np.random")
    return found


def test_no_randomness_outside_the_rng_module_in_sim_and_strategies():
    uses = []
    for package in ("sim", "strategies"):
        for path in sorted((ROOT / package).rglob("*.py")):
            uses += _random_uses(path)
    assert uses == [], "randomness must come from sim/rng.py:\n" + "\n".join(uses)


def test_the_random_use_detector_finds_np_random(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import numpy as np\nx = np.random.rand()\nimport random\n")
    assert len(_random_uses(bad)) == 2
