"""The false-alarm rate of `playout regress`'s statistical check, measured on real games.

    python benchmarks/regress_false_alarms.py tests/regression/yokohama/mixed3.json --sets 200

Each seed set replays the baseline's recipe with another seed (independent games, same rules and bots),
then compares its win counts with the baseline's exactly as `playout regress` does. Under these
conditions nothing drifted, so the share of seed sets flagged is the false-alarm rate; it should stay at
or below the stated family-wise level (sim.regression.FAMILY_ALPHA).
"""

import argparse
import math
from dataclasses import replace

from reports.analysis.regression import compare
from reports.analysis.stats import wilson
from sim import regression
from sim.engine import Recipe


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("baseline")
    ap.add_argument("--sets", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=100_000)
    args = ap.parse_args()
    doc = regression.load_baseline(args.baseline)
    recipe = Recipe.from_json(doc["recipe"])
    flagged = 0
    for i in range(args.sets):
        counts = regression.replay(replace(recipe, seed=args.first_seed + i))
        checks = compare(doc, counts.seats, counts.strategies, regression.FAMILY_ALPHA, regression.POWER)
        hit = [c.what for c in checks if c.drifted]
        flagged += bool(hit)
        print(f"seed set {i + 1}/{args.sets}: {'FLAGGED ' + ', '.join(hit) if hit else 'ok'}", flush=True)
    lo, hi = wilson(flagged, args.sets)
    print(
        f"false alarms: {flagged} of {args.sets} seed sets = {flagged / args.sets:.2%} "
        f"(95% interval {lo:.2%} to {hi:.2%}); stated level {regression.FAMILY_ALPHA:.0%}; "
        f"{recipe.n:,} games per set, {', '.join(recipe.players)}"
    )
    if math.isnan(lo):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
