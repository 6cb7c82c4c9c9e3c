"""The players' strength beside every answer: the game's shipped skill ladder read back, each answer's header
naming its players' ratings, and robustness judging whether an answer still moves as the players get
stronger (settled when the two strongest populations agree within their intervals)."""

import json

import numpy as np
import polars as pl
import pytest

from cli import main
from reports.analysis import robustness as rb
from reports.analysis import strength
from reports.experiments.asked import Question
from strategies import code_entries


def estimate(players: str, value: float, half: float, conclusion: str = "seat 0 wins") -> rb.Estimate:
    return rb.Estimate(rb.Variation("builtin", players), conclusion, value, value - half, value + half)


def test_an_answer_is_settled_when_the_two_strongest_populations_agree_and_moving_when_they_do_not():
    ratings = {rb.Variation("builtin", p): r for p, r in [("random*4", 0.0), ("greedy*4", 4.0), ("mcts*4", 5.0)]}
    settled = [estimate("random*4", 0.40, 0.01), estimate("greedy*4", 0.30, 0.02), estimate("mcts*4", 0.27, 0.02)]
    moving = [estimate("random*4", 0.26, 0.01), estimate("greedy*4", 0.40, 0.01), estimate("mcts*4", 0.30, 0.01)]
    assert rb.judge_strength(settled, ratings)["seat 0 wins"][0] == rb.SETTLED  # random disagrees: it is weakest
    verdict, why = rb.judge_strength(moving, ratings)["seat 0 wins"]
    assert verdict == rb.MOVING and why.startswith("mcts*4 (5.00) vs greedy*4 (4.00)")
    assert why.endswith("it falls with strength, 0.4 under the weaker to 0.3 under the stronger")
    rising = [estimate("greedy*4", 0.20, 0.01), estimate("mcts*4", 0.30, 0.01)]
    assert rb.judge_strength(rising, ratings)["seat 0 wins"][1].endswith("rises with strength, 0.2 under the weaker "
                                                                         "to 0.3 under the stronger")  # fmt: skip
    # against a fair quarter: greedy's seat 0 loses, the stronger players' wins, so the conclusion flips
    crossing = rb.judge_strength(rising, ratings, reference=0.25)["seat 0 wins"][1]
    assert crossing.endswith("across 0.25: the stronger players' conclusion is the opposite")
    # both above a fifth: it moves, but the conclusion stands
    assert "across" not in rb.judge_strength(rising, ratings, reference=0.15)["seat 0 wins"][1]
    one_rated = {rb.Variation("builtin", "greedy*4"): 4.0}
    assert rb.judge_strength(moving, one_rated)["seat 0 wins"][0] == rb.UNRATED
    unmeasured = [estimate("greedy*4", 0.4, 0.01), rb.Estimate(rb.Variation("builtin", "mcts*4"), "seat 0 wins",
                                                               np.nan, np.nan, np.nan)]  # fmt: skip
    assert rb.judge_strength(unmeasured, ratings)["seat 0 wins"][0] == rb.UNMEASURED


def test_wide_intervals_that_agree_are_too_few_games_to_tell_not_settled():
    """Eight games a seat: every interval about 0.3 wide each side, so every pair overlaps; that tells nothing."""
    ratings = {rb.Variation("builtin", p): r for p, r in [("greedy*4", 4.0), ("mcts*4", 5.0)]}
    few = [estimate("greedy*4", 0.25, 0.30, f"seat {s}") for s in range(4)]
    few += [estimate("mcts*4", 0.25 + 0.1 * s, 0.30, f"seat {s}") for s in range(4)]
    judged = rb.judge_strength(few, ratings)
    assert {verdict for verdict, _ in judged.values()} == {rb.TOO_FEW}
    assert "0.3 wide each side where settled needs at most 0.025" in judged["seat 0"][1]
    # at the threshold it is settled; one of the two a hair wider, and it is not
    assert (
        rb.judge_strength([estimate("greedy*4", 0.25, 0.025), estimate("mcts*4", 0.26, 0.025)], ratings)["seat 0 wins"][
            0
        ]
        == rb.SETTLED
    )
    assert (
        rb.judge_strength([estimate("greedy*4", 0.25, 0.0251), estimate("mcts*4", 0.26, 0.01)], ratings)["seat 0 wins"][
            0
        ]
        == rb.TOO_FEW
    )
    # apart is apart, however wide: still moving
    assert (
        rb.judge_strength([estimate("greedy*4", 0.1, 0.05), estimate("mcts*4", 0.4, 0.05)], ratings)["seat 0 wins"][0]
        == rb.MOVING
    )


