"""Gangsta!'s rules: the only definition of what is legal (legal_mask) and what happens (step).

State, data and params are flat int32 arrays (layout.py, tables.py, params.py). A turn is a chain of
small decisions; G_PHASE says which one is due:

    [mobilise] -> action: recruit ------------------------------------------------------------\\
                        | heist -> crew ... crew_done -> [learn] (play again) (rally) [fast_recruit] |-> end of turn
                        |                                 [theft] [diversion] [assassination -> lose] |
                        | pass -> [pass_discard] -------------------------------------------------------/
    end of turn: chapter check (opportunity income | gang war -> lose ... | game end)
                 -> refill the rivers (a snitch: payments -> lose ...) -> next turn (or play again)

Between two decisions the rules run by themselves (rewards, end of turn, refills, discards): each of those
procedures names the next one in G_FLOW and `advance` runs them in a loop, so no rule function calls back
into the turn flow (numba's on-disk cache breaks on mutually recursive functions).

All chance is dealt at setup: the decks are shuffled then and drawn from the end during play; a discard
pile that must be reshuffled uses a key drawn at setup, so step() needs no generator. Phases whose only
legal action is "done" are still phases: the engine applies a sole legal action without asking the bot.
Rule sources and every choice made where the seed is silent or the sources disagree: RULES.md.

The rules are split where a reader would look, each module importing only the ones listed before it:

    common.py       addressing, gang skills and influence, thresholds, the decks
    scoring.py      the end of the game and final scoring
    turn_actions.py the turn: synchronisation and mobilisation, then recruit, heist (crew, rewards), pass
    setup.py        the deal: bosses, the recruiting deck, the chapter decks and rivers, the first turn
    end_of_turn.py  chapter check (opportunity income, gang war), snitches, discards, refills, next turn
    play.py         the turn flow: advance, legal_mask, step

This package re-exports every name the rest of the code imports from it.
"""

from sim.games.gangsta.rules.common import (
    add_member_skills,
    add_vp,
    cb,
    current_player,
    deck_base,
    draw_gangster,
    draw_heist,
    hb,
    highest_count,
    is_snitch,
    is_terminal,
    learn,
    member_n_skills,
    member_skill,
    pb,
    push_heist,
    reshuffle,
    threshold_count,
)
from sim.games.gangsta.rules.end_of_turn import (
    after_losses,
    begin_losses,
    check_chapter,
    discard_member,
    finish_action,
    gang_war,
    loss_legal,
    next_loss,
    next_turn,
    no_cards_left,
    opportunity_income,
    pay_snitch,
    refill_and_advance,
    snitches_end_game,
    start_chapter,
    total_skills,
)
from sim.games.gangsta.rules.play import advance, allow, legal_mask, step
from sim.games.gangsta.rules.scoring import award_most, end_game, final_scores, final_scoring
from sim.games.gangsta.rules.setup import adjust_boss_deal, deal_bosses, deal_chapter, deal_gangsters, init_state
from sim.games.gangsta.rules.turn_actions import (
    available_pool,
    begin_heist,
    can_learn,
    can_recruit,
    complete_heist,
    crew_legal,
    crew_wanted,
    feasible_with,
    has_assassination_target,
    heist_feasible,
    join_crew,
    learn_legal,
    missing_bits,
    next_reward,
    opponents_available,
    pass_money,
    recruit,
    required_bits,
    start_turn,
)

__all__ = [
    "add_member_skills", "add_vp", "adjust_boss_deal", "advance", "after_losses", "allow", "available_pool",
    "award_most", "begin_heist", "begin_losses", "can_learn", "can_recruit", "cb", "check_chapter",
    "complete_heist", "crew_legal", "crew_wanted", "current_player", "deal_bosses", "deal_chapter",
    "deal_gangsters", "deck_base", "discard_member", "draw_gangster", "draw_heist", "end_game", "feasible_with",
    "final_scores", "final_scoring", "finish_action", "gang_war", "has_assassination_target", "hb",
    "heist_feasible", "highest_count", "init_state", "is_snitch", "is_terminal", "join_crew", "learn",
    "learn_legal", "legal_mask", "loss_legal", "member_n_skills", "member_skill", "missing_bits", "next_loss",
    "next_reward", "next_turn", "no_cards_left", "opponents_available", "opportunity_income", "pass_money",
    "pay_snitch", "pb", "push_heist", "recruit", "refill_and_advance", "required_bits", "reshuffle",
    "snitches_end_game", "start_chapter", "start_turn", "step", "threshold_count", "total_skills",
]  # fmt: skip
