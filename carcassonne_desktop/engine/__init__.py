"""The rules engine. No pygame here: the interface and the computer players
drive it through `Game.legal_actions()` and `Game.apply()`."""

from carcassonne_desktop.engine.actions import (
    ACTION_TYPES,
    PASS,
    Action,
    Deploy,
    Pass,
    PlaceTile,
    parse_action,
)
from carcassonne_desktop.engine.errors import (
    CatalogueError,
    EngineError,
    IllegalActionError,
    MalformedError,
    RecordError,
    SetupError,
)
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, registry
from carcassonne_desktop.engine.game import FeatureInfo, FigureOnBoard, Game, LegalActions
from carcassonne_desktop.engine.record import GameRecord, Replay, replay_summary
from carcassonne_desktop.engine.rules import Rules
from carcassonne_desktop.engine.setup import GameSetup, PlayerSetup, quick_setup

__all__ = [
    "ACTION_TYPES", "PASS", "Action", "CatalogueError", "Deploy", "EngineError", "Event",
    "Expansion", "FeatureInfo", "FigureOnBoard", "Game", "GameRecord", "GameSetup",
    "IllegalActionError", "LegalActions", "MalformedError", "Pass", "PlaceTile", "PlayerSetup",
    "RecordError", "Replay", "Rules", "SetupError", "parse_action", "quick_setup",
    "registry", "replay_summary",
]


def __getattr__(name: str) -> object:
    """Action classes that expansions register (``Recall``...), by class name
    through the action registry: old callers keep working while the core
    names no expansion."""
    from carcassonne_desktop.engine import actions

    return actions.__getattr__(name)
