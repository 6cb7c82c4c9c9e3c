"""The commands a user types, end to end (in-process, with small n)."""

import json
import subprocess
import sys

import polars as pl

from cli import main


def test_help_imports_no_heavy_library():
    code = (
        "import sys\nfrom cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('numba', 'numpy', 'pandas', 'matplotlib', 'polars') if m in sys.modules))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip().splitlines()[-1] == "[]"


def test_version(capsys):
    try:
        main(["--version"])
    except SystemExit as e:
        assert e.code == 0
    assert capsys.readouterr().out.startswith("playout ")


def test_games_lists_yokohama(capsys):
    main(["games"])
    out = capsys.readouterr().out
    assert "yokohama" in out and "2-4" in out


def test_strategies_lists_codes_and_weights(capsys):
    main(["strategies", "yokohama"])
    out = capsys.readouterr().out
    for word in ("random", "greedy", "w_vp", "w_money"):
        assert word in out


def test_strategies_lists_the_learned_players_settings_apart_from_its_coefficients(capsys, monkeypatch):
    from sim.games.gangsta.features import FEATURES

    monkeypatch.setenv("COLUMNS", "200")
    main(["strategies", "gangsta"])
    out = capsys.readouterr().out
    assert f"{len(FEATURES)} feature coefficients and lv_bias" in out
    assert all(f"│ {name}" in out for name in ("lv_margin", "lv_look", "lv_worlds"))
    assert "lv_look=round" in out  # a categorical weight by its name, as typed in a player code


def test_run_writes_results_manifest_and_summary(tmp_path, capsys):
    out = tmp_path / "run"
    main(["run", "yokohama", "-n", "40", "--players", "greedy,random,random", "--seed", "5", "--out", str(out),
          "--set", "start_money.seat0=5", "--chunk", "16"])  # fmt: skip
    printed = capsys.readouterr().out
    assert "win rate by seat" in printed and "win rate by strategy" in printed
    games = pl.read_parquet(out / "games.parquet")
    assert games.height == 40 and games["game_index"].to_list() == list(range(40))
    for col in ("seed", "game_index", "players", "strategy_0", "score_2", "rank_1", "winner", "winner_strategy",
                "decisions", "rounds", "end_trigger", "vp_orders_0", "techs_2"):  # fmt: skip
        assert col in games.columns
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete" and m["n"] == 40 and m["seed"] == 5
    assert m["params_changed"] == {"start_money.seat0": 5}
    assert m["lineup"] == ["greedy", "random", "random"]
    assert 0 < m["data_assumed_share"] < 1 and m["games_per_second"] > 0


def test_show_prints_a_readable_game(capsys):
    main(["show", "yokohama", "--seed", "1", "--game", "0"])
    out = capsys.readouterr().out
    assert out.startswith("Yokohama, 4 players, seed 1, game 0")
    assert "== final" in out and "total" in out


def test_show_json_has_one_object_per_decision_and_a_final_line(capsys):
    main(["show", "yokohama", "--seed", "1", "--game", "2", "--players", "greedy,random", "--json"])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    steps = [obj for obj in lines if obj["type"] == "step"]
    assert lines[0]["type"] == "context" and lines[-1]["type"] == "final"
    assert [obj["step"] for obj in steps] == list(range(len(steps))) == list(range(lines[-1]["step"]))
    for obj in steps:
        for key in ("step", "round", "seat", "phase", "action", "args", "players", "areas"):
            assert key in obj
    player = steps[0]["players"][0]
    for key in ("money", "vp", "goods", "imports", "assistants_hand", "assistants_warehouse", "assistants_board",
                "president", "shops_built", "trading_houses_built", "techs", "orders_hand", "orders_done",
                "agents_unused"):  # fmt: skip
        assert key in player
    assert set(player["goods"]) == {"copper", "silk", "tea", "fish"}
    area = next(iter(steps[0]["areas"].values()))
    assert "presidents" in area and "power_pieces" in area
    final = lines[-1]["final"]
    assert set(final["scores"]) == {"0", "1"} and final["winner"] in (0, 1)
    assert final["scores"]["0"]["total"] == sum(
        v for k, v in final["scores"]["0"].items() if k not in ("total", "strategy")
    )


def test_knobs_lists_every_rule_number(capsys):
    main(["knobs", "yokohama"])
    out = capsys.readouterr().out
    for word in ("start_money.seat0", "final.church_first", "sourced"):
        assert word in out
