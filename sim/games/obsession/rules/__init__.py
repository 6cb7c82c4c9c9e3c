"""Obsession's rules: the only definition of what is legal (legal_mask) and what happens (step).

State, data and params are flat int32 arrays (layout.py, tables.py, params.py). A turn is a chain of small
decisions; G_PHASE says which one is due:

    setup: family (-> wessex_tile) ... -> draft ... -> round 1
    turn:  [objective_discard] [hall] -> main: host -> guests ... -> [double] -> favours -> [attack] [wife ->
           keep_guest] [hire] [dismiss] -> buy ... -> next seat
                                   | pass -> pass_choice -> buy ...
           (main also offers call_servant; main and buy offer borrow, refresh_market and the VP cards:
           use_vp_card -> [vp_hire | vp_guest | keep_objective])
    courtship round: fairchild (the winner) -> court_discard (each player) -> next round, or, after the last:
           final_vp_card (each player who drew one there: use_vp_card [-> vp_hire | keep_objective] or
           keep_vp_card) -> the end

Between two decisions the rules run by themselves (service rotation, round events, favours, clearing the
board, refilling the market, courtships): each of those procedures names the next one in G_FLOW and `advance`
runs them in a loop, so no rule function calls back into the turn flow (numba's on-disk cache breaks on
mutually recursive functions).

All chance is dealt at setup: decks, the tile bag and the theme cards are shuffled then and drawn from the
end during play; tiles returned to the bag and objective cards put under their deck are reshuffled with a key
drawn at setup, so step() needs no generator. Rule sources and every choice: RULES.md.

The rules are split where a reader would look, each module importing only the ones listed before it:

    common.py        addressing, tiles, round events, reputation, borrowing
    servants.py      servants and which of them serve a need
    decks.py         gentry decks and hands, objective and VP cards
    market.py        the estate, the tile market, buying
    hosting.py       hosting an activity: tiles, guests, service, paupers
    specials.py      calling servants, refreshing service, VP cards, starting to buy
    favours.py       favours and clearing the board
    setup_choices.py the setup decisions: families, the START tile, the draft
    scoring.py       final scoring and ranks
    rounds.py        rounds and turns, events, courtships
    masks.py         legal_mask
    play.py          the turn flow: advance, step
    setup.py         the deal, then the rules run to the first decision

This package re-exports every name the rest of the code imports from it.
"""

from sim.games.obsession.layout import G_PHASE, P_CARD_STATE
from sim.games.obsession.rules.common import (
    MAX_DOUBLE_SERVICE,
    MAX_MONEY_CARDS,
    UNLIMITED,
    add_rep,
    borrow,
    borrowable,
    card_field,
    current_player,
    events,
    gb,
    has_event,
    is_terminal,
    kb,
    kind_of,
    level,
    max_level,
    ob,
    pb,
    side_base,
    sv,
    tile_ability,
    tile_cat,
    tile_type,
    tile_vp,
    vb,
)
from sim.games.obsession.rules.decks import (
    add_card,
    discard_objective,
    draw_objective,
    draw_top,
    draw_vp_card,
    find_card,
    invite,
    put_bottom,
    remove_slot,
    reshuffle,
    return_guest,
)
from sim.games.obsession.rules.favours import (
    any_dismissable,
    can_hire_now,
    clear_board,
    dismiss,
    dismissable,
    doubles_legal,
    end_activity,
    enjoy_favours,
    hire,
    next_pending,
    queens_guest,
    recruit,
    recruit_legal,
)
from sim.games.obsession.rules.hosting import (
    begin_activity,
    completable,
    fill_eligible,
    guest_cost,
    guest_legal,
    guest_matches,
    host_legal,
    host_level,
    invite_guest,
    is_hosted_kind,
    pauper_budget,
    pound_mult,
    servable,
    take_servants,
)
from sim.games.obsession.rules.market import (
    activate_reserve,
    add_tile,
    buy_tile,
    can_buy,
    category_count,
    category_vp,
    compact_market,
    owns_kind,
    refill,
    refresh_market,
    return_to_bag,
    sort_new_spaces,
    stack_on_twin,
    study_flipped,
    swap_spaces,
    take_from_reserve,
    tile_price,
    to_reserve,
    tsn_at,
    update_estate,
)
from sim.games.obsession.rules.masks import allow, legal_mask, mark, special_actions
from sim.games.obsession.rules.play import advance, step
from sim.games.obsession.rules.rounds import (
    after_events,
    court_discard,
    courtship,
    courtship_index,
    courtship_score,
    end_round,
    end_turn,
    final_vp_cards,
    final_vpc_usable,
    start_round,
    start_turn,
)
from sim.games.obsession.rules.scoring import (
    end_game,
    final_favour_vp,
    final_scores,
    final_scoring,
    objective_vp,
    reputation_vp,
    tiebreak_key,
)
from sim.games.obsession.rules.servants import (
    available,
    card_needs,
    has_ability,
    max_served,
    n_servants,
    servant_count,
    serve_all,
    server_for,
    supply_hireable,
)
from sim.games.obsession.rules.setup import deal_cards, deal_families, deal_gentry, fill_bag, give_tile, init_state
from sim.games.obsession.rules.setup_choices import (
    apply_family,
    family_allowed,
    family_seat,
    family_taken,
    finish_setup,
    has_extra_tile,
    setup_next,
    wessex_instance,
)
from sim.games.obsession.rules.specials import (
    call_cost_free,
    call_legal,
    call_servant,
    has_discard,
    refresh_service,
    start_buying,
    use_vp_card,
    vpc_usable,
)
from sim.games.obsession.tables import D_N_GENTRY

