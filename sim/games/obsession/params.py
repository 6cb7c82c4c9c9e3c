"""Obsession's rule knobs: every printed number of the rules and each reading where sources disagree, by name.

Component data (tiles, gentry, objectives, VP cards, the round tracks) are data files, not knobs; see
tables.py. Sources: "seed 003" is the BGA Japanese help page in shared/seeds (the primary source); "R2" the
second-edition rulebook and glossary (rulespal transcription). Where they differ or the seed is silent,
the seed's reading is the default and the other one a knob. RULES.md explains every choice.
"""

from sim.params import ParamSpace

PARAMS = ParamSpace("obsession")
_k = PARAMS.knob

K_EXTENDED = _k("game.extended", 0, "0: standard game (16 rounds, reputation to level 7); 1: extended (20, level 9)",
                0, 1, "sourced: seed 003, R2")  # fmt: skip
K_WESSEX = _k("setup.wessex", 0, "1: the Wessex mini-expansion (a fifth family and its two hybrid tiles)", 0, 1,
              "sourced: seed 003 (an option)")  # fmt: skip
K_SUITES = _k("setup.suites", 0, "1: the three Suites tiles in the bag (R2's 2E box; the seed does not list them)",
              0, 1, "R2 (seed silent)")  # fmt: skip
K_FAMILY_CHOICE = _k("setup.family_choice", 1, "1: each player chooses a family (seed); 0: families dealt at random",
                     0, 1, "seed 003; 0 is for balance experiments")  # fmt: skip
K_FAMILY_ORDER = _k("setup.family_order", 0,
                    "0: families chosen from the seat left of the start player on, the start player last (R2); "
                    "1: the start player first", 0, 1, "R2 (seed silent)")  # fmt: skip
K_STARTER_DRAFT = _k("setup.starter_draft", 1,
                     "1: starter guests drafted two each in snake order A,B,..,B,A (seed); 0: dealt at random (R2)",
                     0, 1, "seed 003 vs R2")  # fmt: skip
K_DRAFT_EXTRA = _k("setup.draft_extra", 2, "starter guests in the draft pool beyond two per player", 0, 7,
                   "R2 draft variant (2 x players + 2); seed silent")  # fmt: skip
K_OBJ_STANDARD = _k("setup.objectives_standard", 5, "objective cards dealt, standard game", 0, 8, "sourced: R2")
K_OBJ_EXTENDED = _k("setup.objectives_extended", 4, "objective cards dealt, extended game", 0, 8, "sourced: R2")
K_OBJ_DRAW = _k("objectives.draw", 2, "objective cards drawn at an objective-draw round", 0, 4,
                "R2 (seed: 'draw', count silent)")  # fmt: skip
K_OBJ_DRAW_DISCARD = _k("objectives.draw_discard", 1,
                        "1: after the draw, discard one objective from all held (seed); 0: keep all (R2)", 0, 1,
                        "seed 003 vs R2")  # fmt: skip
K_FIRST_PLAYER = _k("turn.first_player", 0,
                    "0: the start player moves to the next seat every round (seed); 1: passes counterclockwise after "
                    "seasons 1-3 (R2)", 0, 1, "seed 003 vs R2")  # fmt: skip
K_CLOSED = _k("courtship.closed", 0, "1: theme revealed at the courtship (R2 Jane Austen variant); 0: at the season's "
              "start (R2 default; seed silent)", 0, 1, "R2")  # fmt: skip
K_MARKET_COST = _k("market.cost.1", 300, "pounds for the left-most (cheapest) market space", 0, 5000,
                   "sourced: R2, BLOG")  # fmt: skip
_k("market.cost.2", 400, "pounds for market space 2", 0, 5000, "ASSUMED (+100 a space)")
_k("market.cost.3", 500, "pounds for market space 3", 0, 5000, "ASSUMED (+100 a space)")
_k("market.cost.4", 600, "pounds for market space 4", 0, 5000, "ASSUMED (+100 a space)")
_k("market.cost.5", 700, "pounds for market space 5", 0, 5000, "ASSUMED (+100 a space)")
_k("market.cost.6", 800, "pounds for the right-most market space", 0, 5000, "ASSUMED (+100 a space)")
K_RESERVE_COST = _k("market.reserve_cost", 300, "pounds for a reserve tile", 0, 5000, "seed 003")
K_RESERVE_MODIFIER = _k("market.reserve_modifier", 0,
                        "0: a reserve tile costs reserve_cost flat (seed: 'the tiles become 300 pounds'); 1: plus its "
                        "modifier, as on the open market", 0, 1,
                        "seed 003 reading; 1 inferred from R2's pricing")  # fmt: skip
