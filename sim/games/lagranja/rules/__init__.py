"""La Granja's rules: setup, the legal mask and the step, as numba kernels over the flat state (layout.py).

A round is a flow of steps (FLOWS): farm step 1 (play cards, refill), farm steps 2-3 (income, growth, pigs),
farm step 4 (roofs), the revenue dice (two picks each, then the leftover die for everyone), the donkey
markers and the siesta track (new turn order), deliveries, paid deliveries, scoring. Inside a step the
decisions are PHASES. An effect that needs a choice (goods of choice, free upgrades, an option, a card to
play, deliveries, a market hex, an extension's payment, a notch to clear) leaves a count in the state and
`resume` asks for it before the flow goes on, so effects nest: a delivery that completes a barrow asks for
the market hex, then the remaining deliveries.

All chance is dealt at setup (deck, roof markers, building-order markers, every round's revenue dice, the
solo turn-order marker); a discard pile reshuffled during play uses a key dealt at setup, so step() needs
no generator. Sources and every reading are in RULES.md.

The rules are split where a reader would look, each module importing only the ones listed before it:

    common.py     addressing, helpers in play, goods on a farm, markers, VP
    farm.py       the deck and hand, playing a card to the farm, extensions
    effects.py    revenue spaces, roof functions, helpers used by choice, trade, anytime actions
    transport.py  the market, the solo robot, buildings and barrows, deliveries, the siesta track
    roofs.py      farm step 4: buying roofs
    revenue.py    the revenue dice
    scoring.py    the scoring phase, the final sale, ranks
    round_flow.py the round's flow, resume, turn order, farm steps 2-3, the siesta step
    setup.py      the deal: every chance of the game
    masks.py      legal_mask and its parts
    play.py       step

This package re-exports every name the rest of the code imports from it.
"""

from sim.games.lagranja.layout import G_ACTED, G_DECK, G_DECK_N, G_ROUND, MAX_CARDS, P_DONKEY, P_ELDER, P_EXT_PIG
from sim.games.lagranja.rules.common import (
    CARPENTER_ORDER,
    HARVEST_MASK,
    NOT_EXTENSION,
    RESOURCE_MASK,
    REUSE_ORDER,
    STORAGE_SLOT,
    add_vp,
    any_resource,
    cb,
    craft_active,
    current_player,
    do_upgrade,
    free_marker,
    gain,
    hand_limit,
    have,
    helper_amount,
    helper_slot,
    hex_open,
    is_terminal,
    n_barrows,
    order_seat,
    pb,
    pig_capacity,
    ready_helper,
    remove_good,
    sell_price,
    take_field_good,
    take_marker,
    upgrade_cost,
)
from sim.games.lagranja.rules.effects import (
    anytime_mask,
    ask_gain,
    helper_usable,
    helper_usable_marker,
    market_woman_slot,
    marketer,
    resolve_face,
    roof_usable,
    take_die,
    tenant_face,
    trade,
    trade_allowed,
    trade_option,
    use_helper,
    use_helper_marker,
    use_roof,
)
from sim.games.lagranja.rules.farm import (
    can_draw,
    can_pay_extension,
    can_play_side,
    carpenter_good,
    clear_notch,
    discard_card,
    draw_card,
    draw_to_hand,
    extension_cost,
    offer_carpenter,
    pay_units,
    place_in_notch,
    play_card,
    play_from_hand,
    reshuffle,
    sell_excess_pigs,
    set_owned,
    storage_locked,
    take_from_hand,
)
from sim.games.lagranja.rules.masks import (
    count_deliveries,
    deliver_mask,
    deliveries,
    legal_mask,
    main_phase,
    option_mask,
    play_mask,
)
from sim.games.lagranja.rules.play import choose_option, pay_extra, step
from sim.games.lagranja.rules.revenue import dice_flow, dice_left, elder_blocks, elder_face, roll_dice, solo_discard
from sim.games.lagranja.rules.roofs import (
    buy_roof,
    joiner_credit,
    open_roofs,
    pay_roof,
    roof_affordable,
    roof_cost,
    roof_for_sale,
    roof_offered,
    roof_slot,
)
from sim.games.lagranja.rules.round_flow import (
    flow,
    gain_possible,
    income,
    next_turn,
    resume,
    second_goods,
    siesta_step,
)
from sim.games.lagranja.rules.scoring import end_helpers, final_scores, final_scoring, scoring, tiebreak_key
from sim.games.lagranja.rules.setup import init_state, new_state
from sim.games.lagranja.rules.transport import (
    advance_siesta,
    any_hex,
    any_stall_hex,
    building_good,
    can_deliver_barrow,
    can_deliver_building,
    complete_barrow,
    complete_building,
    d_value,
    deliver_barrow,
    deliver_building,
    hex_legal,
    place_on_market,
    remove_from_market,
    robot_gain,
    robot_place,
    robot_threat,
    siesta_vp,
    stall_hex,
)

__all__ = [
    "CARPENTER_ORDER", "G_ACTED", "G_DECK", "G_DECK_N", "G_ROUND", "HARVEST_MASK", "MAX_CARDS", "NOT_EXTENSION",
    "P_DONKEY", "P_ELDER", "P_EXT_PIG", "RESOURCE_MASK", "REUSE_ORDER", "STORAGE_SLOT", "add_vp", "advance_siesta",
    "any_hex", "any_resource", "any_stall_hex", "anytime_mask", "ask_gain", "building_good", "buy_roof",
    "can_deliver_barrow", "can_deliver_building", "can_draw", "can_pay_extension", "can_play_side",
    "carpenter_good", "cb", "choose_option", "clear_notch", "complete_barrow", "complete_building",
    "count_deliveries", "craft_active", "current_player", "d_value", "deliver_barrow", "deliver_building",
    "deliver_mask", "deliveries", "dice_flow", "dice_left", "discard_card", "do_upgrade", "draw_card",
    "draw_to_hand", "elder_blocks", "elder_face", "end_helpers", "extension_cost", "final_scores", "final_scoring",
    "flow", "free_marker", "gain", "gain_possible", "hand_limit", "have", "helper_amount", "helper_slot",
    "helper_usable", "helper_usable_marker", "hex_legal", "hex_open", "income", "init_state", "is_terminal",
    "joiner_credit", "legal_mask", "main_phase", "market_woman_slot", "marketer", "n_barrows", "new_state",
    "next_turn", "offer_carpenter", "open_roofs", "option_mask", "order_seat", "pay_extra", "pay_roof", "pay_units",
    "pb", "pig_capacity", "place_in_notch", "place_on_market", "play_card", "play_from_hand", "play_mask",
    "ready_helper", "remove_from_market", "remove_good", "reshuffle", "resolve_face", "resume", "robot_gain",
    "robot_place", "robot_threat", "roll_dice", "roof_affordable", "roof_cost", "roof_for_sale", "roof_offered",
    "roof_slot", "roof_usable", "scoring", "second_goods", "sell_excess_pigs", "sell_price", "set_owned",
    "siesta_step", "siesta_vp", "solo_discard", "stall_hex", "step", "storage_locked", "take_die",
    "take_field_good", "take_from_hand", "take_marker", "tenant_face", "tiebreak_key", "trade", "trade_allowed",
    "trade_option", "upgrade_cost", "use_helper", "use_helper_marker", "use_roof",
]  # fmt: skip
