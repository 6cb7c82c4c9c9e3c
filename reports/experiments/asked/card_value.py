"""Card values: what each card of a kind is worth to the seat given it at the start (a change of its win rate,
against 0), and which cards are surely among the top K."""

from __future__ import annotations

from reports.experiments.asked.base import Asked, Question, chosen_cards, not_set_by_question, refuse_ranges
from sim.errors import InputError, did_you_mean


class CardValue(Asked):
    name = "card-value"
    help = "each card's value given at the start (--cards KIND)"
    ranked = True
    measure = "1 - Spearman's rho with the shipped ranking"

    def question(self, o):
        refuse_ranges(o, self.name)
        not_set_by_question(o.game, o.fixed, "--question card-value")
        kinds = o.spec.card_kinds
        kind = next(iter(kinds), None) if o.cards is None else o.cards
        if kind not in kinds:
            raise InputError(f"{o.game} has no card kind {kind!r}{did_you_mean(str(kind), list(kinds))}")
        card = kinds[kind]
        chosen = chosen_cards(o.only, kind, card["names"])
        for c in chosen:
            if c not in card["names"]:
                raise InputError(f"unknown {kind} {c!r}{did_you_mean(c, card['names'])}")
        if not 1 <= o.top < len(chosen):
            raise InputError(f"--top must be between 1 and {len(chosen) - 1} (one less than the cards), not {o.top}")
        return Question(self.name, kind=kind, card=card, cards=tuple(chosen), top=o.top)

    def describe(self, q):
        return f"{q.kind} values (given at the start), top {q.top}"

    def reference(self, q, players):
        return 0.0

    def answer(self, q, recipe, out, threads, on_games):
        from reports.experiments import questions

        a = questions.card_value(recipe, q.kind, q.card, list(q.cards), out, threads, on_games, removed=False)
        t = a.tables["value"]
        return list(zip(t["card"], t["given_win_delta"], t["given_win_lo"], t["given_win_hi"], strict=True))

    def games(self, q, recipe):
        from reports.experiments.questions import value_arms

        return recipe.n * value_arms(len(q.cards), removed=False)

    def top(self, q):
        return q.top

    def games_per_variation(self, n, players):
        return (n // players) * players  # whole rotations: each card given to every seat alike


ASKED = CardValue()
