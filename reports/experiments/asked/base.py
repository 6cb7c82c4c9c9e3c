"""What every balance question robustness and sensitivity can ask has: a Question (the options asked) and an
Asked (how such a question is read from the command line, answered under one recipe and judged)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from reports.analysis.robustness import SETTLE_HALF_WIDTH
from sim.errors import InputError, did_you_mean

if TYPE_CHECKING:
    from sim.engine import Recipe


@dataclass(frozen=True)
class Question:
    """What is asked, and what the question needs beyond the base recipe."""

    name: str  # one of reports.experiments.asked.QUESTIONS
    knob: str | None = None  # fair-value: the swept knob, its values and the seat asked
    values: tuple[int, ...] = ()
    seat: int = 0
    kind: str | None = None  # card-value: the card kind, its spec from GameSpec.card_kinds, the cards
    card: dict = field(default_factory=dict, hash=False, compare=False)
    cards: tuple[str, ...] = ()
    top: int = 5
    strategies: tuple[str, ...] = ()  # matchups: the codes matched up

    @property
    def asked(self) -> Asked:
        return asked(self.name)

    def describe(self) -> str:
        return self.asked.describe(self)

    def reference(self, players: int) -> float | None:
        return self.asked.reference(self, players)


@dataclass(frozen=True)
class Options:
    """A question's options as the command line gave them (commands/options.py question_of), knobs parsed:
    `fixed` the knobs set to one value, `ranged` those given as LO..HI."""

    game: str
    spec: object  # the GameSpec
    fixed: dict
    ranged: dict
    seat: int | None = None
    cards: str | None = None
    only: str | None = None
    top: int = 5
    strategies: str | None = None
    lineups: tuple = ()


class Asked:
    """One balance question. A subclass sets `name` and answers; the defaults fit a question whose conclusions
    are win rates."""

    name = ""
    help = ""
    sensitivity = True  # `playout sensitivity` can rank the ASSUMED tables by how far they move it
    ranked = False  # its conclusions form a ranking (sensitivity measures how far the ranking moves)
    measure = "largest change of a seat's win rate"  # what sensitivity measures

    def question(self, o: Options) -> Question:
        """The question asked, its options checked (BadInput on a bad one)."""
        refuse_ranges(o, self.name)
        return Question(self.name)

    def describe(self, q: Question) -> str:
        return self.name.replace("-", " ")

    def reference(self, q: Question, players: int) -> float | None:
        """The value every conclusion is judged against (a fair share), or None."""
        return None

    def answer(self, q: Question, recipe: Recipe, out: Path, threads, on_games) -> list[tuple]:
        """(conclusion, estimate, lo, hi) for each conclusion under one recipe; its outputs go to `out`."""
        raise NotImplementedError

    def games(self, q: Question, recipe: Recipe) -> int:
        """Games one recipe's answer plays (for the progress bar)."""
        return recipe.n

    def half_width(self, q: Question) -> float:
        """The widest 95% half-width of a strongest population's answer that can be called settled."""
        return SETTLE_HALF_WIDTH

    def top(self, q: Question) -> int | None:
        """K where membership of the top K is judged too, else None."""
        return None

    def games_per_variation(self, n: int, players: int) -> int:
        """-n as the question plays it (card values: whole rotations of the seats)."""
        return n


QUESTIONS: dict[str, Asked] = {}  # by name: filled by reports/experiments/asked/__init__.py, one line a question


def asked(name: str, among: list[str] | None = None) -> Asked:
    """The question called `name` (of `among`, default every one), or one line naming the nearest."""
    names = among if among is not None else list(QUESTIONS)
    if name not in names:
        raise InputError(f"unknown question {name!r}{did_you_mean(name, names)}")
    return QUESTIONS[name]


def refuse_ranges(o: Options, name: str) -> None:
    if o.ranged:
        raise InputError(f"--set {next(iter(o.ranged))}=LO..HI sweeps only with --question fair-value")


def chosen_cards(only: str | None, kind: str, names: list[str]) -> list[str]:
    """The cards --only names (each once, in the order given), or every card of the kind; shared by value,
    robustness and sensitivity so that a card named twice is valued once everywhere."""
    if only is None:
        return list(names)
    chosen = list(dict.fromkeys(c.strip() for c in only.split(",")))
    if "" in chosen:
        raise InputError(f"--only {only!r} has an empty entry: name {kind} cards, separated by commas")
    return chosen


def not_set_by_question(game: str, params: dict[str, int], question: str) -> dict[str, int]:
    """params, after refusing the knobs a value question sets itself in each of its arms (which card goes to
    which seat, which is removed, how families are dealt): one given with --set would change nothing."""
    from sim.registry import get_game

    spec = get_game(game)
    own = {spec.families.get("deal_knob")} if spec.families else set()
    for key in params:
        if spec.params.get(key).source == "experiment" or key in own:
            raise InputError(f"--set {key}: {question} sets this knob itself in each of its arms, so it would change "
                             "nothing: leave it out")  # fmt: skip
    return params


def bot(book, code: str) -> tuple:
    """What decides how a player code plays: its kernel and its full weight vector (so `greedy` and
    `greedy:w_vp=<its default>` are one bot)."""
    player = book.player(code)
    return player.strategy.kernel, tuple(player.weights.tolist())


def one_name_per_bot(spec, codes: list[str], option: str) -> list[str]:
    """codes, after refusing two different codes for one bot: it would be matched against itself under two
    names (a code repeated as typed is the same name, and kept once by the caller)."""
    seen: dict[tuple, str] = {}
    for code in codes:
        other = seen.setdefault(bot(spec.strategies, code), code)
        if other != code:
            raise InputError(f"{option} names one bot twice: {other!r} and {code!r} play alike (the same bot and "
                             "weights): give each bot once")  # fmt: skip
    return codes
