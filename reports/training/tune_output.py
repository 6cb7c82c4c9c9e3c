"""Writing a tune's outputs (reports/training/tune.py): preset.json (the player code tuned@OUT/preset.json), trials.csv,
best_so_far.png, importance.png and report.html, each written atomically and under the usual header."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import polars as pl

from reports.training.tune import TuneResult
from reports.writers import export
from reports.writers.plots import new_figure, save


def header_manifest(result: TuneResult, out: Path) -> dict:
    """The header facts (game, rules, data, lineup, seed, n) in the keys reports/writers/export.py reads. The tuned
    bot is named by the code that plays it, tuned@OUT/preset.json, with the weights it plays recorded under that
    name (as a run records its players'), so the header rates it as what it is: a bot no ladder has measured."""
    from sim.engine import Recipe, manifest_for, prepare

    cfg = result.cfg
    field = cfg.fields[0]
    prep = prepare(Recipe(cfg.game, [result.tuned_code, *field], cfg.seed, 1, 1, cfg.params, cfg.data_dir))
    m = manifest_for(prep, "complete", result.cost.wall_seconds, result.cost.games, None)
    tuned = f"tuned@{out / 'preset.json'}"
    lineups = [[tuned, *f] for f in cfg.fields]
    m["lineup"] = lineups[0] if len(lineups) == 1 else [" | ".join(export.lineup_text(x) for x in lineups)]
    book = prep.spec.strategies
    m["fingerprints"] = {tuned: book.fingerprint(result.tuned_code),
                         **book.fingerprints([c for f in cfg.fields for c in f])}  # fmt: skip
    m.pop("recipe", None)
    return m


def preset_doc(result: TuneResult, manifest: dict, command: str) -> dict:
    """The preset: the tuned bot's every weight of its family, and how it was made and confirmed."""
    from reports.training.tune import tunable
    from sim.registry import get_game
    from strategies.presets import KIND

    cfg = result.cfg
    first = cfg.games_per_field  # the confirmation's games follow the tuning's
    book = get_game(cfg.game).strategies
    player, weights, values = tunable(cfg.game, result.tuned_code)
    base = player.strategy.code if player.preset is None else player.preset["strategy"]
    if base not in book.strategies:  # a code with weights typed on it: its strategy is the part before ':'
        base = player.strategy.code
    return {
        "kind": KIND,
        "game": cfg.game,
        "rules_version": manifest["rules_version"],
        "data_set": manifest["data_set"],
        "data_fingerprint": manifest["data_fingerprint"],
        "code_fingerprint": manifest["code_fingerprint"],
        "strategy": base,
        "start": cfg.start,
        "field": " and ".join(export.lineup_text(f) for f in cfg.fields),  # e.g. greedy*3
        "objective": cfg.objective,
        "budget": cfg.budget,
        "trials": cfg.trials,
        "games_per_trial": cfg.games_per_trial,
        "sampler": cfg.sampler,
        "seed": cfg.seed,
        "params": cfg.params,
        "command": command,
        "tuned": {k.name: values[k.name] for k in cfg.knobs},
        "ranges": {k.name: list(k.choices) if k.choices else [k.lo, k.hi] for k in cfg.knobs},
        "weights": values,
        "confirmation": {**asdict(result.confirmation), "seed": cfg.seed,
                         "game_indices": f"{first}..{first + cfg.confirm - 1} of each field"},
        "cost": asdict(result.cost),
    }  # fmt: skip


def trials_table(result: TuneResult) -> pl.DataFrame:
    import optuna

    rows = []
    best = None
    sign = 1 if result.cfg.direction == "maximize" else -1
    for t in result.study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)):
        best = t.value if best is None or sign * t.value > sign * best else best
        rows.append({"trial": t.number, "value": t.value, "best_so_far": best, **t.params})
    return pl.DataFrame(rows)


def weights_table(result: TuneResult) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "weight": [k.name for k in result.cfg.knobs],
            "start": [str(k.start) for k in result.cfg.knobs],
            "tuned": [
                f"{result.best_params[k.name]:g}" if not k.choices else result.best_params[k.name]
                for k in result.cfg.knobs
            ],
            "range": [", ".join(k.choices) if k.choices else f"{k.lo:g}..{k.hi:g}" for k in result.cfg.knobs],
        }
    )


def confirmation_table(result: TuneResult) -> pl.DataFrame:
    c = result.confirmation
    return pl.DataFrame(
        {
            "games": [c.games],
            "tuned_win_rate": [c.tuned_win_rate],
            "start_win_rate": [c.start_win_rate],
            "difference": [c.difference],
            "lo": [c.lo],
            "hi": [c.hi],
            "p_value": [c.p_value],
            "tuned_mean_rank": [c.tuned_mean_rank],
            "start_mean_rank": [c.start_mean_rank],
        }
    )


def importances(result: TuneResult) -> dict[str, float]:
    """Each tuned weight's share of the objective's variation over the trials (optuna's PED-ANOVA, which
    needs no other package; fANOVA needs scikit-learn); empty when the trials are too few to say."""
    import optuna

    if len(result.cfg.knobs) < 2:
        return {k.name: 1.0 for k in result.cfg.knobs}
    try:
        evaluator = optuna.importance.PedAnovaImportanceEvaluator()
        return dict(optuna.importance.get_param_importances(result.study, evaluator=evaluator))
    except (ValueError, RuntimeError, ZeroDivisionError):
        return {}


