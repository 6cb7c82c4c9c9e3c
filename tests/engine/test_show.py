"""`playout show`: the JSON trace a checker can replay (format in sim/trace.py and README), its events and
legal actions, and the readable show.

`replay` reads nothing but the trace's lines: the context names the game, data set and knobs, gives the
initial state, and every step line the action id that the game's `step` applies."""

import hashlib
import json
from collections import Counter

import numpy as np
import pytest

from cli import main
from sim.registry import available, get_game

GANGSTA = ("gangsta", "--seed", "2", "--game", "5", "--players", "greedy,random,greedy")
YOKOHAMA = ("yokohama", "--seed", "3", "--game", "1", "--players", "greedy,random")
GAMES = sorted(available())  # the format is every game's: a new game is checked here as soon as it registers
RENDER_HOOKS = ("describe", "position", "state_json", "events", "final_json", "text_lines")  # sim/trace.py


def a_game(name: str) -> tuple[str, ...]:
    return (name, "--seed", "3", "--game", "1", "--players", "greedy,random")


def a_knob_changed(name: str) -> dict[str, int]:
    """The first rule knob (not an experiment's) set one above its default."""
    knob = next(k for k in get_game(name).params.knobs if not k.name.startswith("experiment.") and k.default < k.hi)
    return {knob.name: knob.default + 1}


def show_json(capsys, *argv) -> list[dict]:
    main(["show", *argv, "--json"])
    return [json.loads(x) for x in capsys.readouterr().out.splitlines()]


def steps_of(lines):
    return [x for x in lines if x["type"] == "step"]


def digest(s: np.ndarray) -> str:
    return hashlib.sha256(s.astype("<i4").tobytes()).hexdigest()[:16]


def replay(lines: list[dict]) -> tuple[list[int], int]:
    """Replay a trace from its JSON alone through the game's kernels: (final scores, winner)."""
    ctx = lines[0]
    spec = get_game(ctx["game"])
    assert spec.version == ctx["rules_version"]
    data = spec.load_data(None if ctx["data_set"] == "builtin" else ctx["data_set"])
    assert data.fingerprint == ctx["data_fingerprint"]
    params = spec.params.values(ctx["knobs_changed"])
    assert spec.params.fingerprint(params) == ctx["params_fingerprint"]
    kern = spec.rules
    s = np.array(ctx["initial_state"], dtype=np.int32)
    assert s.size == ctx["state_size"]
    mask = np.zeros(ctx["n_actions"], np.uint8)
    for line in steps_of(lines):
        assert not kern.is_terminal(s)
        kern.legal_mask(s, data.array, params, mask)
        assert mask[line["action_id"]], f"step {line['step']}: action {line['action_id']} is not legal"
        kern.step(s, data.array, params, np.int64(line["action_id"]))
        assert digest(s) == line["state_digest"], f"step {line['step']}: the state differs from the trace's"
    assert kern.is_terminal(s)
    scores, ranks = np.zeros(4, np.int64), np.zeros(4, np.int64)
    winner = kern.final_scores(s, data.array, params, scores, ranks)
    return scores[: ctx["players"]].tolist(), int(winner)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_renders_the_trace_hooks(game):
    """Each hook of sim/trace.py's contract says what the state and the kernels say, on one traced game:
    describe names the kind of the action `step` takes (the game's action table), position reads the
    state's round and phase fields (by their layout names), state_json has one entry per player, events are
    named, final_json gives the kernels' final scores and winner, and text_lines names the kind of every
    action a seat chose (a forced step may be left quiet)."""
    from importlib import import_module

    from sim.engine import Recipe, prepare
    from sim.trace import trace_game

    spec = get_game(game)
    render = spec.render
    assert all(callable(getattr(render, hook, None)) for hook in RENDER_HOOKS)
    prep = prepare(Recipe(game, ["greedy", "random"], 3, 2, 1))
    trace = trace_game(prep, 1)
    phases = import_module(f"sim.games.{game}.layout").PHASES
    at_phase, at_round = spec.layouts[0].offset("phase"), spec.layouts[0].offset("round")
    for st in trace.steps:
        kind, args = render.describe(prep, st.before, st.action)
        assert kind == spec.actions.kind_of(st.action)[0].name and isinstance(args, dict)
        assert render.position(st.before) == (int(st.before[at_round]), phases[int(st.before[at_phase])])
        assert all(isinstance(ev["event"], str) for ev in render.events(st.before, st.after, prep.data))
    assert len(render.state_json(prep, trace.final)["players"]) == 2
    scores, ranks = np.zeros(4, np.int64), np.zeros(4, np.int64)
    winner = spec.rules.final_scores(trace.final, prep.data.array, prep.params, scores, ranks)
    final = render.final_json(trace.final, trace.row, ["greedy", "random"])
    assert [final["scores"][str(p)]["total"] for p in range(2)] == scores[:2].tolist()
    assert final["winner"] == winner and final["end_trigger"] in spec.end_triggers
    text = list(render.text_lines(prep, trace))
    kinds = {render.describe(prep, st.before, st.action)[0] for st in trace.steps if not st.forced}
    assert all(any(k in line for line in text) for k in kinds)