def test_a_fair_value_is_settled_within_half_a_step_of_its_sweep():
    for values, half in [((0, 1, 2, 3), 0.5), ((0, 2, 4), 1.0)]:
        sweep = Question("fair-value", knob="start_money.seat0", values=values)
        assert sweep.asked.half_width(sweep) == half
    assert Question("seat-fairness").asked.half_width(Question("seat-fairness")) == rb.SETTLE_HALF_WIDTH
    ratings = {rb.Variation("builtin", p): r for p, r in [("learned*3", 12.45), ("greedy*3", 11.4)]}
    fair = [estimate("learned*3", 1.92, 0.14, "fair"), estimate("greedy*3", 2.1, 0.3, "fair")]
    assert rb.judge_strength(fair, ratings, 0.5)["fair"][0] == rb.SETTLED
    wide = [estimate("learned*3", 1.92, 0.14, "fair"), estimate("greedy*3", 3.0, 1.9, "fair")]  # as wide as mcts-fast's
    assert rb.judge_strength(wide, ratings, 0.5)["fair"][0] == rb.TOO_FEW


def test_an_unrated_population_played_is_judged_with_the_two_strongest_rated():
    """A population the ladder does not rate (a model file) may be stronger than both rated ones: the answer is
    not settled while it disagrees with them, and it is named."""
    ratings = {rb.Variation("builtin", p): r for p, r in [("greedy*4", 4.0), ("tuned*4", 4.2)]}
    everyone = [rb.Variation("builtin", p) for p in ("greedy*4", "tuned*4", "learned@m.json*4")]
    agree = [estimate("greedy*4", 0.30, 0.01), estimate("tuned*4", 0.30, 0.01)]
    apart = [*agree, estimate("learned@m.json*4", 0.20, 0.01)]
    assert rb.judge_strength(agree, ratings, populations=everyone)["seat 0 wins"][0] == rb.SETTLED
    verdict, why = rb.judge_strength(apart, ratings, populations=everyone)["seat 0 wins"]
    assert verdict == rb.UNRATED_APART and "learned@m.json*4 (unrated)" in why
    assert rb.judge_strength(apart, ratings)["seat 0 wins"][0] == rb.SETTLED  # a mixed lineup is not a population
    along = [*agree, estimate("learned@m.json*4", 0.30, 0.01)]
    verdict, why = rb.judge_strength(along, ratings, populations=everyone)["seat 0 wins"]
    assert verdict == rb.SETTLED and "with learned@m.json*4 (unrated)" in why
    wide = [*agree, estimate("learned@m.json*4", 0.30, 0.2)]
    assert rb.judge_strength(wide, ratings, populations=everyone)["seat 0 wins"][0] == rb.TOO_FEW


def ladder_file(tmp_path, changes=None, game="bazaar") -> dict:
    ratings = pl.DataFrame({"strategy": ["greedy", "random", "mcts"], "rating_logit": [1.5, 0.0, float("nan")],
                            "lo": [1.25, 0.0, float("nan")], "hi": [1.75, 0.0, float("nan")]})  # fmt: skip
    from sim.registry import get_game

    spec = get_game(game)
    manifest = {"game": game, "rules_version": spec.version, "data_fingerprint": spec.load_data(None).fingerprint,
                "players": 4, "anchor": "random", "n": 800, "seed": 1}  # fmt: skip
    doc = {**strength.ladder_doc(manifest, ratings, "playout ladder bazaar"), **(changes or {})}
    (tmp_path / f"{game}.json").write_text(json.dumps(doc))
    return doc


