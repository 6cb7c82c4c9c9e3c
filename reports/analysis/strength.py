"""How strong the players behind an answer are: their rating on the game's shipped skill ladder.

`playout ladder GAME` writes ladder.json beside its ratings; a copy in strategies/ladders/<game>.json is the
game's shipped ladder (measured at one player count under one rules version and data set; the command that
made it is in the file). Every answer's header names each player's rating there, so an answer under greedy
bots reads as an answer under players of greedy's strength. A player the ladder did not rate (weights typed
on a code, a preset or model file) is named unrated; a ladder measured under other rules or another data set
is named as such rather than used. The ladder keeps a fingerprint of the weights each population played
(StrategyBook.fingerprint), and so does every run's and experiment's manifest: a code whose answer was played by
other weights than the ladder rated (a shipped model or preset replaced in between) is shown unrated, with a
line saying so. An answer from before fingerprints shows its players unrated: what played it is not known
(Yokohama's 3-player sweep under the turn's model read as the round model's 12.45 once the ladder was re-run); a
ladder from before them is read as it is.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

from sim.errors import ParamError
from sim.output import atomic_write_bytes

KIND = "playout skill ladder"
FILE = "ladder.json"
SHIPPED_DIR = Path(__file__).resolve().parents[2] / "strategies" / "ladders"


def ladder_doc(manifest: dict, ratings, command: str, fingerprints: dict[str, str] | None = None) -> dict:
    """What ladder.json holds: the ladder's identity, each population's rating (logits, 95% interval) and the
    fingerprint of the weights it played with."""
    doc = {
        "kind": KIND,
        "game": manifest["game"],
        "rules_version": manifest["rules_version"],
        "data_fingerprint": manifest["data_fingerprint"],
        "players": manifest["players"],
        "anchor": manifest["anchor"],
        "games": manifest["n"],
        "seed": manifest["seed"],
        "command": command,
        "ratings": {
            r["strategy"]: [r["rating_logit"], r["lo"], r["hi"]]
            for r in ratings.iter_rows(named=True)
            if all(math.isfinite(r[c]) for c in ("rating_logit", "lo", "hi"))  # not estimable: left unrated
        },
    }
    if "behind_top" in ratings.columns:  # each rating less the strongest's, with the interval of the difference
        gap = ("behind_top", "behind_lo", "behind_hi")
        doc["behind_top"] = {
            r["strategy"]: [r[c] for c in gap]
            for r in ratings.iter_rows(named=True)
            if r["strategy"] in doc["ratings"] and all(math.isfinite(r[c]) for c in gap)
        }
    if fingerprints is not None:
        doc["fingerprints"] = {code: fingerprints[code] for code in doc["ratings"] if code in fingerprints}
    return doc


def fingerprints(game: str, codes) -> dict[str, str]:
    """Each code's fingerprint as the game's book resolves it now."""
    from sim.registry import get_game

    return get_game(game).strategies.fingerprints(codes)


def write_ladder(out: Path, doc: dict) -> Path:
    path = Path(out) / FILE
    atomic_write_bytes(path, (json.dumps(doc, indent=1, allow_nan=False) + "\n").encode())
    return path


def read_ladder(path: Path, game: str) -> dict:
    """A ladder file, checked to be one of `game` with finite ratings."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ParamError(f"{path} is not a skill ladder ({type(e).__name__})") from None
    if not isinstance(doc, dict) or doc.get("kind") != KIND or doc.get("game") != game:
        raise ParamError(f"{path} is not a skill ladder of {game}")
    for code, rating in doc.get("ratings", {}).items():
        if len(rating) != 3 or not all(isinstance(x, int | float) and math.isfinite(x) for x in rating):
            raise ParamError(f"{path}: the rating of {code} is not three finite numbers")
    return doc


@functools.cache
def shipped(game: str) -> dict | None:
    """The game's shipped ladder, or None when it has none."""
    path = SHIPPED_DIR / f"{game}.json"
    return read_ladder(path, game) if path.exists() else None


@functools.cache
def stale(game: str) -> frozenset[str]:
    """The shipped ladder's codes that play other weights now than when they were rated."""
    doc = shipped(game)
    kept = (doc or {}).get("fingerprints", {})
    now = {}
    for code in kept:
        try:
            now[code] = fingerprints(game, [code])[code]
        except ParamError:  # a preset or model file that is gone: nothing can say it is the same player
            now[code] = None
    return frozenset(code for code, fp in kept.items() if now[code] != fp)


def fresh_ratings(game: str) -> dict[str, list[float]]:
    """The shipped ladder's ratings of the players the codes still are."""
    doc = shipped(game)
    return {c: r for c, r in doc["ratings"].items() if c not in stale(game)}


