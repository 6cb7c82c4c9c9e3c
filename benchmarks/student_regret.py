"""Where a student loses to its teacher, by the kind of decision, on positions of its own games.

    python benchmarks/student_regret.py lagranja -n 300
    python benchmarks/student_regret.py lagranja --student student@runs/distil-lg/student.json -n 300

Plays `-n` games of the student in every seat (seed `--seed`), has the teacher rate every legal action of sampled
positions (as `playout distil` samples them), and splits the teacher's utility the student gives up (its regret) by
the kind of action the teacher prefers, and by the pair (teacher's kind -> student's kind) where they disagree. The
kinds that hold most of the regret are where the student's features miss what the teacher sees (benchmarks/README.md,
"What a turn still owes").
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

import numba
import numpy as np

from reports.training.distil import SLOTS, positions, student_logits
from sim.errors import InputError
from sim.hooks import module_of
from sim.recipe import Recipe, prepare
from sim.samples import play_samples
from strategies.student_model import read_student, shipped_path


def regret_by_kind(game: str, data: dict, z: np.ndarray) -> tuple[float, dict, dict]:
    """(mean regret, {teacher's kind: [positions, disagreements, regret]}, {(teacher's, student's): [n, regret]})."""
    table = module_of(game, "actions").ACTIONS
    by_kind: dict = defaultdict(lambda: [0, 0, 0.0])
    by_pair: dict = defaultdict(lambda: [0, 0.0])
    total = 0.0
    for lo, c in zip(data["start"], data["count"], strict=True):
        u, zz, acts = data["utility"][lo : lo + c], z[lo : lo + c], data["action"][lo : lo + c]
        t, s = int(np.argmax(u)), int(np.argmax(zz))
        kind = table.kind_of(int(acts[t]))[0].name
        r = float(u[t] - u[s])
        row = by_kind[kind]
        row[0], row[1], row[2] = row[0] + 1, row[1] + (t != s), row[2] + r
        if t != s:
            pair = by_pair[(kind, table.kind_of(int(acts[s]))[0].name)]
            pair[0], pair[1] = pair[0] + 1, pair[1] + r
        total += r
    return total / max(len(data["start"]), 1), by_kind, by_pair


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--student", default="student", help="its player code: student or student@MODEL")
    ap.add_argument("--teacher", default="learned")
    ap.add_argument("-n", type=int, default=300, help="games")
    ap.add_argument("--seed", type=int, default=303)
    ap.add_argument("--top", type=int, default=15, help="rows of each table")
    a = ap.parse_args()
    numba.set_num_threads(1)
    try:
        prep = prepare(Recipe(a.game, [a.student] * 4, a.seed, a.n, a.n))
        teacher = prep.spec.strategies.player(a.teacher)
        path = a.student.split("@", 1)[1] if "@" in a.student else shipped_path(a.game)
        model = read_student(path, a.game)
    except InputError as e:
        print(f"student_regret: error: {e}", file=sys.stderr)
        sys.exit(2)
    data = positions(play_samples(prep, 0, a.n, 4, 24, teacher, SLOTS), 0)
    mean, by_kind, by_pair = regret_by_kind(a.game, data, student_logits(model, data))
    total = sum(r for _, _, r in by_kind.values()) or 1.0
    print(f"{a.game}: {a.student} against {a.teacher}, {len(data['start']):,} positions, mean regret {mean:.4f}\n")
    print("| teacher's choice | positions | student disagrees | share of the regret |\n|---|---:|---:|---:|")
    for kind, (n, off, r) in sorted(by_kind.items(), key=lambda x: -x[1][2])[: a.top]:
        print(f"| {kind} | {n:,} | {off:,} | {r / total:.1%} |")
    print("\n| teacher's choice -> student's | disagreements | share of the regret |\n|---|---:|---:|")
    for (t, s), (n, r) in sorted(by_pair.items(), key=lambda x: -x[1][1])[: a.top]:
        print(f"| {t} -> {s} | {n:,} | {r / total:.1%} |")


if __name__ == "__main__":
    main()
