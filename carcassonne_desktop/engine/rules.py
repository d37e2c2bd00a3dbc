"""The rules in force for one game: the chosen expansions, merged options,
figure types, the catalogue, and which hooks are live.

Built once per game and shared (read-only) by its copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carcassonne_desktop.engine.catalogue import Catalogue, TileType
from carcassonne_desktop.engine.errors import SetupError
from carcassonne_desktop.engine.expansion import Expansion, overrides, registry
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.setup import GameSetup

HOOKS = (
    "arrange_bag",
    "filter_placements",
    "explain_placement",
    "on_tile_placed",
    "may_deploy",
    "extra_actions",
    "apply_action",
    "modify_points",
    "modify_field_points",
    "final_scoring",
)


class Rules:
    def __init__(self, setup: GameSetup) -> None:
        known = registry()
        ids = list(dict.fromkeys(setup.expansions))
        if "base" not in ids:
            ids.insert(0, "base")
        unknown = [e for e in ids if e not in known]
        if unknown:
            raise SetupError(
                f"unknown expansion(s): {', '.join(unknown)} (known: {', '.join(known)})"
            )
        ordered = [e for e in known if e in ids]
        self.options = self._merge_options(setup.options, [known[e] for e in ordered])
        self.expansions: tuple[Expansion, ...] = tuple(known[e](self.options) for e in ordered)
        self.expansion_ids = tuple(ordered)
        self.hooks: dict[str, tuple[Expansion, ...]] = {
            hook: tuple(e for e in self.expansions if overrides(e, hook)) for hook in HOOKS
        }
        tiles: list[TileType] = []
        for expansion in self.expansions:
            tiles.extend(expansion.tiles())
        self.catalogue = Catalogue(tiles)
        figures: list[FigureType] = []
        for expansion in self.expansions:
            figures.extend(expansion.figures())
        extended = []
        for figure in figures:
            kinds = figure.kinds
            for expansion in self.expansions:
                kinds = kinds | expansion.extend_figure_kinds(figure)
            extended.append(
                FigureType(figure.name, figure.per_player, kinds, figure.strength, figure.occupies)
            )
        self.figures: tuple[FigureType, ...] = tuple(extended)
        self.figure_by_name = {f.name: f for f in self.figures}
        self.hand_size = 3 if self.options.get("hand_of_3") else 1

    @staticmethod
    def _merge_options(
        given: Mapping[str, Any], expansions: list[type[Expansion]]
    ) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for expansion in expansions:
            merged.update(expansion.options)
        unknown = set(given) - set(merged)
        if unknown:
            raise SetupError(f"unknown option(s): {', '.join(sorted(unknown))}")
        for name, value in given.items():
            if type(value) is not type(merged[name]):
                raise SetupError(f"option {name!r} must be {type(merged[name]).__name__}")
            merged[name] = value
        return merged

    def start_tile(self) -> TileType:
        """The start tile of the expansion with the highest start priority."""
        best: tuple[int, TileType] | None = None
        for expansion in self.expansions:
            for tile in expansion.tiles():
                if tile.start and (best is None or expansion.start_priority > best[0]):
                    best = (expansion.start_priority, tile)
        if best is None:
            raise SetupError("no start tile among the chosen expansions")
        return best[1]
