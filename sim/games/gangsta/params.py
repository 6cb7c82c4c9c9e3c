"""Gangsta!'s rule knobs: every printed number of the rules and each reading where sources disagree, by name.

Card data (costs, skills, rewards, snitch values) are data files, not knobs; see tables.py.
Sources: "seed 002" is the BGA Japanese help page in shared/seeds; S1 the BGA implementation (research
notes in shared/games/gangsta/NOTES.md). RULES.md explains every choice.
"""

from sim.params import ParamSpace

PARAMS = ParamSpace("gangsta")
_k = PARAMS.knob

K_SEAT_BONUS = _k(
    "start_money.bonus_per_seat", 0,
    "dollars added per seat after the first (BGA option 'cash for not playing first' = 1)", 0, 9,
    "BGA option (S1); off in the seed",
)  # fmt: skip
K_UNTAP_COST = _k("mobilise.untap_cost", 1, "dollars to make one engaged gangster available", 0, 9, "sourced: seed 002")
K_ENGAGED_LEADERS = _k(
    "mobilise.engaged_leaders_free", 0,
    "1: leader skills of engaged gangsters also give free untaps (seed silent; S1 counts available ones only)", 0, 1,
    "choice",
)  # fmt: skip
K_PASS_MIN = _k(
    "pass.min_money", 0,
    "a pass pays at least this (BGA option 'minimum $2 when passing' = 2)", 0, 9, "BGA option (S1); off in the seed",
)  # fmt: skip
K_PASS_DISCARD = _k(
    "pass.may_discard", 1, "1: after passing, a player may discard one face-up heist or gangster", 0, 1,
    "S1 (seed silent)",
)  # fmt: skip
K_COOP_SOLO = _k(
    "coop.solo_reward", 1,
    "1: a cooperative heist done with only your own gangsters still pays you its co-op reward (seed); 0: S1",
    0, 1, "seed 002 reading; S1 pays only when several players took part",
)  # fmt: skip
K_CREW_MISSING = _k(
    "heist.crew_brings_missing", 0,
    "0: any available gangster with one of the heist's required skills may join its crew (seed); 1: each must "
    "bring a still-missing skill and the heist starts once none is missing (the project's reading before 1.1)",
    0, 1, "seed 002 vs the project's reading before 1.1",
)  # fmt: skip
COUNT_HIRES, COUNT_GANG, COUNT_GANG_AND_BOSS = range(3)
K_CHAPTER_COUNT = _k(
    "chapters.count", COUNT_HIRES,
    "what the 4/7/9 thresholds count: 0 the gangsters a player has hired (seed); 1 the gangsters in the gang "
    "now, boss excluded (the project's reading before 1.1); 2 the cards in the gang, boss included (S1)",
    0, 2, "seed 002 vs S1",
)  # fmt: skip
K_CHAPTER2_AT = _k(
    "chapters.gang_war_at", 4, "count (chapters.count) that starts chapter 2", 1, 12, "sourced: seed 002"
)
K_CHAPTER3_AT = _k(
    "chapters.domination_at", 7, "count (chapters.count) that starts chapter 3", 1, 12, "sourced: seed 002"
)
K_END_AT = _k("end.gang_size", 9, "count (chapters.count) that ends the game in chapter 3", 1, 12, "sourced: seed 002")
K_END_SNITCHES = _k("end.snitches", 3, "snitches revealed in chapter 3 that end the game", 1, 8, "sourced: seed 002")
K_SNITCH_BGA = _k(
    "snitch.bga_values", 0, "1: play the snitches' informant_bga values (S1: domination 3,3,3,4,4)", 0, 1,
    "seed 002 vs S1",
)  # fmt: skip
K_SNITCH_TAKES_ALL = _k(
    "snitch.unpaid_takes_all", 1,
    "1: a player who cannot pay a snitch loses all their money as well as a gangster (S1; seed silent)", 0, 1,
    "S1 (seed silent)",
)  # fmt: skip
K_LONE_BOSS_PAYS = _k(
    "snitch.lone_boss_pays", 0,
    "0: a lone boss who cannot pay a snitch: nothing happens (seed); 1: he loses his money like any player who "
    "cannot pay, under snitch.unpaid_takes_all (the project's reading before 1.1)",
    0, 1, "seed 002 vs the project's reading before 1.1",
)  # fmt: skip
K_GANG_WAR_DOUBLE = _k(
    "gang_war.double_factor", 2,
    "2 players: the leader chooses the loser's discard with at least this many times its mercenary skills", 1, 9,
    "sourced: seed 002",
)  # fmt: skip
K_MOST_VP = _k(
    "final.most_vp", 2, "influence for the most money / the most gangsters, alone", 0, 9, "sourced: seed 002"
)
K_SHARED_VP = _k("final.shared_vp", 1, "influence for the most money / gangsters, shared", 0, 9, "sourced: seed 002")
K_MAX_ROUNDS = _k(
    "end.max_rounds", 200,
    "safety valve, not a rule: the game stops after this many rounds (a stalled deck; see RULES.md)", 10, 2000,
    "ASSUMED",
)  # fmt: skip

# Experiments (`playout value --cards boss`), not rules: a boss left out of the deal, or dealt to a given seat.
# The boss deck is shuffled as usual and then adjusted, so every other card of the setup is unchanged.
K_REMOVE_BOSS = _k("experiment.remove_boss", 0, "boss index + 1 (bosses.csv order) never dealt (0: none)", 0, 16,
                   "experiment")  # fmt: skip
K_GIVE_BOSS = _k("experiment.give_boss", 0, "boss index + 1 dealt to experiment.give_boss_seat (0: none)", 0, 16,
                 "experiment")  # fmt: skip
K_GIVE_BOSS_SEAT = _k("experiment.give_boss_seat", 0, "the seat dealt experiment.give_boss", 0, 3, "experiment")
