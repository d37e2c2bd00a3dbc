"""Figure primitives: put, move and remove any figure anywhere.

The figure step deploys on the tile just placed, but many rules move figures
elsewhere: a flier lands on another tile, crop circles let every player add
or take back a follower, the mage and the witch hop between features, the
Count's followers leave the city, a message takes a follower home. Each of
them goes through these few methods, so the bookkeeping (supply, the
feature's figures, `figures_placed`, area slots, neutral figures, the
dependent-figure cascade, events) is written once.

A place is a `Spot` (engine/actions.py): `(x, y, port)` for a feature of a
tile (any port of the feature names it) or `(area, slot)` for a slot off the
tiles. A neutral figure (player -1: the mage, the witch, the Count, the
wheel's pig) is not on a feature's list of figures (it weighs in no
majority): `neutral_figures[name]` holds its spot, with the feature's
canonical port, so it follows its feature through every merge.

These are primitives: they keep the figure-kind rule (a figure stands only
on a kind it may stand on) but not occupancy, which belongs to the decision
that offers the move (a flier may land on an occupied city).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.engine.actions import Spot, is_area_spot, spot_to_json
from carcassonne_desktop.engine.errors import IllegalActionError
from carcassonne_desktop.engine.events import Event, FigureDeployed, FigureMoved

if TYPE_CHECKING:
    from carcassonne_desktop.engine.catalogue import RotatedTile
    from carcassonne_desktop.engine.features import Feature, Position
    from carcassonne_desktop.engine.rules import Rules

#: A figure on a feature: (player, figure name, segment node).
Placed = tuple[int, str, int]


class FigureMoves:
    """Put, move and remove figures (a part of `Game`, see the module docstring)."""

    __slots__ = ()

    rules: Rules
    board: dict[Position, tuple[RotatedTile, int]]
    supply: list[dict[str, int]]
    figures_placed: list[Placed]
    node_pos: list[Position]
    node_local: list[int]
    area_figures: dict[tuple[str, str], tuple[tuple[int, str], ...]]
    neutral_figures: dict[str, Spot]

    if TYPE_CHECKING:
        def find(self, node: int) -> int: ...
        def feature(self, node: int) -> Feature: ...
        def writable_feature(self, root: int) -> Feature: ...
        def return_figure(self, player: int, figure: str, node: int,
                          events: list[Event]) -> None: ...

    # ------------------------------------------------------------- places
    def node_at(self, x: int, y: int, port: str, figure: str | None = None) -> int | None:
        """The feature segment that `port` of the tile at (x, y) names, for
        `figure` (a follower at "C" of a tile with a garden and a field is a
        farmer; an abbot there is on the garden); None if there is none."""
        placed = self.board.get((x, y))
        if placed is None:
            return None
        rotated, base = placed
        kinds = None
        if figure is not None:
            figure_type = self.rules.figure_by_name.get(figure)
            kinds = figure_type.kinds if figure_type is not None else None
        local = rotated.feature_at_port(port, kinds)
        return base + local if local >= 0 else None

    def spot_of(self, node: int) -> tuple[int, int, str]:
        """The canonical spot of a feature segment (its first port)."""
        x, y = self.node_pos[node]
        rotated = self.board[(x, y)][0]
        return (x, y, rotated.canonical_ports[self.node_local[node]])

    def canonical_spot(self, spot: Spot, figure: str | None = None) -> Spot:
        """The same place named by the feature's first port (any port of a
        feature names it, everywhere: DESIGN 5, docs/record-format.md)."""
        if is_area_spot(spot):
            return spot
        x, y, port = spot  # type: ignore[misc]
        node = self.node_at(x, y, port, figure)
        return self.spot_of(node) if node is not None else spot

    def figures_at(self, spot: Spot) -> tuple[Placed, ...]:
        """The players' figures standing on the segment `spot` names (not the
        whole feature: a feature spanning tiles has figures on several)."""
        if is_area_spot(spot):
            return ()
        x, y, port = spot  # type: ignore[misc]
        node = self.node_at(x, y, port)
        return tuple(f for f in self.figures_placed if f[2] == node) if node is not None else ()

    def segment_kind(self, node: int) -> str:
        """The kind of the feature a segment belongs to (`road`, `field`...)."""
        return self.board[self.node_pos[node]][0].tile.features[self.node_local[node]].kind

    def neutral_node(self, figure: str) -> int | None:
        """The segment a neutral figure stands on, or None (off the tiles or out of play)."""
        spot = self.neutral_figures.get(figure)
        if spot is None or is_area_spot(spot):
            return None
        x, y, port = spot  # type: ignore[misc]
        return self.node_at(x, y, port)

    def _node_for(self, figure: str, spot: Spot) -> int:
        x, y, port = spot  # type: ignore[misc]
        node = self.node_at(x, y, port, figure)
        if node is None:
            raise IllegalActionError(f"no feature for a {figure} at ({x}, {y}) {port}")
        kind = self.segment_kind(node)
        figure_type = self.rules.figure_by_name.get(figure)
        if figure_type is not None and not figure_type.neutral and kind not in figure_type.kinds:
            raise IllegalActionError(f"a {figure} cannot stand on a {kind}")
        return node

    # --------------------------------------------------------- primitives
    def put_figure(self, player: int, figure: str, spot: Spot, events: list[Event],
                   *, from_supply: bool = True) -> None:
        """A figure comes into play at `spot`: from `player`'s supply (unless
        `from_supply` is False), or a neutral figure (player -1) from outside."""
        if player < 0:
            self.neutral_figures[figure] = self.canonical_spot(spot)
            events.append(FigureMoved(-1, figure, None, spot_to_json(self.neutral_figures[figure])))
            return
        if is_area_spot(spot):
            self.put_in_area(player, figure, spot[0], spot[1], events)  # type: ignore[arg-type]
            if not from_supply:
                self.supply[player][figure] += 1
            return
        node = self._node_for(figure, spot)
        if from_supply:
            self.supply[player][figure] -= 1
        self._set_down(player, figure, node)
        x, y, port = self.spot_of(node)
        events.append(FigureDeployed(player, figure, x, y, port,
                                     self.segment_kind(node)))

    def remove_figure(self, player: int, figure: str | None, spot: Spot | None,
                      events: list[Event]) -> None:
        """A figure leaves the board: a player's goes back to supply (the
        figures that stood only with it follow, as when a feature is scored);
        a neutral one (player -1) leaves play. `figure` may be None where the
        spot holds one figure of `player`."""
        if player < 0:
            assert figure is not None
            origin = self.neutral_figures.pop(figure, None)
            events.append(FigureMoved(-1, figure, None if origin is None else spot_to_json(origin),
                                      None))
            return
        if spot is None:
            raise IllegalActionError("say where the figure to remove stands")
        if is_area_spot(spot):
            assert figure is not None
            self.take_from_area(player, figure, spot[0], spot[1], events)  # type: ignore[arg-type]
            return
        self.return_figure(*self._placed_at(player, figure, spot), events)

    def move_figure(self, player: int, figure: str, source: Spot | None, target: Spot,
                    events: list[Event]) -> None:
        """A figure goes from one place to another without passing through
        supply; with no `source` it comes into play (from supply, or from
        outside for a neutral figure). Figures that stood only with it on
        the feature it leaves go home."""
        if source is None:
            self.put_figure(player, figure, target, events)
            return
        if player < 0:
            self.neutral_figures[figure] = self.canonical_spot(target)
            events.append(FigureMoved(-1, figure, spot_to_json(self.canonical_spot(source)),
                                      spot_to_json(self.neutral_figures[figure])))
            return
        if is_area_spot(source):
            self._leave_area(player, figure, source[0], source[1])  # type: ignore[arg-type]
        else:
            self.lift_figure(*self._placed_at(player, figure, source), events)
        origin = spot_to_json(self.canonical_spot(source, figure))
        if is_area_spot(target):
            key = (target[0], target[1])
            self.area_figures[key] = self.area_figures.get(key, ()) + ((player, figure),)
            events.append(FigureMoved(player, figure, origin, spot_to_json(target)))
            return
        node = self._node_for(figure, target)
        self._set_down(player, figure, node)
        events.append(FigureMoved(player, figure, origin, spot_to_json(self.spot_of(node))))

    def _placed_at(self, player: int, figure: str | None, spot: Spot) -> Placed:
        x, y, port = spot  # type: ignore[misc]
        node = self.node_at(x, y, port, figure)
        for placed in self.figures_placed:
            if placed[0] == player and placed[2] == node and figure in (None, placed[1]):
                return placed
        raise IllegalActionError(f"no {figure or 'figure'} of player {player + 1} "
                                 f"at ({x}, {y}) {port}")

    def lift_figure(self, player: int, figure: str, node: int, events: list[Event]) -> None:
        """Take a figure off its feature (it goes nowhere yet); figures that
        stood only with it (the builder, the pig with their owner's last
        follower there) go home."""
        self.figures_placed.remove((player, figure, node))
        feature = self.writable_feature(self.find(node))
        spots = list(feature.figures)
        spots.remove((player, figure, node))
        feature.figures = tuple(spots)
        if not self.rules.dependent_figures:
            return
        types = self.rules.figure_by_name
        if types[figure].strength > 0 and not any(
            owner == player and types[name].strength > 0 for owner, name, _ in spots
        ):
            for owner, name, other in spots:
                if owner == player and types[name].requires_own_follower:
                    self.return_figure(owner, name, other, events)

    def _set_down(self, player: int, figure: str, node: int) -> None:
        feature = self.writable_feature(self.find(node))
        feature.figures = feature.figures + ((player, figure, node),)
        self.figures_placed.append((player, figure, node))

    # ------------------------------------------------------------- areas
    def put_in_area(self, player: int, figure: str, area: str, slot: str,
                    events: list[Event]) -> None:
        """A figure from `player`'s supply (or a neutral one, player -1) goes
        to an area slot."""
        if player >= 0:
            self.supply[player][figure] -= 1
        key = (area, slot)
        self.area_figures[key] = self.area_figures.get(key, ()) + ((player, figure),)
        events.append(FigureMoved(player, figure, None, {"area": area, "slot": slot}))

    def take_from_area(self, player: int, figure: str, area: str, slot: str,
                       events: list[Event]) -> None:
        """A figure leaves an area slot back to its owner's supply."""
        self._leave_area(player, figure, area, slot)
        if player >= 0:
            self.supply[player][figure] += 1
        events.append(FigureMoved(player, figure, {"area": area, "slot": slot}, None))

    def area_to_feature(self, player: int, figure: str, area: str, slot: str, node: int,
                        events: list[Event]) -> None:
        """A figure leaves an area slot for the feature segment `node`, outside
        the deploy rule (it may join an occupied feature); from then on it is
        a figure of the board like any other."""
        self.move_figure(player, figure, (area, slot), self.spot_of(node), events)

    def _leave_area(self, player: int, figure: str, area: str, slot: str) -> None:
        key = (area, slot)
        present = list(self.area_figures.get(key, ()))
        if (player, figure) not in present:
            raise IllegalActionError(f"no {figure} of player {player + 1} in {area} {slot}")
        present.remove((player, figure))
        if present:
            self.area_figures[key] = tuple(present)
        else:
            self.area_figures.pop(key, None)

