"""Coordinate search for a bot's default weights: each weight scaled down and up in turn, kept when one seat
of the candidate wins clearly more often against a field of the other strategies (same seeds throughout).

    python benchmarks/tune_weights.py yokohama greedy --field techs,orders,builder -n 2000 --rounds 2

This is how the defaults in strategies/<game>.py were chosen; it prints every step so a reader can see
which weights mattered. Each evaluation plays n games; an improvement must exceed `--margin` (win rate).
"""

import argparse

from sim.engine import Recipe
from sim.experiments import play_arm
from sim.registry import get_game


def win_rate(game: str, code: str, field: list[str], n: int, seed: int) -> float:
    frame = play_arm(Recipe(game, [code, *field], seed, n, min(n, 4096)), columns=["winner_strategy"])
    return float((frame["winner_strategy"] == code).mean())


def code_for(name: str, weights: dict[str, float]) -> str:
    return name + (":" + ",".join(f"{k}={v:.3g}" for k, v in sorted(weights.items())) if weights else "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("strategy")
    ap.add_argument("--field", required=True, help="codes of the other seats")
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--margin", type=float, default=0.015)
    ap.add_argument("--factors", default="0.5,1.6")
    args = ap.parse_args()
    book = get_game(args.game).strategies
    field = args.field.split(",")
    factors = [float(f) for f in args.factors.split(",")]
    base = book.strategies[args.strategy]
    current = {w.name: base.weights.get(w.name, w.default) for w in book.weights}
    changed: dict[str, float] = {}
    best = win_rate(args.game, code_for(args.strategy, changed), field, args.n, args.seed)
    print(f"start: {best:.3f}")
    for r in range(args.rounds):
        for w in book.weights:
            for f in factors:
                trial = {**changed, w.name: current[w.name] * f if current[w.name] else f - 0.5}
                rate = win_rate(args.game, code_for(args.strategy, trial), field, args.n, args.seed)
                keep = rate > best + args.margin
                print(f"round {r} {w.name} x{f}: {rate:.3f} {'KEEP' if keep else ''}", flush=True)
                if keep:
                    best, changed = rate, trial
                    current[w.name] = trial[w.name]
                    break
    print(f"best {best:.3f}: {code_for(args.strategy, changed)}")


if __name__ == "__main__":
    main()