def ratings_for(manifest: dict) -> tuple[dict[str, list[float] | None], str]:
    """(rating of each distinct code of the manifest's lineup or None, what the ratings are), from the
    game's shipped ladder when it was measured under the answer's rules and data, and of the weights the answer's
    players played (the manifest's fingerprints; a code an answer from before them played is unrated)."""
    codes = codes_of(manifest)
    game = manifest.get("game")
    doc = shipped(game) if game else None
    if doc is None:
        return {}, f"{game} has no shipped skill ladder (playout ladder {game})"
    if doc["rules_version"] != manifest.get("rules_version"):
        return {}, f"the shipped ladder was measured under rules {doc['rules_version']}, not these"
    if manifest.get("data_fingerprint") not in (None, doc["data_fingerprint"]):
        misfit = " and ".join(fitted_elsewhere(game, codes, manifest["data_fingerprint"]))
        why = "the shipped ladder was measured on another data set"
        if misfit:
            why += (f"; {misfit} play as fitted on the built-in data, a misfit on this one (fit them to it: playout "
                    f"learn / playout tune {game} --data ...)")  # fmt: skip
        return {}, why
    scale = f"ladder at {doc['players']} players, logits, {doc['anchor']} = 0"
    played = manifest.get("fingerprints") or {}  # what each code played; none recorded before fingerprints
    rated_as = doc.get("fingerprints", {})
    unknown = [c for c in codes if c not in played]  # the code's weights now need not be the ones that played
    old = [c for c in codes if c in played and c in rated_as and played[c] != rated_as[c]]
    if old:
        scale += (f"; {', '.join(old)}: the ladder rated other weights under that name (a model or preset "
                  f"replaced): playout ladder {game}")  # fmt: skip
    if unknown:
        scale += (f"; {', '.join(unknown)}: the answer does not record the weights played (made before playout "
                  "kept them): play it again to rate them")  # fmt: skip
    return {c: None if c in old or c in unknown else doc["ratings"].get(c) for c in codes}, scale


def fitted_elsewhere(game: str, codes, data_fingerprint: str) -> list[str]:
    """The shipped `learned` and `tuned` among the codes when their model or preset was fitted on another data set
    than the answer's: they play it as fitted on theirs (where a learned@PATH or tuned@PATH fitted on another data
    set is refused, the shipped ones play on, and the answer must say so)."""
    from strategies import learned_model, presets

    paths = {"learned": learned_model.shipped_path(game), "tuned": presets.shipped_path(game)}
    out = []
    for code in codes:
        path = paths.get(code.partition(":")[0])
        if path and path.exists() and json.loads(path.read_text()).get("data_fingerprint") != data_fingerprint:
            out.append(code.partition(":")[0])
    return list(dict.fromkeys(out))


def codes_of(manifest: dict) -> list[str]:
    """The distinct player codes behind an answer: an experiment's strategies, else its lineup(s) as typed
    (a run's codes seat by seat; a robustness answer's lineups joined by ' | ')."""
    from strategies import code_entries

    if manifest.get("strategies"):
        return list(dict.fromkeys(manifest["strategies"]))
    codes = []
    for entry in manifest.get("lineup") or []:
        for lineup in entry.split(" | "):
            try:
                codes += [code for code, _ in code_entries(lineup)]
            except ParamError:
                continue
    return list(dict.fromkeys(codes))


STRONGER = 0.5  # logits (a 62% head-to-head): a stronger population than this is named beside an answer


def strength_text(manifest: dict) -> str:
    """The players' ratings in one line: 'greedy 4.10 [4.05, 4.16] (ladder at 4 players, logits, random = 0)',
    and the ladder's strongest population when it is STRONGER above every rated player of the answer: the
    answer is then the weaker players' and may move under stronger ones (Yokohama's start seat: favoured under
    greedy, not under learned)."""
    ratings, scale = ratings_for(manifest)
    if not ratings:
        return scale
    shown = [f"{c} {r[0]:.2f} [{r[1]:.2f}, {r[2]:.2f}]" if r else f"{c} unrated" for c, r in ratings.items()]
    text = f"{', '.join(shown)} ({scale})"
    rated = [r[0] for r in ratings.values() if r]
    top, best = max(fresh_ratings(manifest["game"]).items(), key=lambda kv: kv[1][0])
    if rated and best[0] - max(rated) >= STRONGER:
        text += f"; stronger on the ladder: {top} {best[0]:.2f}, the answer may differ under it (--players {top}*N)"
    return text


def population_rating(game: str, lineup: list[str], rules_version: str, data_fingerprint: str) -> list[float] | None:
    """The rating of a population (every seat the same code) on the shipped ladder, or None."""
    played = fingerprints(game, lineup)  # the population is played (or its kept answer read) by these weights
    ratings, _ = ratings_for({"game": game, "lineup": [",".join(lineup)], "rules_version": rules_version,
                              "data_fingerprint": data_fingerprint, "fingerprints": played})  # fmt: skip
    return ratings.get(lineup[0]) if len(set(lineup)) == 1 else None


def cannot_order(game: str, stronger: str, weaker: str) -> str:
    """Why the shipped ladder cannot tell `weaker` from `stronger` (two codes it rates, the first rated higher),
    or "" when it can. The ladder keeps each population's distance from its strongest with the interval of that
    difference itself: with `stronger` the strongest, `weaker` is told apart when its interval lies below 0;
    otherwise when the two distances' intervals do not overlap (cautious: the two are correlated through the
    strongest, so some pairs the ladder could order are called unordered, never the other way round)."""
    behind = (shipped(game) or {}).get("behind_top", {})
    if stronger not in behind or weaker not in behind:
        return ""  # a ladder from before the distances: the ratings' own order is all there is
    (a, a_lo, _), (b, b_lo, b_hi) = behind[stronger], behind[weaker]
    if (b_hi < 0) if a == 0.0 else (b_hi < a_lo):
        return ""
    return (
        f"but the ladder cannot tell {weaker} ({b:+.2f} [{b_lo:+.2f}, {b_hi:+.2f}] behind the strongest) from "
        f"{stronger} ({a:+.2f}): the answer depends on how they play, and which way strength moves it is not known"
    )