__all__ = [
    "D_N_GENTRY", "G_PHASE", "MAX_DOUBLE_SERVICE", "MAX_MONEY_CARDS", "P_CARD_STATE", "UNLIMITED",
    "activate_reserve", "add_card", "add_rep", "add_tile", "advance", "after_events", "allow", "any_dismissable",
    "apply_family", "available", "begin_activity", "borrow", "borrowable", "buy_tile", "call_cost_free",
    "call_legal", "call_servant", "can_buy", "can_hire_now", "card_field", "card_needs", "category_count",
    "category_vp", "clear_board", "compact_market", "completable", "court_discard", "courtship", "courtship_index",
    "courtship_score", "current_player", "deal_cards", "deal_families", "deal_gentry", "discard_objective",
    "dismiss", "dismissable", "doubles_legal", "draw_objective", "draw_top", "draw_vp_card", "end_activity",
    "end_game", "end_round", "end_turn", "enjoy_favours", "events", "family_allowed", "family_seat", "family_taken",
    "fill_bag", "fill_eligible", "final_favour_vp", "final_scores", "final_scoring", "final_vp_cards",
    "final_vpc_usable", "find_card", "finish_setup", "gb", "give_tile", "guest_cost", "guest_legal",
    "guest_matches", "has_ability", "has_discard", "has_event", "has_extra_tile", "hire", "host_legal",
    "host_level", "init_state", "invite", "invite_guest", "is_hosted_kind", "is_terminal", "kb", "kind_of",
    "legal_mask", "level", "mark", "max_level", "max_served", "n_servants", "next_pending", "ob", "objective_vp",
    "owns_kind", "pauper_budget", "pb", "pound_mult", "put_bottom", "queens_guest", "recruit", "recruit_legal",
    "refill", "refresh_market", "refresh_service", "remove_slot", "reputation_vp", "reshuffle", "return_guest",
    "return_to_bag", "servable", "servant_count", "serve_all", "server_for", "setup_next", "side_base",
    "sort_new_spaces", "special_actions", "stack_on_twin", "start_buying", "start_round", "start_turn", "step",
    "study_flipped", "supply_hireable", "sv", "swap_spaces", "take_from_reserve", "take_servants", "tiebreak_key",
    "tile_ability", "tile_cat", "tile_price", "tile_type", "tile_vp", "to_reserve", "tsn_at", "update_estate",
    "use_vp_card", "vb", "vpc_usable", "wessex_instance",
]  # fmt: skip
