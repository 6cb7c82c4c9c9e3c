"""Yokohama's rules: the only definition of what is legal (legal_mask) and what happens (step).

State, data and params are flat int32 arrays (layout.py, tables.py, params.py). A turn is a chain of
small decisions; G_PHASE says which one is due:

    extra_before -> place -> move -> [area action: port | lab | agency | chinatown | church | customs]
                 -> [station] -> [bonus] -> [build] -> [recover] -> extra_after -> next seat
                             \\-> return -> recall -> extra_after

A foreign agent used in an extra phase runs the area action chain there and returns to that phase.
Phases whose only legal action is "done" are still phases: the engine applies a sole legal action
without asking the bot. Rule sources and every choice made where the seeds are silent: RULES.md.

The rules are split where a reader would look, each module importing only the ones listed before it:

    common.py        addressing, power, goods, imports, flags, VP, the end trigger, the decks
    scoring.py       final scoring and ranks
    action_end.py    steps 4-6 of an action: the five-power chip, building, recovering
    turn.py          a turn: start and end, placement, the president's move, beginning the action
    areas.py         the area actions: port, laboratory, agency, Chinatown, church, customs
    setup.py         the deal: board, seats, orders, technologies, achievements, the dummy
    extra_actions.py foreign agents, achievements, fulfilling orders
    play.py          the turn flow: legal_mask, step

This package re-exports every name the rest of the code imports from it.
"""

from sim.games.yokohama.rules.action_end import (
    after_action,
    build,
    can_build_th,
    gain_location_reward,
    go_build,
    go_recover,
    recover,
    shop_legal,
    shop_space_free,
    take_chip,
)
from sim.games.yokohama.rules.areas import (
    acquire_tech,
    buy_tech,
    church_space,
    customs_legal,
    donate,
    donation_legal,
    end_port,
    exchange,
    exchange_legal,
    hire,
    hire_legal,
    order_slot_open,
    piece_source_legal,
    place_in_church,
    place_in_customs,
    take_order,
    take_piece,
    tech_payment,
    trading_house_price,
)
from sim.games.yokohama.rules.common import (
    BUY_STRIDE,
    N_PILES,
    UNREACHABLE,
    add_vp,
    board_pieces,
    current_player,
    draw_order,
    draw_tech,
    end_count,
    from_warehouse,
    gain_flag,
    gain_goods,
    gain_imports,
    hand_orders,
    is_terminal,
    kind_at,
    order_board,
    other_presidents,
    owns,
    pay_goods,
    pay_imports,
    pb,
    power_at,
    qb,
    tech_board,
    trigger_end,
)
from sim.games.yokohama.rules.extra_actions import (
    achievement_met,
    agent_legal,
    building_areas,
    claim_achievement,
    fulfil_order,
    order_payable,
)
from sim.games.yokohama.rules.play import legal_mask, step
from sim.games.yokohama.rules.scoring import award_majority, country_sets, final_scores, final_scoring
from sim.games.yokohama.rules.setup import (
    deal_achievements,
    deal_board,
    deal_orders,
    deal_techs,
    give_tech,
    init_state,
    seat_dummy,
    seat_player,
    take_from_deck,
)
from sim.games.yokohama.rules.turn import (
    begin_action,
    end_turn,
    move_costs,
    move_president,
    open_bits,
    pass_cost,
    pay_president_owners,
    place,
    placeable_bits,
    placement_open,
    start_turn,
    stop_cost,
    walk,
)

__all__ = [
    "BUY_STRIDE", "N_PILES", "UNREACHABLE", "achievement_met", "acquire_tech", "add_vp", "after_action",
    "agent_legal", "award_majority", "begin_action", "board_pieces", "build", "building_areas", "buy_tech",
    "can_build_th", "church_space", "claim_achievement", "country_sets", "current_player", "customs_legal",
    "deal_achievements", "deal_board", "deal_orders", "deal_techs", "donate", "donation_legal", "draw_order",
    "draw_tech", "end_count", "end_port", "end_turn", "exchange", "exchange_legal", "final_scores", "final_scoring",
    "from_warehouse", "fulfil_order", "gain_flag", "gain_goods", "gain_imports", "gain_location_reward",
    "give_tech", "go_build", "go_recover", "hand_orders", "hire", "hire_legal", "init_state", "is_terminal",
    "kind_at", "legal_mask", "move_costs", "move_president", "open_bits", "order_board", "order_payable",
    "order_slot_open", "other_presidents", "owns", "pass_cost", "pay_goods", "pay_imports", "pay_president_owners",
    "pb", "piece_source_legal", "place", "place_in_church", "place_in_customs", "placeable_bits", "placement_open",
    "power_at", "qb", "recover", "seat_dummy", "seat_player", "shop_legal", "shop_space_free", "start_turn", "step",
    "stop_cost", "take_chip", "take_from_deck", "take_order", "take_piece", "tech_board", "tech_payment",
    "trading_house_price", "trigger_end", "walk",
]  # fmt: skip
