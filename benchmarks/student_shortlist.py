"""Whether a student could step only a shortlist of its legal actions: how often its choice is among the top k of
its cheap part (the per-action table and the proposer term, no step), and the regret against its teacher if it
stepped only those k.

    python benchmarks/student_shortlist.py obsession -n 150

Plays `-n` games of the shipped student in every seat (seed `--seed`), has the teacher rate every legal action of
sampled positions (as `playout distil` samples them), and for each k re-chooses among the k actions the cheap part
ranks highest, by the student's full logit. Stepping each legal action is most of a student's time
(benchmarks/README.md, "The student's step per action, cheaper"); a shortlist that kept its choices would cut it.
"""

from __future__ import annotations

import argparse

import numba
import numpy as np

from reports.training.distil import SLOTS, positions, student_logits
from sim.recipe import Recipe, prepare
from sim.samples import play_samples
from strategies.student_model import read_student, shipped_path

SHORTLISTS = (1, 2, 3, 4, 6)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("-n", type=int, default=150, help="games")
    ap.add_argument("--seed", type=int, default=303)
    ap.add_argument("--teacher", default="learned")
    a = ap.parse_args()
    numba.set_num_threads(1)
    prep = prepare(Recipe(a.game, ["student"] * 4, a.seed, a.n, a.n))
    teacher = prep.spec.strategies.player(a.teacher)
    model = read_student(shipped_path(a.game), a.game)
    data = positions(play_samples(prep, 0, a.n, 4, 24, teacher, SLOTS), 0)
    full = student_logits(model, data)
    cheap = student_logits({**model, "after": False}, data)
    kept = {k: [0, 0.0] for k in SHORTLISTS}
    regret = 0.0
    for lo, c in zip(data["start"], data["count"], strict=True):
        z, z0, u = full[lo : lo + c], cheap[lo : lo + c], data["utility"][lo : lo + c]
        choice = int(np.argmax(z))
        regret += u.max() - u[choice]
        order = np.argsort(-z0, kind="stable")
        for k in SHORTLISTS:
            short = order[:k]
            pick = short[int(np.argmax(z[short]))]
            kept[k][0] += pick == choice
            kept[k][1] += u.max() - u[pick]
    n = len(data["start"])
    print(f"{a.game}: {n:,} positions, {np.mean(data['count']):.2f} legal actions each, the student's regret "
          f"{regret / n:.4f}\n\n| shortlist | same choice | regret |\n|---:|---:|---:|")  # fmt: skip
    for k, (same, r) in kept.items():
        print(f"| {k} | {same / n:.1%} | {r / n:.4f} |")


if __name__ == "__main__":
    main()