def answer(doc: dict, lineup: str, **more) -> dict:
    """A manifest of an answer under the ladder's rules and data, recording what each of its codes played now."""
    codes = [c for part in lineup.split(" | ") for c, _ in code_entries(part)]
    return {"game": "bazaar", "rules_version": doc["rules_version"], "data_fingerprint": doc["data_fingerprint"],
            "lineup": [lineup], "fingerprints": strength.fingerprints("bazaar", codes), **more}  # fmt: skip


@pytest.fixture
def shipped_here(tmp_path, monkeypatch):
    monkeypatch.setattr(strength, "SHIPPED_DIR", tmp_path)
    strength.shipped.cache_clear()
    strength.stale.cache_clear()
    yield tmp_path
    strength.shipped.cache_clear()
    strength.stale.cache_clear()


def test_every_answer_names_its_players_ratings_on_the_shipped_ladder(shipped_here):
    doc = ladder_file(shipped_here)
    assert "mcts" not in doc["ratings"]  # a rating the ladder could not estimate is not shipped
    manifest = answer(doc, "greedy,greedy:w_vp=2,random,greedy")
    text = strength.strength_text(manifest)
    assert text == ("greedy 1.50 [1.25, 1.75], greedy:w_vp=2 unrated, random 0.00 [0.00, 0.00] "
                    "(ladder at 4 players, logits, random = 0)")  # fmt: skip
    robust = answer(doc, "random*4 | greedy*4")  # a robustness answer's lineups
    assert strength.strength_text(robust).startswith("random 0.00")
    other_rules = {**manifest, "rules_version": "0.0.1"}
    assert "measured under rules" in strength.strength_text(other_rules)
    assert "another data set" in strength.strength_text({**manifest, "data_fingerprint": "x"})


def test_an_answer_on_other_data_says_the_shipped_learned_and_tuned_players_were_fitted_on_the_built_in_data():
    from sim.registry import get_game

    builtin = get_game("yokohama").load_data(None).fingerprint
    lineup = {"game": "yokohama", "rules_version": get_game("yokohama").version, "lineup": ["learned,tuned,greedy*2"]}
    _, scale = strength.ratings_for({**lineup, "data_fingerprint": "other"})
    assert "learned and tuned play as fitted on the built-in data, a misfit on this one" in scale, scale
    assert strength.fitted_elsewhere("yokohama", ["greedy", "learned:lv_look=turn", "tuned"], builtin) == []
    assert strength.fitted_elsewhere("yokohama", ["greedy", "learned:lv_look=turn"], "other") == ["learned"]


def test_an_answer_of_weaker_players_names_the_ladders_strongest(shipped_here):
    doc = ladder_file(shipped_here)
    manifest = answer(doc, "random*4")
    assert strength.strength_text(manifest).endswith(
        "; stronger on the ladder: greedy 1.50, the answer may differ under it (--players greedy*N)"
    )
    close = answer(doc, "greedy:w_vp=2,random*3")  # the unrated code says nothing; random is far below
    assert "stronger on the ladder: greedy" in strength.strength_text(close)
    assert "stronger" not in strength.strength_text(answer(doc, "greedy*4"))


