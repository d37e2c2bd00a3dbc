"""Building a game reads no data file again (engine/expansion.tiles_of, the
Count's layout): every replay of a record builds a game, and with every
expansion the tile types and layouts were parsed again each time."""

from __future__ import annotations

import json

import pytest

from carcassonne_desktop.engine import Game, Rules, quick_setup
from carcassonne_desktop.engine.catalogue import TileType
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.setup import GameSetup


def every_expansion_setup(seed: int) -> GameSetup:
    return quick_setup(2, seed=seed, expansions=tuple(registry()))


def test_games_share_the_tile_types_of_their_expansions() -> None:
    one = Rules(every_expansion_setup(1))
    two = Rules(every_expansion_setup(2))
    assert list(one.catalogue.tiles) == list(two.catalogue.tiles)
    assert all(one.catalogue[t] is two.catalogue[t] for t in one.catalogue.tiles)


def test_a_new_game_parses_no_tile_nor_layout_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The start layouts (Wheel, Count, the spring against them) and the start
    tile come from caches once a first game was built."""
    first = Game(every_expansion_setup(3))
    alone = Game(quick_setup(2, seed=3, expansions=("base", "river")))

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("data parsed again for a new game")

    monkeypatch.setattr(TileType, "__init__", refuse)
    monkeypatch.setattr(json, "loads", refuse)
    again = Game(every_expansion_setup(3))
    assert again.state_key() == first.state_key()
    assert Game(quick_setup(2, seed=3, expansions=("base", "river"))).state_key() == (
        alone.state_key()
    )


def test_a_start_layout_handed_out_cannot_change_the_next_game() -> None:
    setup = quick_setup(2, seed=4, expansions=("base", "count"))
    game = Game(setup)
    count = next(e for e in game.rules.expansions if e.id == "count")
    layout = count.start_layout(game, ())
    assert layout
    layout.clear()
    assert Game(setup).state_key() == game.state_key()
