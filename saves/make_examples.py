"""Regenerate the example games shipped in this directory.

    /work/venv/bin/python saves/make_examples.py

The games are played by a simple greedy strategy (points scored now, plus a
share of what the feature a figure stands on is worth), from fixed seeds, so
running this again gives the same files except for the program version.
The Load screen lists every ``*.json`` here under "Examples"; the game never
writes to this directory.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

from carcassonne_desktop.engine import Game, GameRecord, GameSetup, PlayerSetup
from carcassonne_desktop.engine.events import PointsScored
from carcassonne_desktop.persistence import document

HERE = Path(__file__).resolve().parent
SAVED_AT = datetime(2025, 1, 1, 12, 0, tzinfo=timezone.utc)


def evaluate(game: Game, me: int) -> float:
    """My points and half of what my open features are worth, minus the others',
    plus a little for each follower kept in hand (so they are not all stuck)."""
    potential = [float(s) for s in game.scores]
    seen: set[tuple[int, int, str]] = set()
    for figure in game.figures_on_board():
        key = (figure.x, figure.y, figure.port)
        if key in seen:
            continue
        info = game.feature_at(figure.x, figure.y, figure.port)
        if info is None or info.completed:
            continue
        seen.update((f.x, f.y, f.port) for f in info.figures)
        for owner in info.owners:
            potential[owner] += 0.5 * info.value
    others = [v for p, v in enumerate(potential) if p != me]
    keep = game.supply[me].get("follower", 0)
    return potential[me] - sum(others) / max(1, len(others)) + 0.8 * keep


def greedy_action(game: Game, rng: random.Random):  # type: ignore[no-untyped-def]
    """The action whose result evaluates best for the player to move (ties at random)."""
    me = game.current
    best, best_value = [], float("-inf")
    for action in game.legal_actions():
        trial = game.copy()
        trial.apply(action)
        value = evaluate(trial, me)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return best[rng.randrange(len(best))]


def play(setup: GameSetup, stop: Callable[[Game], bool]) -> Game:
    game = Game(setup)
    rng = random.Random(setup.seed)
    while not game.is_over and not stop(game):
        game.apply(greedy_action(game, rng))
    return game


def field_points_at_end(game: Game) -> int:
    rest = game.copy()
    rng = random.Random(0)
    points = 0
    while not rest.is_over:
        for event in rest.apply(greedy_action(rest, rng)):
            if isinstance(event, PointsScored) and event.feature == "field":
                points += event.points * len(event.players)
    return points


def write(name: str, game: Game, titles: dict[str, str]) -> None:
    meta = document.metadata_for(game, titles["en"], "example", None, SAVED_AT, titles)
    text = document.encode(meta, GameRecord.from_game(game))
    (HERE / f"{name}.json").write_text(text, encoding="utf-8")
    print(f"{name}.json: turn {game.turn}, scores {game.scores}, over={game.is_over}")


def players(*specs: tuple[str, str, str]) -> tuple[PlayerSetup, ...]:
    return tuple(PlayerSetup(n, c, k) for n, c, k in specs)


def main() -> None:
    finished = play(GameSetup(players(("Camille", "red", "human"), ("Louis", "blue", "human")),
                              options={"farmers": True}, seed=2024), lambda g: False)
    write("finished-game", finished, {"en": "A finished game (2 players)",
                                      "fr": "Une partie terminée (2 joueurs)"})

    def last_tile(game: Game) -> bool:
        return game.tiles_left() == 0 and game.phase == "place_tile"

    best: tuple[int, Game] | None = None
    for seed in range(100, 112):
        setup = GameSetup(players(("Rouge", "red", "human"), ("Bleu", "blue", "human"),
                                  ("Vert", "green", "human")), options={"farmers": True},
                          seed=seed)
        game = play(setup, last_tile)
        points = field_points_at_end(game)
        if best is None or points > best[0]:
            best = (points, game)
    assert best is not None
    print(f"before-farmers: {best[0]} field points to come")
    write("before-farmers", best[1], {"en": "Last tile: the farmers are about to score",
                                      "fr": "Dernière tuile : les paysans vont compter"})

    versus = play(GameSetup(players(("Alex", "yellow", "human"), ("Ordinateur", "black",
                                                                  "ai:medium")),
                            expansions=("base", "inns_cathedrals"), options={"farmers": True},
                            seed=7), lambda g: g.turn >= 30)
    write("vs-computer-inns", versus, {"en": "Against the computer, with Inns & Cathedrals",
                                       "fr": "Contre l’ordinateur, avec Auberges et Cathédrales"})


if __name__ == "__main__":
    main()
