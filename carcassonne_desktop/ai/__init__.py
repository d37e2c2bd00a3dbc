"""Computer players (DESIGN.md section 9).

For the interface:

    from carcassonne_desktop.ai import create_player, available_levels, AsyncPlayer

    player = create_player("ai:medium", seed=None)     # from a controller string
    runner = AsyncPlayer(player)
    runner.start(game.copy(), budget=None)            # returns at once
    ...
    action = runner.poll()                            # None while thinking
    if action is not None:
        events = game.apply(action)
    runner.cancel()                                   # e.g. the user left the game

Players only read what the seat to move may know; every search runs on a copy
whose unseen tiles are reshuffled with the player's own generator.
"""

from carcassonne_desktop.ai.async_player import AsyncPlayer
from carcassonne_desktop.ai.levels import (
    LEVELS,
    UnknownLevelError,
    available_levels,
    create_player,
    is_ai_controller,
    level_names,
)
from carcassonne_desktop.ai.player import Player

__all__ = [
    "LEVELS", "AsyncPlayer", "Player", "UnknownLevelError", "available_levels", "create_player",
    "is_ai_controller", "level_names",
]
