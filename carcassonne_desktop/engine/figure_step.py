"""The figure step's list: what the player may do with the tile just placed
(deploy a figure of their supply on one of its features, an expansion's
extra action, or pass).

It is built once per tile (`Game._figure_options`, dropped when a tile is
placed or the turn ends) and is a module of its own so that the turn flow
of `game.py` reads apart from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.engine.actions import PASS, Action
from carcassonne_desktop.engine.catalogue import RotatedTile
from carcassonne_desktop.engine.features import Feature, Position
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.legal import deploy_action

if TYPE_CHECKING:
    from carcassonne_desktop.engine.rules import Rules


# Per tile in one rotation: the figures tuple it was built for, and for each
# feature some figure may stand on, (local index, port, those figures).
Candidates = tuple[tuple[int, str, tuple[FigureType, ...]], ...]
_CANDIDATES: dict[RotatedTile, tuple[tuple[FigureType, ...], Candidates]] = {}


def deploy_candidates(figures: tuple[FigureType, ...], rotated: RotatedTile) -> Candidates:
    """The features of a tile in one rotation that some of `figures` may
    stand on, each with its port and those figures in the rules' order
    (neutral ones left out: they never sit in a player's supply).

    The same every time the tile type is placed in this rotation, so kept
    (the figure step tested every figure against every feature of each tile
    placed). Keyed by the rotated tile, shared by every game of the process,
    and kept for the `figures` tuple it was built for (compared by identity:
    a game of other rules builds its own).
    """
    kept = _CANDIDATES.get(rotated)
    if kept is not None and kept[0] is figures:
        return kept[1]
    candidates = []
    for local, spec in enumerate(rotated.tile.features):
        fitting = tuple(f for f in figures if not f.neutral and spec.kind in f.kinds)
        if fitting:
            candidates.append((local, rotated.canonical_ports[local], fitting))
    built = tuple(candidates)
    _CANDIDATES[rotated] = (figures, built)
    return built


class FigureStep:
    """The figure step's legal actions (a part of `Game`)."""

    __slots__ = ()

    rules: Rules
    board: dict[Position, tuple[RotatedTile, int]]
    features: list[Feature | None]
    supply: list[dict[str, int]]
    turn_player: int
    last_placed: Position | None
    _figure_options: list[Action] | None

    if TYPE_CHECKING:
        def find(self, node: int) -> int: ...

    def _figure_actions(self) -> list[Action]:
        """Deploys on the tile just placed, then extra actions, then pass."""
        options = self._figure_options
        if options is None:
            options = []
            assert self.last_placed is not None
            x, y = self.last_placed
            rotated, base = self.board[(x, y)]
            player = self.turn_player
            supply = self.supply[player]
            rules = self.rules
            # (late in a game the supply is often empty: nothing to list)
            candidates = deploy_candidates(rules.figures, rotated) if any(supply.values()) else ()
            if candidates:
                vetoes = rules.hooks["may_deploy"]
                if vetoes:  # (the base game has none)
                    vetoes = rules.deploy_vetoes(rotated.tile)
                types = rules.figure_by_name
                simple = rules.simple_occupancy
                features = self.features
                find = self.find
                for local, port, fitting in candidates:
                    feature = features[find(base + local)]
                    assert feature is not None
                    present = feature.figures
                    if simple and present and any(types[f].occupies for _, f, _ in present):
                        continue
                    for figure in fitting:
                        if supply.get(figure.name, 0) <= 0:
                            continue
                        # an empty feature takes any figure but one that
                        # joins its owner's follower (`may_join`, not called)
                        if not simple and not (
                            figure.may_join(player, present, types) if present
                            else not figure.requires_own_follower
                        ):
                            continue
                        if vetoes and not all(
                            e.may_deploy(self, figure, feature)  # type: ignore[arg-type]
                            for e in vetoes
                        ):
                            continue
                        options.append(deploy_action(figure.name, x, y, port))
            for expansion in self.rules.hooks["extra_actions"]:
                options.extend(expansion.extra_actions(self))  # type: ignore[arg-type]
            options.append(PASS)
            self._figure_options = options
        return options
