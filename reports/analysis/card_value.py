"""What a card is worth, by paired experiments on the same seeds (common random numbers):

- given: one seat owns the card from the start vs the same game without it; the receiving seat's change in
  win rate (McNemar-style paired difference) and in score (paired t);
- removed: the card taken out of the game vs the same game with it; for the seats that owned it in the
  baseline, their change in win rate and score: what access to the card was worth to those who took it;
- owners vs non-owners in the baseline: observed win rates, a correlation and labelled so.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from reports.analysis.stats import paired_mean_difference, paired_win_difference, wilson


def given_effect(base: pl.DataFrame, arms: list[tuple[int, pl.DataFrame]]) -> tuple:
    """(win Difference, score Difference) of the receiving seat, pairing each arm's games with the base."""
    won_a, won_b, score_a, score_b = [], [], [], []
    indexed = base.sort("game_index")
    first = int(indexed["game_index"][0])
    for seat, frame in arms:
        rows = frame["game_index"].to_numpy() - first
        won_a.append(frame["winner"].to_numpy() == seat)
        won_b.append(indexed["winner"].to_numpy()[rows] == seat)
        score_a.append(frame[f"score_{seat}"].to_numpy())
        score_b.append(indexed[f"score_{seat}"].to_numpy()[rows])
    return (
        paired_win_difference(np.concatenate(won_a), np.concatenate(won_b)),
        paired_mean_difference(np.concatenate(score_a).astype(float), np.concatenate(score_b).astype(float)),
    )


WORD_BITS = 31  # card ids per int32 column when a card kind's ownership spans several columns


def feature_columns(feature: str | list[str]) -> list[str]:
    """The per-seat result features holding a card kind's ownership bits (one, or several of WORD_BITS each)."""
    return [feature] if isinstance(feature, str) else list(feature)


def owned_bits(frame: pl.DataFrame, feature: str | list[str], card_id: int, seat: int) -> np.ndarray:
    """Per game: seat `seat` ended owning card `card_id` (bit card_id of feature_<seat>; with several
    columns, bit card_id % WORD_BITS of column card_id // WORD_BITS)."""
    if isinstance(feature, str):
        return (frame[f"{feature}_{seat}"].to_numpy() >> card_id) & 1
    return (frame[f"{feature[card_id // WORD_BITS]}_{seat}"].to_numpy() >> (card_id % WORD_BITS)) & 1


def owners_mask(frame: pl.DataFrame, feature: str | list[str], card_id: int, players: int) -> np.ndarray:
    """owned[g, s]: seat s ended game g owning the card."""
    return np.stack([owned_bits(frame, feature, card_id, s) for s in range(players)], axis=1) == 1


def removed_effect(
    base: pl.DataFrame, removed: pl.DataFrame, feature: str | list[str], card_id: int, players: int
) -> tuple:
    """(win Difference, score Difference, games) over the baseline games where someone owned the card: did
    one of its owners win, and their mean score, without the card vs with it."""
    owned = owners_mask(base, feature, card_id, players)
    games = owned.any(axis=1)
    if games.sum() < 2:
        return None, None, int(games.sum())
    won_with = owned[np.arange(base.height), base["winner"].to_numpy()]
    won_without = owned[np.arange(removed.height), removed["winner"].to_numpy()]
    scores_with = np.stack([base[f"score_{s}"].to_numpy() for s in range(players)], axis=1)
    scores_without = np.stack([removed[f"score_{s}"].to_numpy() for s in range(players)], axis=1)
    mean_with = (scores_with * owned).sum(axis=1)[games] / owned.sum(axis=1)[games]
    mean_without = (scores_without * owned).sum(axis=1)[games] / owned.sum(axis=1)[games]
    return (
        paired_win_difference(won_without[games], won_with[games]),
        paired_mean_difference(mean_without, mean_with),
        int(games.sum()),
    )


def owner_correlation(
    base: pl.DataFrame, feature: str | list[str], card_id: int, players: int
) -> tuple[float, float, float, float]:
    """(owner win rate, its lo, hi, non-owner win rate): observed, not causal."""
    owned = owners_mask(base, feature, card_id, players)
    won = np.zeros_like(owned)
    won[np.arange(base.height), base["winner"].to_numpy()] = True
    n_own, w_own = int(owned.sum()), int((won & owned).sum())
    n_not, w_not = int((~owned).sum()), int((won & ~owned).sum())
    lo, hi = wilson(w_own, n_own) if n_own else (np.nan, np.nan)
    return (w_own / n_own if n_own else np.nan, lo, hi, w_not / n_not if n_not else np.nan)


COLUMNS = [
    "card", "given_win_delta", "given_win_lo", "given_win_hi", "given_win_p", "given_score_delta", "given_score_lo",
    "given_score_hi", "removed_owner_win_delta", "removed_owner_win_lo", "removed_owner_win_hi", "removed_games",
    "removed_owner_score_delta", "owner_win_rate (correlation)", "owner_lo", "owner_hi", "non_owner_win_rate",
]  # fmt: skip


NOT_PLAYED = (None, None, 0)  # the removed condition when it was not asked for


def card_row(name: str, given: tuple, removed: tuple, corr: tuple) -> tuple:
    gw, gs = given
    rw, rs, games = removed
    nan = float("nan")
    return (
        name, gw.estimate, gw.lo, gw.hi, gw.p_value, gs.estimate, gs.lo, gs.hi,
        rw.estimate if rw else nan, rw.lo if rw else nan, rw.hi if rw else nan, games, rs.estimate if rs else nan,
        *corr,
    )  # fmt: skip


def value_table(rows: list[tuple]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=COLUMNS, orient="row").sort("given_win_delta", descending=True)


def plot(table: pl.DataFrame, caption: str, path) -> None:
    """The cards ranked by the receiver's change in win rate when given the card."""
    from reports.writers.plots import ranked_bars

    ranked_bars(table["card"].to_list(), table["given_win_delta"].to_numpy(), table["given_win_lo"].to_numpy(),
                table["given_win_hi"].to_numpy(), caption, path,
                xlabel="change in the receiver's win rate (95% interval)", title="Given at the start")  # fmt: skip


def plot_removed(table: pl.DataFrame, caption: str, path) -> None:
    """The cards ranked by what their owners lose when the card is removed from the game."""
    from reports.writers.plots import ranked_bars

    by_removed = table.sort("removed_owner_win_delta", descending=False, nulls_last=True)
    ranked_bars(by_removed["card"].to_list(), -by_removed["removed_owner_win_delta"].to_numpy(),
                -by_removed["removed_owner_win_hi"].to_numpy(), -by_removed["removed_owner_win_lo"].to_numpy(),
                caption, path, xlabel="owners' win rate lost when the card is removed (95% interval)",
                title="Removed from the game")  # fmt: skip
