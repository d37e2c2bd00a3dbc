"""The registry of computer levels: name -> factory, with display names for
the setup screen and the controller strings used in game setups
("ai:random", "ai:easy", "ai:medium", "ai:hard", "ai:greedy", "ai:mcts")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from carcassonne_desktop.ai.player import Player

CONTROLLER_PREFIX = "ai:"


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    factory: Callable[[int | None], Player]
    title: dict[str, str]
    description: dict[str, str]
    listed: bool = True  # shown on the setup screen (greedy is a benchmark only)


def _random(seed: int | None) -> Player:
    from carcassonne_desktop.ai.simple import RandomPlayer

    return RandomPlayer(seed)


def _greedy(seed: int | None) -> Player:
    from carcassonne_desktop.ai.simple import GreedyPlayer

    return GreedyPlayer(seed)


def _easy(seed: int | None) -> Player:
    from carcassonne_desktop.ai.heuristic import EasyPlayer

    return EasyPlayer(seed)


def _medium(seed: int | None) -> Player:
    from carcassonne_desktop.ai.heuristic import MediumPlayer

    return MediumPlayer(seed)


def _mcts(seed: int | None) -> Player:
    from carcassonne_desktop.ai.mcts import MctsPlayer

    return MctsPlayer(seed)


def _hard(seed: int | None) -> Player:
    from carcassonne_desktop.ai.hard import HardPlayer

    return HardPlayer(seed)


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("random", _random, {"fr": "Hasard", "en": "Random"},
              {"fr": "Joue au hasard.", "en": "Plays at random."}),
        Level("easy", _easy, {"fr": "Facile", "en": "Easy"},
              {"fr": "Joue raisonnablement mais se trompe, idéal pour les enfants.",
               "en": "Plays sensibly but makes mistakes: good for children."}),
        Level("medium", _medium, {"fr": "Moyen", "en": "Medium"},
              {"fr": "Pèse chaque pose de tuile et de partisan.",
               "en": "Weighs every tile and follower placement."}),
        Level("hard", _hard, {"fr": "Difficile", "en": "Hard"},
              {"fr": "Anticipe les tours suivants et les tuiles possibles.",
               "en": "Looks turns ahead over the tiles that may come."}),
        Level("greedy", _greedy, {"fr": "Glouton", "en": "Greedy"},
              {"fr": "Prend les points tout de suite (référence).",
               "en": "Takes the most points right now (benchmark)."}, listed=False),
        Level("mcts", _mcts, {"fr": "Monte-Carlo", "en": "Monte Carlo"},
              {"fr": "Recherche arborescente Monte-Carlo sans connaissance du jeu (recherche).",
               "en": "Plain Monte Carlo tree search, no game knowledge (research)."},
              listed=False),
    )
}


class UnknownLevelError(ValueError):
    """A level name or controller string that names no computer player."""


def level_names() -> list[str]:
    return list(LEVELS)


def available_levels(language: str = "en", include_unlisted: bool = False) -> list[dict[str, str]]:
    """Levels for the setup screen: [{"name", "controller", "title", "description"}]
    in increasing strength, with texts in `language` ("fr" or "en")."""
    lang = language if language in ("fr", "en") else "en"
    return [
        {
            "name": level.name,
            "controller": CONTROLLER_PREFIX + level.name,
            "title": level.title[lang],
            "description": level.description[lang],
        }
        for level in LEVELS.values()
        if level.listed or include_unlisted
    ]


def is_ai_controller(controller: str) -> bool:
    return controller.startswith(CONTROLLER_PREFIX)


def create_player(name_or_controller: str, seed: int | None = None) -> Player:
    """A new player from "medium" or "ai:medium"; UnknownLevelError otherwise."""
    name = name_or_controller
    if name.startswith(CONTROLLER_PREFIX):
        name = name[len(CONTROLLER_PREFIX):]
    level = LEVELS.get(name)
    if level is None:
        raise UnknownLevelError(
            f"unknown computer level {name_or_controller!r} (known: {', '.join(LEVELS)})"
        )
    return level.factory(seed)