def test_a_rating_of_weights_the_code_no_longer_plays_is_not_shown(shipped_here):
    """A shipped model or preset replaced after the ladder ran: its old rating would pass silently as the new
    player's; the fingerprint of the weights the code played with tells them apart."""
    now = strength.fingerprints("bazaar", ["greedy", "random"])
    doc = ladder_file(shipped_here, {"fingerprints": now})
    manifest = answer(doc, "greedy,random*3")
    assert strength.strength_text(manifest).startswith("greedy 1.50 [1.25, 1.75], random 0.00")
    ladder_file(shipped_here, {"fingerprints": {**now, "greedy": "0" * 16}})  # greedy played other weights
    strength.shipped.cache_clear()
    strength.stale.cache_clear()
    text = strength.strength_text(manifest)
    assert text.startswith("greedy unrated, random 0.00") and "greedy: the ladder rated other weights" in text
    assert "stronger on the ladder" not in text  # nor is the stale rating named as the strongest
    # an answer keeps what its players played: one played by the rated weights is rated, whatever the code is now
    played_then = {**manifest, "fingerprints": {**now, "greedy": "0" * 16}}
    assert strength.strength_text(played_then).startswith("greedy 1.50 [1.25, 1.75]")
    played_other = {**manifest, "fingerprints": {**now, "random": "1" * 16}}
    assert strength.strength_text(played_other).startswith("greedy unrated, random unrated")


def test_an_answer_that_does_not_record_what_its_players_played_rates_none_of_them(shipped_here):
    """Judged by the code's weights now, an answer played before a model was replaced would carry the new
    player's rating (Yokohama's 3-player sweep under the turn's model read 12.45, the round model's)."""
    doc = ladder_file(shipped_here, {"fingerprints": strength.fingerprints("bazaar", ["greedy", "random"])})
    before = {k: v for k, v in answer(doc, "greedy,random*3").items() if k != "fingerprints"}
    text = strength.strength_text(before)
    assert text.startswith("greedy unrated, random unrated") and "does not record the weights played" in text
    assert strength.population_rating("bazaar", ["greedy"] * 4, doc["rules_version"], doc["data_fingerprint"]) == [
        1.5,
        1.25,
        1.75,
    ]  # a population played now is played by the weights the book resolves now


def test_a_codes_fingerprint_follows_the_weights_its_kernel_reads():
    from sim.registry import get_game

    book = get_game("yokohama").strategies
    reads = {code: set(book.reads(book.player(code))) for code in ("greedy", "learned", "mcts", "mcts:eval=learned")}
    assert not any(n.startswith("lv_") for n in reads["greedy"] | reads["mcts"])  # a new model leaves them be
    assert "lv_bias" in reads["learned"] and "lv_bias" in reads["mcts:eval=learned"]
    assert book.fingerprint("learned") != book.fingerprint("learned:lv_margin=0.3")
    # a search scores its cut-offs with the value alone: a model with a new margin or look is not a new search
    assert {"lv_margin", "lv_look"} <= reads["learned"] and not {"lv_margin", "lv_look"} & reads["mcts:eval=learned"]
    assert book.fingerprint("greedy") == book.fingerprint("greedy:w_vp=0.5")  # the default, written out
    assert book.fingerprint("greedy") != book.fingerprint("tuned")


def test_a_game_without_a_ladder_says_so(shipped_here):
    assert strength.strength_text({"game": "bazaar", "lineup": ["greedy"]}) == (
        "bazaar has no shipped skill ladder (playout ladder bazaar)"
    )


@pytest.mark.parametrize(
    "doc, says",
    [({"kind": "nope"}, "is not a skill ladder of bazaar"), ({"game": "yokohama"}, "is not a skill ladder of bazaar"),
     ({"ratings": {"greedy": [1.0, "x", 2.0]}}, "is not three finite numbers")],
)  # fmt: skip
def test_a_ladder_file_that_is_not_one_is_refused(shipped_here, doc, says):
    ladder_file(shipped_here, doc)
    with pytest.raises(Exception, match=says):
        strength.read_ladder(shipped_here / "bazaar.json", "bazaar")