def plot_best(table: pl.DataFrame, result: TuneResult, caption: str, path: Path) -> Path:
    fig, (ax,) = new_figure()
    what = "win rate of the tuned seat" if result.cfg.objective == "win" else "mean rank of the tuned seat"
    ax.scatter(table["trial"], table["value"], s=10, color="#999", label="trial")
    ax.step(table["trial"], table["best_so_far"], where="post", color="#c00", label="best so far")
    if result.cfg.objective == "win":
        players = max(len(f) + 1 for f in result.cfg.fields)
        ax.axhline(1 / players, color="#444", linestyle=":", label=f"parity 1/{players}")
    ax.set_xlabel("trial")
    ax.set_ylabel(what)
    ax.legend()
    return save(fig, path, f"playout tune: {result.cfg.game} best so far", caption)


def plot_importance(found: dict[str, float], result: TuneResult, caption: str, path: Path) -> Path:
    fig, (ax,) = new_figure(height=max(2.5, 0.3 * len(found) + 1))
    names = list(found)[::-1]
    ax.barh(names, [found[n] for n in names], color="#357")
    ax.set_xlabel("importance (PED-ANOVA share)")
    if not found:
        ax.text(0.5, 0.5, "too few trials to estimate", ha="center", transform=ax.transAxes)
    return save(fig, path, f"playout tune: {result.cfg.game} weight importance", caption)


def write_tune(result: TuneResult, out: Path, command: str) -> dict[str, Path]:
    from sim.results import write_json

    manifest = header_manifest(result, out)
    header = export.header_lines(manifest)
    caption = export.caption_line(manifest)
    preset = preset_doc(result, manifest, command)
    trials = trials_table(result)
    found = importances(result)
    paths = {
        "trials.csv": export.write_csv(trials, out / "trials.csv", [*header, f"objective: {result.cfg.objective}"]),
        "best_so_far.png": plot_best(trials, result, caption, out / "best_so_far.png"),
        "importance.png": plot_importance(found, result, caption, out / "importance.png"),
    }
    c = result.confirmation
    sections = [
        export.Section("confirmation", f"tuned against start on {c.games:,} fresh games (disjoint from the tuning "
                       f"games), paired game by game: difference in win rate with its 95% interval ({c.method})",
                       [], [export.Table("confirmation", confirmation_table(result),
                                         ("tuned_win_rate", "start_win_rate", "difference", "lo", "hi"))]),
        export.Section("weights", f"play it as tuned@{out / 'preset.json'}", [],
                       [("weights", weights_table(result))]),
        export.Section("trials", f"{result.cfg.trials} trials of {result.cfg.games_per_trial:,} games, every one on "
                       f"the same games; sampler {result.cfg.sampler}; command: {command}",
                       [paths["best_so_far.png"], paths["importance.png"]], [("trials", trials)]),
    ]  # fmt: skip
    paths["report.html"] = export.write_html(out / "report.html", f"playout tune: {result.cfg.game}", header, sections)
    write_json(out / "preset.json", preset)  # last: its presence says the tune finished
    paths["preset.json"] = out / "preset.json"
    return paths


class TuneProgress:
    """Games played (with games/s and ETA), trials done and the best so far: a rich bar on a terminal, else
    a line per trial (a log, a CI job). Use as a context manager; advance(games) and trial(done, best)."""

    def __init__(self, total: int, trials: int, per_trial: int, label: str, objective: str):
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,  # fmt: skip
        )

        self.trials, self.per_trial, self.objective, self.label = trials, per_trial, objective, label
        self.resumed = False
        self.console = Console(highlight=False, soft_wrap=True)
        self.played, self.started, self.done, self.best = 0, None, 0, None
        self.bar = None
        if self.console.is_terminal:
            self.bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[info]}"), TimeElapsedColumn(), TextColumn("ETA"),
                                TimeRemainingColumn())  # fmt: skip
            self.task = self.bar.add_task(label, total=total, info="")
        self.total = total

    def __enter__(self):
        if self.bar is not None:
            self.bar.__enter__()
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)

    def info(self) -> str:
        import time

        rate = self.played / (time.perf_counter() - self.started) if self.started and self.played else 0.0
        best = "" if self.best is None else f", best {self.shown(self.best[1])} (trial {self.best[0]})"
        return f"trial {self.done}/{self.trials}{best}, {rate:,.0f} games/s"

    def shown(self, value: float) -> str:
        return f"{value:.2%}" if self.objective == "win" else f"mean rank {value:.3f}"

    def advance(self, games: int) -> None:
        self.played += games
        if self.bar is not None:
            self.bar.update(self.task, advance=games, info=self.info())

    def skip(self, games: int) -> None:
        """Games a resumed tune finds done: they move the bar, not the rate."""
        if self.bar is not None:
            self.bar.update(self.task, advance=games)

    def trial(self, done: int, best: tuple | None) -> None:
        import time

        if not self.resumed:  # the first call, once the kernels are ready: trials a resumed tune finds done
            self.skip(done * self.per_trial)
            self.started = time.perf_counter()
        self.resumed = True
        self.done, self.best = done, best
        if self.bar is not None:
            self.bar.update(self.task, info=self.info())
        elif done:
            self.console.print(f"{self.label}: {self.info()}")
