"""The template game through every command issue #29 names: run, show --json, report, value, regress. Each
answer is checked against what the rules or the files say, not against a number copied from a run."""

import json

import polars as pl
import pytest

from cli import main
from sim import regression
from sim.games.bazaar.layout import MARKET
from sim.games.bazaar.spec import CARD_NAMES, SPEC

BASELINE = regression.BASELINE_DIR / "bazaar" / "greedy4.json"


def test_run_then_report_writes_one_row_per_game_ended_by_the_round_limit(tmp_path, capsys):
    out = tmp_path / "run"
    main(["run", "bazaar", "-n", "300", "--players", "greedy,random,builder", "--out", str(out), "-q"])
    games = pl.read_parquet(out / "games.parquet")
    manifest = json.loads((out / "manifest.json").read_text())
    assert games.height == 300 and manifest["recipe"]["game"] == "bazaar"
    assert (games["end_trigger"] == "round_limit").all()
    assert (games["rounds"] == SPEC.params.get("end.rounds").default).all()
    for seat in range(3):  # the score is the cards' VP plus the coins' VP (RULES.md, 5.)
        assert (games[f"score_{seat}"] == games[f"vp_cards_{seat}"] + games[f"vp_coins_{seat}"]).all()
    main(["report", str(out)])
    assert (out / "report" / "report.html").is_file()
    assert pl.read_csv(out / "report" / "seat_fairness.csv", comment_prefix="#").height == 3


def test_show_json_gives_a_step_per_turn_and_the_final_scores(capsys):
    main(["show", "bazaar", "--players", "greedy,random", "--game", "2", "--json", "--legal"])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    steps = [x for x in lines if x["type"] == "step"]
    rounds = SPEC.params.get("end.rounds").default
    assert lines[0]["game"] == "bazaar" and len(steps) == 2 * rounds  # one action per turn, two seats
    assert all(s["legal"][0]["action"] == "take" and len(s["legal"]) <= 1 + MARKET for s in steps)
    incomes = [x for x in lines if x["type"] == "event" and x["event"] == "income"]
    assert len(incomes) == rounds
    final = lines[-1]["final"]
    assert all(v["total"] == v["vp_cards"] + v["vp_coins"] for v in final["scores"].values())


def test_value_ranks_the_cards_asked_and_says_what_the_ranking_rests_on(tmp_path, capsys):
    out = tmp_path / "value"
    chosen = [CARD_NAMES[0], CARD_NAMES[-1]]
    main(["value", "bazaar", "--only", ",".join(chosen), "-n", "40", "--players", "greedy*2", "--out", str(out)])
    table = pl.read_csv(out / "value.csv", comment_prefix="#")
    assert sorted(table["card"].to_list()) == sorted(chosen)
    assert (out / "rests_on.csv").is_file()


def test_value_refuses_an_unknown_card_in_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(["value", "bazaar", "--only", "camel", "-n", "4"])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and "unknown card 'camel'" in err and "\n" not in err


def test_regress_holds_on_the_baseline_and_drifts_when_a_rule_changes(capsys):
    main(["regress", "--baseline", str(BASELINE)])
    assert "all baselines hold" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:  # one more coin per take moves who wins
        main(["regress", "--baseline", str(BASELINE), "--set", "take.coins=4"])
    assert e.value.code == 1