def test_ladder_writes_its_ratings_and_robustness_judges_the_answer_against_them(shipped_here, tmp_path, capsys):
    main(["ladder", "bazaar", "--only", "random,greedy", "-n", "200", "--budget", "30s", "-t", "1",
          "--out", str(tmp_path / "ladder")])  # fmt: skip
    written = strength.read_ladder(tmp_path / "ladder" / "ladder.json", "bazaar")
    assert set(written["ratings"]) == {"random", "greedy"} and written["ratings"]["random"] == [0.0, 0.0, 0.0]
    assert written["fingerprints"] == strength.fingerprints("bazaar", ["random", "greedy"])
    manifest = json.loads((tmp_path / "ladder" / "experiment.json").read_text())
    assert manifest["fingerprints"] == written["fingerprints"]  # the experiment keeps what its players played
    assert written["ratings"]["greedy"][0] > 0  # greedy beats random at Bazaar
    (shipped_here / "bazaar.json").write_text(json.dumps(written))
    strength.shipped.cache_clear()  # the ladder's own report looked for one before it was shipped
    capsys.readouterr()
    out = tmp_path / "robust"
    main(["robustness", "bazaar", "-p", "random*4", "-p", "greedy*4", "-n", "400", "-t", "1", "--out", str(out)])
    shown = capsys.readouterr().out
    assert "with strength" in shown and "players' strength: random 0.00" in shown
    verdicts = pl.read_csv(out / "verdicts.csv", comment_prefix="#")
    assert set(verdicts["with_strength"]) <= {rb.SETTLED, rb.MOVING, rb.TOO_FEW}
    assert (out / "strength.png").stat().st_size > 0
    assert "players' strength: random 0.00" in (out / "verdicts.csv").read_text()


def test_two_strongest_that_answer_apart_but_the_ladder_cannot_order_are_not_called_moving():
    """Ratings apart as numbers need not be apart on the ladder: the answer then depends on how the two play, and
    which way strength moves it is not known (Yokohama's `learned` a round on and to the turn's end)."""
    ratings = {rb.Variation("builtin", p): r for p, r in [("greedy*4", 4.0), ("tuned*4", 4.1), ("mcts*4", 4.2)]}
    apart = [estimate("tuned*4", 0.40, 0.01), estimate("mcts*4", 0.30, 0.01)]
    verdict, why = rb.judge_strength(apart, ratings, order=lambda a, b: "but the ladder cannot tell them")[
        "seat 0 wins"
    ]
    assert verdict == rb.UNORDERED and why.endswith("0.3 [0.29, 0.31] under mcts*4; 0.4 [0.39, 0.41] under tuned*4), "
                                                    "but the ladder cannot tell them")  # fmt: skip
    assert rb.judge_strength(apart, ratings, order=lambda a, b: "")["seat 0 wins"][0] == rb.MOVING
    agree = [estimate("tuned*4", 0.30, 0.01), estimate("mcts*4", 0.30, 0.01)]
    assert rb.judge_strength(agree, ratings, order=lambda a, b: "cannot tell")["seat 0 wins"][0] == rb.SETTLED


def test_the_ladder_orders_two_players_only_when_the_interval_of_their_distance_says_so(monkeypatch):
    assert strength.cannot_order("lagranja", "learned", "greedy") == ""  # the shipped ladder: far apart
    ladder = {"behind_top": {"a": [0.0, 0.0, 0.0], "b": [-0.5, -0.7, -0.3], "c": [-0.6, -0.8, -0.4],
                             "d": [-1.5, -1.7, -1.3]}}  # fmt: skip
    monkeypatch.setattr(strength, "shipped", lambda game: ladder)
    assert strength.cannot_order("g", "a", "b") == ""  # its distance from the strongest is below 0
    assert "cannot tell c" in strength.cannot_order("g", "b", "c")  # neither is the strongest: the intervals overlap
    assert strength.cannot_order("g", "b", "d") == ""
    assert strength.cannot_order("g", "a", "unrated") == ""  # no distance kept: the ratings' order is all there is
