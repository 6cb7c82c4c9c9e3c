"""Does an answer hold when what it rests on changes? One balance question answered under several
variations (data sets x player populations), and a verdict per conclusion.

A *variation* is a data set and a lineup. Each variation's answer is a set of *estimates*, one per
conclusion ("seat 0's win rate", "the fair value of start_money.seat0", "the value of Tram"), each with
its 95% interval. A conclusion is judged across the variations, respecting the intervals:

- against a reference (a fair win rate 1/players, a card worth 0), each variation's estimate is classed
  above (interval wholly above), below (wholly below) or not distinguishable from the reference. Two
  variations *disagree* when one is above and the other below: the conclusion flips.
- without a reference (a fair value), two variations disagree when their intervals do not overlap.
- a membership conclusion ("Tram is among the top five") is classed per variation as surely in (fewer
  than k other cards could be better), surely out (k or more are surely better) or cannot tell.

A flip is blamed on the factor that differs between the two variations that disagree: the data (same
players), the players (same data), or only both together. A conclusion that never flips but is not
significant in every variation, or could not be measured in one (a sweep that never crosses), is `not
established everywhere`: the verdict never claims more than the intervals allow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import polars as pl

ABOVE, NEUTRAL, BELOW = 1, 0, -1
HOLDS = "holds in every variation"
NOT_ESTABLISHED = "not established everywhere"
DEPENDS_DATA = "depends on the data"
DEPENDS_PLAYERS = "depends on the players"
DEPENDS_BOTH = "depends on the data and the players"
DEPENDS_TOGETHER = "depends on data and players together"


@dataclass(frozen=True)
class Variation:
    data: str  # a data set name or directory
    players: str  # the lineup, as typed

    @property
    def label(self) -> str:
        return f"data {self.data}, players {self.players}"


@dataclass(frozen=True)
class Estimate:
    variation: Variation
    conclusion: str
    value: float
    lo: float
    hi: float


@dataclass(frozen=True)
class Verdict:
    conclusion: str
    verdict: str
    classes: dict[Variation, int]  # ABOVE / NEUTRAL / BELOW per variation (empty without a reference)
    spread: float  # largest minus smallest estimate
    flipped_by: tuple[tuple[Variation, Variation], ...]  # the pairs that disagree
    reference: float | None
    class_text: tuple[str, str, str] = ("below", "not distinguishable", "above")  # BELOW, NEUTRAL, ABOVE


def classify(e: Estimate, reference: float) -> int:
    if e.lo > reference:
        return ABOVE
    if e.hi < reference:
        return BELOW
    return NEUTRAL


def factor_between(a: Variation, b: Variation) -> str:
    """Which factor differs between two variations: 'data', 'players' or 'both'."""
    if a.data != b.data and a.players != b.players:
        return "both"
    return "data" if a.data != b.data else "players"


def disagreeing_pairs(estimates: Sequence[Estimate], reference: float | None) -> list[tuple[Estimate, Estimate]]:
    pairs = []
    for x, y in combinations(estimates, 2):
        if reference is not None:
            flip = {classify(x, reference), classify(y, reference)} == {ABOVE, BELOW}
        else:
            flip = x.hi < y.lo or y.hi < x.lo
        if flip:
            pairs.append((x, y))
    return pairs


def blame_variations(pairs: Sequence[tuple[Variation, Variation]]) -> str:
    """The verdict for a conclusion that flips: the factors that flip it on their own."""
    factors = {factor_between(a, b) for a, b in pairs}
    alone = factors - {"both"}
    if alone == {"data"}:
        return DEPENDS_DATA
    if alone == {"players"}:
        return DEPENDS_PLAYERS
    if alone == {"data", "players"}:
        return DEPENDS_BOTH
    return DEPENDS_TOGETHER


def judge(estimates: Sequence[Estimate], reference: float | None = None) -> Verdict:
    """The verdict on one conclusion from its estimates under every variation."""
    if not estimates:
        raise ValueError("a verdict needs at least one estimate")
    names = {e.conclusion for e in estimates}
    if len(names) != 1:
        raise ValueError(f"estimates of several conclusions judged together: {sorted(names)}")
    measured = [e for e in estimates if np.isfinite(e.lo) and np.isfinite(e.hi)]
    pairs = disagreeing_pairs(measured, reference)
    classes = {e.variation: classify(e, reference) for e in measured} if reference is not None else {}
    if pairs:
        verdict = blame_variations([(x.variation, y.variation) for x, y in pairs])
    elif len(measured) < len(estimates) or (reference is not None and len(set(classes.values())) > 1):
        verdict = NOT_ESTABLISHED  # significant in some variations only, or not measurable in some
    else:
        verdict = HOLDS
    values = [e.value for e in estimates if np.isfinite(e.value)]
    spread = max(values) - min(values) if values else float("nan")
    return Verdict(
        estimates[0].conclusion, verdict, classes, spread,
        tuple((x.variation, y.variation) for x, y in pairs), reference,
    )  # fmt: skip


def membership_classes(estimates: Sequence[Estimate], k: int) -> dict[str, int]:
    """Per card of one variation's ranking: ABOVE when it is surely among the top k (fewer than k other
    cards could be better: their interval reaches above its own), BELOW when it is surely not (at least k
    cards are surely better: their interval is wholly above its own), NEUTRAL when the intervals cannot
    tell."""
    out = {}
    for e in estimates:
        could_be_better = sum(1 for o in estimates if o is not e and o.hi > e.lo)
        surely_better = sum(1 for o in estimates if o is not e and o.lo > e.hi)
        out[e.conclusion] = ABOVE if could_be_better < k else BELOW if surely_better >= k else NEUTRAL
    return out


def judge_membership(estimates: Sequence[Estimate], k: int) -> list[Verdict]:
    """A verdict per card on 'among the top k': it flips between a variation where the card is surely in
    and one where it is surely out; where the intervals cannot tell in some variation, it is not
    established everywhere."""
    by_variation: dict[Variation, list[Estimate]] = {}
    for e in estimates:
        by_variation.setdefault(e.variation, []).append(e)
    classes: dict[str, dict[Variation, int]] = {}
    for variation, es in by_variation.items():
        for card, c in membership_classes(es, k).items():
            classes.setdefault(card, {})[variation] = c
    verdicts = []
    for card, per in classes.items():
        pairs = tuple((a, b) for a, b in combinations(per, 2) if {per[a], per[b]} == {ABOVE, BELOW})
        if pairs:
            verdict = blame_variations(pairs)
        elif set(per.values()) in ({ABOVE}, {BELOW}):
            verdict = HOLDS
        else:
            verdict = NOT_ESTABLISHED
        verdicts.append(Verdict(f"{card} among the top {k}", verdict, per, float("nan"), pairs, None,
                                MEMBERSHIP_TEXT))  # fmt: skip
    return verdicts


def judge_all(estimates: Sequence[Estimate], reference: float | None = None, top_k: int | None = None) -> list[Verdict]:
    """A verdict per conclusion; with top_k, also per card on 'among the top k'."""
    by_conclusion: dict[str, list[Estimate]] = {}
    for e in estimates:
        by_conclusion.setdefault(e.conclusion, []).append(e)
    verdicts = [judge(es, reference) for es in by_conclusion.values()]
    if top_k is not None:
        verdicts += judge_membership(estimates, top_k)
    return verdicts


def top_k(estimates: Sequence[Estimate], variation: Variation, k: int) -> list[str]:
    """The k conclusions with the largest estimates under one variation (ties broken by name)."""
    mine = sorted((e for e in estimates if e.variation == variation), key=lambda e: (-e.value, e.conclusion))
    return [e.conclusion for e in mine[:k]]


def estimates_table(estimates: Sequence[Estimate]) -> pl.DataFrame:
    return pl.DataFrame(
        [(e.conclusion, e.variation.data, e.variation.players, e.value, e.lo, e.hi) for e in estimates],
        schema=["conclusion", "data", "players", "estimate", "lo", "hi"],
        orient="row",
    )


MEMBERSHIP_TEXT = ("surely out", "cannot tell", "surely in")

SETTLED = "settled"
MOVING = "still moving with strength"
TOO_FEW = "too few games to tell"
UNRATED = "not judged: fewer than two populations on the game's ladder"
UNMEASURED = "not judged: a strongest population's answer was not measured"
UNRATED_APART = "not judged: a population the ladder does not rate answers otherwise"
UNORDERED = "not judged: the two strongest disagree and the ladder cannot tell which is stronger"
# How narrow the strongest populations' 95% intervals must be (their half-width at most this) for "settled": two
# answers that agree within wider intervals may still differ by more than an answer is read to. A win rate or a
# change of one (seat fairness, card values, matchups): 2.5 points, so two answers 5 points apart are told apart
# (a seat's rate near 1/4 or 1/3 at about 1,500 games and more). A fair value: half a step of the swept knob, so
# the two answers name one value of the sweep.
SETTLE_HALF_WIDTH = 0.025


def judge_strength(
    estimates: Sequence[Estimate],
    ratings: dict[Variation, float],
    half_width: float = SETTLE_HALF_WIDTH,
    populations: Sequence[Variation] | None = None,
    reference: float | None = None,
    order: Callable[[Variation, Variation], str] | None = None,
) -> dict[str, tuple[str, str]]:
    """Per conclusion, does the answer still move as the players get stronger? (verdict, why).

    The two strongest rated populations (on the strongest's data set) are judged, and with them every population
    played that the ladder does not rate (`populations`: the variations whose lineup is one code; the rated ones
    default), since any of them may be stronger than both. Still moving when the two strongest rated answer
    apart (95% intervals apart); not judged when an unrated population answers apart from one of them; too few
    games to tell when they agree but an interval is wider than `half_width` each side (wide intervals agree
    with anything: eight games a seat would call every seat settled); settled when they agree within intervals
    that narrow. Weaker rated populations may disagree: that is what strength changes. A moving answer says which
    way it moves, and, against a `reference`, when the two lie on opposite sides of it (the conclusion flips).

    Two ratings apart as numbers need not be apart on the ladder: `order(stronger, weaker)` says why the ladder
    cannot tell the two strongest apart ("" when it can). Two players of one strength that answer apart are not
    judged: the answer depends on how they play, and which way strength moves it is not known."""
    out = {}
    for conclusion in dict.fromkeys(e.conclusion for e in estimates):
        rated = [e for e in estimates if e.conclusion == conclusion and e.variation in ratings]
        rated.sort(key=lambda e: -ratings[e.variation])
        rated = [e for e in rated if e.variation.data == rated[0].variation.data] if rated else rated
        if len(rated) < 2:
            out[conclusion] = (UNRATED, "")
            continue
        a, b = rated[:2]
        unrated = [e for e in estimates if e.conclusion == conclusion and e.variation not in ratings
                   and e.variation in (populations or ()) and e.variation.data == a.variation.data]  # fmt: skip
        pair = f"{a.variation.players} ({ratings[a.variation]:.2f}) vs {b.variation.players} "
        pair += f"({ratings[b.variation]:.2f})"
        judged = [a, b, *unrated]
        if not np.isfinite([x for e in judged for x in (e.lo, e.hi)]).all():
            out[conclusion] = (UNMEASURED, pair)
        elif apart(a, b) and order and (tie := order(a.variation, b.variation)):
            told = "; ".join(f"{e.value:.4g} [{e.lo:.4g}, {e.hi:.4g}] under {e.variation.players}" for e in (a, b))
            out[conclusion] = (UNORDERED, f"{pair}: intervals apart ({told}), {tie}")
        elif apart(a, b):
            out[conclusion] = (MOVING, f"{pair}: intervals apart; {direction(a, b, reference)}")
        elif odd := [u for u in unrated if apart(u, a) or apart(u, b)]:
            names = ", ".join(u.variation.players for u in odd)
            out[conclusion] = (UNRATED_APART, f"{pair}; {names} (unrated) apart from them: rate it (playout ladder "
                                              "--add CODE) to tell whether it is stronger")  # fmt: skip
        elif wide := [e for e in judged if (e.hi - e.lo) / 2 > half_width * (1 + 1e-9)]:  # not by rounding
            widest = max((e.hi - e.lo) / 2 for e in wide)
            out[conclusion] = (TOO_FEW, f"{pair}: intervals overlap, but {widest:.3g} wide each side where "
                                        f"settled needs at most {half_width:.3g}: play more games")  # fmt: skip
        else:
            extra = f", with {', '.join(u.variation.players for u in unrated)} (unrated)" if unrated else ""
            out[conclusion] = (SETTLED, f"{pair}{extra}: intervals overlap, each at most {half_width:.3g} wide "
                                        "each side")  # fmt: skip
    return out


def direction(stronger: Estimate, weaker: Estimate, reference: float | None = None) -> str:
    """Which way the answer moves with strength, and from what to what (the weaker's answer first); against a
    reference, whether the move takes it across (each wholly on its own side: the conclusion itself flips)."""
    way = "rises" if stronger.value > weaker.value else "falls"
    text = f"it {way} with strength, {weaker.value:.4g} under the weaker to {stronger.value:.4g} under the stronger"
    if reference is not None and {classify(stronger, reference), classify(weaker, reference)} == {ABOVE, BELOW}:
        text += f", across {reference:.4g}: the stronger players' conclusion is the opposite"
    return text


def apart(a: Estimate, b: Estimate) -> bool:
    """Whether two answers' 95% intervals do not overlap."""
    return a.hi < b.lo or b.hi < a.lo


def strength_table(estimates: Sequence[Estimate], ratings: dict[Variation, list[float] | None]) -> pl.DataFrame:
    """Each variation's players' rating beside its answer to each conclusion."""
    rows = []
    for e in estimates:
        r = ratings.get(e.variation) or [float("nan")] * 3
        rows.append((e.conclusion, e.variation.data, e.variation.players, r[0], r[1], r[2], e.value, e.lo, e.hi))
    return pl.DataFrame(
        rows,
        schema=["conclusion", "data", "players", "rating", "rating_lo", "rating_hi", "estimate", "lo", "hi"],
        orient="row",
    )


def verdicts_table(verdicts: Sequence[Verdict]) -> pl.DataFrame:
    rows = []
    for v in verdicts:
        classes = "; ".join(f"{var.label}: {v.class_text[c + 1]}" for var, c in v.classes.items())
        flips = "; ".join(f"{a.label} vs {b.label}" for a, b in v.flipped_by)
        rows.append((v.conclusion, v.verdict, v.reference, v.spread, classes, flips))
    return pl.DataFrame(
        rows,
        schema={"conclusion": pl.String, "verdict": pl.String, "reference": pl.Float64, "spread": pl.Float64,
                "class_per_variation": pl.String, "disagreeing_variations": pl.String},
        orient="row",
    )  # fmt: skip
