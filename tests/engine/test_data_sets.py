"""Named data sets: a game ships alternatives in sim/games/<game>/data_sets/<name>/ (overlays of the builtin
tables); `--data NAME` chooses one in every command as `--data DIR` chooses a directory; the manifest names it;
`playout data GAME` lists them."""

import json

import pytest

from cli import main
from sim.datafiles import game_data_dir, named_sets, resolve_data
from sim.errors import DataError
from sim.registry import available, get_game

SET = "seed-guess-2026"  # Yokohama's tables before the English rulebook


def all_sets():
    return [(game, s) for game in available() for s in named_sets(game_data_dir(game)).values()]


def test_every_shipped_set_describes_itself_and_replaces_only_tables_that_differ_from_builtin():
    assert all_sets(), "at least one game ships a named data set"
    for game, s in all_sets():
        assert s.description, f"{game} {s.name}: README.md says what the set is"
        assert s.tables(), f"{game} {s.name}: an empty set is the builtin one"
        for name in s.tables():
            builtin = game_data_dir(game) / name
            assert builtin.is_file(), f"{game} {s.name}: {name} replaces no builtin table"
            assert (s.path / name).read_bytes() != builtin.read_bytes(), f"{game} {s.name}: {name} is the builtin one"


@pytest.mark.parametrize(("game", "name"), [(g, s.name) for g, s in all_sets()])
def test_every_shipped_set_loads_and_is_named_by_its_name(game, name):
    spec = get_game(game)
    loaded = spec.load_data(name)
    builtin = spec.load_data(None)
    assert loaded.name == name
    assert loaded.fingerprint != builtin.fingerprint
    assert 0 <= loaded.assumed_share <= 1


def test_data_names_resolve_to_builtin_a_set_or_a_directory(tmp_path, monkeypatch):
    assert resolve_data("yokohama", None) is None
    assert resolve_data("yokohama", "builtin") is None
    assert resolve_data("yokohama", SET) == SET  # kept as a name: a recipe replays on any machine
    assert resolve_data("yokohama", str(tmp_path)) == str(tmp_path.resolve())
    monkeypatch.chdir(tmp_path)
    (tmp_path / SET).mkdir()
    assert resolve_data("yokohama", SET) == SET  # a bare word that names a set is the set
    assert resolve_data("yokohama", f"./{SET}") == str((tmp_path / SET).resolve())


def test_an_unknown_data_name_is_refused_with_a_did_you_mean():
    with pytest.raises(DataError, match="did you mean 'seed-guess-2026'"):
        resolve_data("yokohama", "seed-guess-2025")
    with pytest.raises(DataError, match="choose from: builtin"):
        resolve_data("gangsta", "seed-guess-2026x")


def test_the_cli_refuses_an_unknown_data_set_in_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(["run", "yokohama", "-n", "5", "--data", "no-such-set"])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and "no-such-set" in err and "\n" not in err


def test_a_run_on_a_named_set_names_it_in_the_manifest_and_replays_by_name(tmp_path, capsys):
    out = tmp_path / "run"
    main(["run", "yokohama", "-n", "12", "--players", "greedy*3", "--data", SET, "--out", str(out), "-q"])
    m = json.loads((out / "manifest.json").read_text())
    assert m["data_set"] == SET and m["recipe"]["data_dir"] == SET
    assert m["data_assumed_share"] == round(get_game("yokohama").load_data(SET).assumed_share, 4)
    main(["show", "yokohama", "--players", "greedy*3", "--data", SET, "--game", "1"])
    assert f"data {SET}" in capsys.readouterr().out.splitlines()[0]


def test_playout_data_lists_builtin_and_each_set_with_its_assumed_share_and_tables(capsys):
    main(["data", "yokohama"])
    out = capsys.readouterr().out
    assert "builtin" in out and SET in out and "%" in out
    for name in named_sets(game_data_dir("yokohama"))[SET].tables():
        assert name.removesuffix(".csv") in out