K_GUEST_POUNDS = _k("pauper.guest_pounds", 1,
                    "1: the other guests' pound favours of the activity help pay a pauper's cost (R2 step 6: 'use "
                    "other pound favours from the activity'); 0: only the pounds held, borrowing and the tile's pounds",
                    0, 1, "R2 (seed silent); 0 is the simulator's former reading")  # fmt: skip
K_RENT = _k("pass.rent", 200, "pounds of tenant rent when passing", 0, 2000, "sourced: seed 003")
K_FAIR_MONEY = _k("fair.money", 300, "pounds at a village fair with the Private Study flipped", 0, 2000,
                  "sourced: seed 003")  # fmt: skip
K_FAIR_REP = _k("fair.reputation", 2, "reputation at a village fair with the Private Study flipped", 0, 10,
                "sourced: seed 003")  # fmt: skip
K_BORROW_REP = _k("special.borrow_reputation", 2, "reputation paid per borrowed 100 pounds", 1, 10,
                  "sourced: seed 003")  # fmt: skip
K_BORROW_MONEY = _k("special.borrow_money", 100, "pounds per borrow", 0, 1000, "sourced: seed 003")
K_HELP_REP = _k("special.help_reputation", 3, "reputation paid per servant called from the quarters", 1, 10,
                "sourced: seed 003")  # fmt: skip
K_REFRESH_REP = _k("special.refresh_reputation", 4, "reputation paid to refresh the market (once a turn)", 1, 10,
                   "sourced: seed 003")  # fmt: skip
K_MONUMENT_REP = _k("monument.reputation", 1, "reputation per monument at the start of each own turn", 0, 5,
                    "sourced: seed 003, R2")  # fmt: skip
K_HALL_REP = _k("hall.reputation", 1, "Servants' Hall: reputation the target loses and the owner gains", 0, 5,
                "sourced: R2")  # fmt: skip
K_BARN_REP = _k("barn.reputation", 1, "Barn: reputation when hosting an Estate tile", 0, 5, "sourced: R2")
K_QUARTERS_USES = _k("quarters.servants", 1, "servants the Servants' Quarters lets a player use each turn", 0, 9,
                     "R2 glossary ('one servant'); the rulebook text reads 'any'")  # fmt: skip
K_SERVANT_VP = _k("final.vp_per_servant", 2, "VP per servant at the end", 0, 10, "sourced: seed 003")
K_WEALTH = _k("final.pounds_per_vp", 200, "pounds per VP at the end", 1, 5000, "sourced: seed 003")
K_MONUMENTS_2P = _k("monuments.2p", 2, "monuments of choice added to the bag at 2 players (beside the Sculpture "
                    "Garden)", 0, 15, "sourced: R2 setup")  # fmt: skip
_k("monuments.3p", 3, "monuments of choice added at 3 players (beside the Sculpture Garden)", 0, 15, "sourced: R2")
_k("monuments.4p", 5, "monuments of choice added at 4 players (no Sculpture Garden guaranteed)", 0, 15,
   "sourced: R2")  # fmt: skip
K_GARDEN_MAZE = _k("monuments.garden_maze", 0, "1: the Garden Maze replaces the Sculpture Garden (R2 option)", 0, 1,
                   "R2")  # fmt: skip
K_START_MONEY = _k("start_money.seat0", 0, "extra pounds for seat 0 at the start (not a rule: a lever for sweeps)",
                   0, 5000, "experiment")  # fmt: skip
_k("start_money.seat1", 0, "extra pounds for seat 1 at the start (not a rule)", 0, 5000, "experiment")
_k("start_money.seat2", 0, "extra pounds for seat 2 at the start (not a rule)", 0, 5000, "experiment")
_k("start_money.seat3", 0, "extra pounds for seat 3 at the start (not a rule)", 0, 5000, "experiment")

# Experiments (`playout value`), not rules. A tile kind taken out of the bag after the shuffle, or one copy
# given to a seat's estate at setup; a family forced on a seat. Every other draw of the setup is unchanged.
K_REMOVE_TILE = _k("experiment.remove_tile", 0, "tile kind + 1 (tiles.csv order) whose copies leave the bag (0: none)",
                   0, 96, "experiment")  # fmt: skip
K_GIVE_TILE = _k("experiment.give_tile", 0, "tile kind + 1 one copy of which a seat owns from the start (0: none)",
                 0, 96, "experiment")  # fmt: skip
K_GIVE_TILE_SEAT = _k("experiment.give_tile_seat", 0, "the seat given experiment.give_tile", 0, 3, "experiment")
K_GIVE_FAMILY = _k("experiment.give_family", 0, "family + 1 (families.csv order) a seat is given (0: none)", 0, 5,
                   "experiment")  # fmt: skip
K_GIVE_FAMILY_SEAT = _k("experiment.give_family_seat", 0, "the seat given experiment.give_family", 0, 3,
                        "experiment")  # fmt: skip
