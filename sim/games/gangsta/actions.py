"""Gangsta!'s fixed action table: one kind per kind of decision, arguments as offsets.

Gang slots are positions in a gang (slot 0 is the boss); "seat * MAX_GANG + slot" names a gangster of any
gang (cooperative crews, diversion). River slots are the five face-up heists or gangsters.
"""

from sim.actions import ActionTable
from sim.games.gangsta.layout import MAX_GANG, MAX_PLAYERS, RIVER

ACTIONS = ActionTable("gangsta")
_a = ACTIONS.kind
A_UNTAP = _a("untap", MAX_GANG, "mobilisation: make own engaged gang slot i available (free per leader skill, else $1)")
A_MOBILISE_DONE = _a("mobilise_done", 1, "mobilisation: untap no more")
A_RECRUIT = _a("recruit", RIVER, "recruit the gangster in river slot i, paying its cost")
A_HEIST = _a("heist", RIVER, "start the heist in river slot i (its crew follows)")
A_PASS = _a("pass", 1, "pass: $1 per leader skill of the gang")
A_CREW = _a(
    "crew", MAX_PLAYERS * MAX_GANG, "heist: gangster i % 16 of seat i // 16 joins the crew (has a required skill)"
)
A_CREW_DONE = _a("crew_done", 1, "heist: the crew is complete (nothing missing): perform the heist")
A_LEARN = _a("learn", MAX_GANG, "learn-skill reward: own gang slot i (a crew member) learns the skill")
A_LEARN_SKIP = _a("learn_skip", 1, "learn-skill reward: teach nobody")
A_FAST_RECRUIT = _a("fast_recruit", RIVER, "fast-recruit reward: recruit the gangster in river slot i")
A_FAST_SKIP = _a("fast_skip", 1, "fast-recruit reward: recruit nobody")
A_STEAL = _a("steal", MAX_PLAYERS, "theft reward: take up to the amount from seat i")
A_STEAL_SKIP = _a("steal_skip", 1, "theft reward: steal from nobody")
A_DIVERT = _a("divert", MAX_PLAYERS * MAX_GANG, "diversion reward: engage gangster i % 16 of seat i // 16")
A_DIVERT_DONE = _a("divert_done", 1, "diversion reward: engage no more")
A_MARK = _a("assassinate", MAX_PLAYERS, "assassination reward: seat i discards one of its two-skill gangsters")
A_MARK_SKIP = _a("assassinate_skip", 1, "assassination reward: target nobody")
A_LOSE = _a("lose", MAX_GANG, "the victim's gang slot i is discarded (snitch, gang war, assassination)")
A_DISCARD_GANGSTER = _a("discard_gangster", RIVER, "after passing: discard the gangster in river slot i")
A_DISCARD_HEIST = _a("discard_heist", RIVER, "after passing: discard the heist in river slot i")
A_DISCARD_SKIP = _a("discard_skip", 1, "after passing: discard nothing")
N_ACTIONS = ACTIONS.size