@pytest.mark.parametrize("game", GAMES)
def test_a_traced_game_replays_from_its_json_alone_to_the_same_final_scores(capsys, game):
    argv, knobs = a_game(game), a_knob_changed(game)
    sets = [x for k, v in knobs.items() for x in ("--set", f"{k}={v}")]
    lines = show_json(capsys, *argv, *sets)
    ctx, final = lines[0], lines[-1]
    assert ctx["type"] == "context" and final["type"] == "final"
    assert ctx["game"] == argv[0] and ctx["knobs_changed"] == knobs and ctx["seed"] == int(argv[2])
    assert ctx["game_index"] == int(argv[4]) and ctx["lineup"] == argv[6].split(",")
    assert len(ctx["seats"]) == ctx["players"] and sorted(ctx["seats"]) == sorted(ctx["lineup"])
    assert "players" in ctx["state"]
    scores, winner = replay(lines)
    assert scores == [final["final"]["scores"][str(p)]["total"] for p in range(ctx["players"])]
    assert winner == final["final"]["winner"]
    assert final["step"] == len(steps_of(lines)) and final["end_trigger"] == final["final"]["end_trigger"] != "none"


def test_a_trace_with_one_action_changed_fails_its_replay(capsys):
    lines = show_json(capsys, *GANGSTA, "--legal")
    line = next(x for x in steps_of(lines) if len(x["legal"]) > 1)
    line["action_id"] = next(a["id"] for a in line["legal"] if a["id"] != line["action_id"])
    with pytest.raises(AssertionError, match="differs"):
        replay(lines)


@pytest.mark.parametrize("game", GAMES)
def test_legal_lists_each_steps_legal_actions_with_the_one_taken(capsys, game):
    steps = steps_of(show_json(capsys, *a_game(game), "--legal"))
    for line in steps:
        ids = [a["id"] for a in line["legal"]]
        assert ids == sorted(set(ids)) and line["action_id"] in ids
        assert line["forced"] == (len(ids) == 1)
        taken = next(a for a in line["legal"] if a["id"] == line["action_id"])
        assert (taken["action"], taken["args"]) == (line["action"], line["args"])
    assert max(len(x["legal"]) for x in steps) > 5


def test_gangsta_events_account_for_what_the_rules_did(capsys):
    lines = show_json(capsys, "gangsta", "--seed", "4", "--game", "0", "--players", "random*4")
    events = [x for x in lines if x["type"] == "event"]
    count = Counter(e["event"] for e in events)
    last, final = steps_of(lines)[-1], lines[-1]
    players = last["players"]
    assert count["heist_done"] == sum(len(p["heists_done"]) for p in players) > 0
    assert count["gangster_lost"] == sum(p["lost"] for p in players) > 0
    revealed = [h for e in events if e["event"] == "snitch" for h in e["snitches"]]
    assert sorted(revealed) == sorted(last["rivers"]["snitches_revealed"]) and revealed
    assert count["reshuffle"] > 0
    assert [e["chapter"] for e in events if e["event"] == "chapter"] == ["gangwar", "domination"]
    assert count["opportunity_income"] == 1 and count["gang_war"] == 1
    assert count["round"] == final["round"]
    assert events[-1] == {"type": "event", "step": final["step"] - 1, "event": "game_over",
                          "end_trigger": final["end_trigger"]}  # fmt: skip
    for e in events:  # each event follows the step line it belongs to
        assert lines[lines.index(e) - 1]["step"] == e["step"]


def test_yokohama_events_tell_the_income_the_rounds_and_the_end_trigger(capsys):
    lines = show_json(capsys, *YOKOHAMA)
    events = [x for x in lines if x["type"] == "event"]
    final = lines[-1]
    triggered = [e for e in events if e["event"] == "end_triggered"]
    assert len(triggered) == 1 and triggered[0]["end_trigger"] == final["end_trigger"]
    assert triggered[0]["last_round"] in (final["round"], final["round"] - 1)
    assert sum(e["event"] == "round" for e in events) == final["round"]
    assert all(e["yen"] > 0 and e["seat"] in (0, 1) for e in events if e["event"] == "income")


def test_the_readable_show_keeps_the_end_trigger_line_when_the_triggering_step_was_forced(capsys):
    lines = show_json(capsys, "yokohama", "--seed", "7", "--game", "3")
    trigger = next(x for x in lines if x["type"] == "event" and x["event"] == "end_triggered")
    assert steps_of(lines)[trigger["step"]]["forced"]  # the case this test is about
    main(["show", "yokohama", "--seed", "7", "--game", "3"])
    text = capsys.readouterr().out
    assert f"** end triggered: {trigger['end_trigger']}; the game ends after round {trigger['last_round'] + 1}" in text


def test_legal_without_json_is_bad_input(capsys):
    with pytest.raises(SystemExit) as e:
        main(["show", "gangsta", "--legal"])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and "--json" in err and "\n" not in err
