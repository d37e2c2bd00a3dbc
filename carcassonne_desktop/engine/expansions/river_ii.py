"""The River II (seed 003 "La Rivière 2", seed 002 "LA RIVIERE II"): a
spring, a fork that splits the river into two arms, the volcano lake laid
last, a pigsty and an inn by the water.

The course of the river (bag order, no U-turn, arms that never join, the
open ends) is shared with The River in `shared/river_course.py`; this module
adds what only River II has:
- the volcano: no figure on it and its player plays another turn at once
  (003: "ne peut y mettre de partisan ... il joue immédiatement un autre
  tour");
- a river that can no longer be continued: its remaining tiles are set aside
  and the game goes on; and, with several lakes, one lake per open end.

The pigsty (a field flag) and the inn by the lake are symbols other boxes
give a meaning: 003 "Si vous jouez sans les extensions correspondantes,
l'auberge, la porcherie et le volcan n'ont pas d'importance". Traders &
Builders reads the pigsty (its rule is the pig's), Inns & Cathedrals the
inn; this module scores neither (docs/rulings.md 40).

Rulings (docs/rulings.md, "The River II"): nothing may be deployed on the
turn the volcano is placed (004 2B-1), the abbot may still be recalled; with
The River, one spring (River II's), the fork first, every other river tile
of both boxes shuffled, then the lakes, River I's before the volcano, a lake
being set aside when fewer ends are open than lakes are left.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.decisions import Decision
from carcassonne_desktop.engine.events import Event, TileDiscarded
from carcassonne_desktop.engine.expansion import Placement, register
from carcassonne_desktop.engine.expansions.shared.river_course import (
    RiverCourse,
    is_lake,
    is_river_tile,
    open_ends,
)
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ID = "river_ii"
VOLCANO = "volcano"
# Key of game.turn_state: the volcano was placed this turn (cleared every turn).
VOLCANO_PLACED = f"{ID}.volcano"


# extension_state[RIVER_IN_BAG]: where the river tiles of the bag lie, as
# ((bag index, tile id), ...) by index. The bag changes only by draws from
# its end, so the entries below its length are the river tiles still in it:
# no scan of the bag before each draw. Setting tiles aside rewrites it; a
# sampled copy deals the bag again and drops it (resample_hidden); it is
# read from the bag again whenever an entry no longer matches the bag.
RIVER_IN_BAG = f"{ID}.river_in_bag"


def _set_aside(game: Game, player: int, tiles: list[str], events: list[Event]) -> None:
    for tile_id in tiles:
        game.bag.remove(tile_id)
        events.append(TileDiscarded(player, tile_id))
    game.extension_state.pop(RIVER_IN_BAG, None)  # indices moved: read again


def _river_tiles_left(game: Game) -> list[str]:
    """The river tiles still in the bag, in the order they would be drawn."""
    bag = game.bag
    state = game.extension_state
    known: tuple[tuple[int, str], ...] | None = state.get(RIVER_IN_BAG)
    if known is not None:
        live = known[:bisect_left(known, (len(bag),))]
        if all(bag[index] == tile for index, tile in live):
            if len(live) != len(known):
                state[RIVER_IN_BAG] = live
            return [tile for _, tile in reversed(live)]
    catalogue = game.rules.catalogue
    live = tuple((i, t) for i, t in enumerate(bag) if is_river_tile(catalogue[t]))
    state[RIVER_IN_BAG] = live
    return [tile for _, tile in reversed(live)]


def river_tile_fits(game: Game, tile: TileType) -> bool:
    """Whether the river tile `tile` has a legal placement now
    (`game.placement_count(tile.id) > 0`): the dead-river check asks it of
    every river tile left, before each draw of the river phase."""
    return bool(end_placements(game, tile))


def end_placements(game: Game, tile: TileType) -> Sequence[Placement]:
    """The legal placements of the river tile `tile`, judged on the open ends
    alone: the river's filter keeps no other cell, and every filter judges
    each cell and placement on the board alone (engine/board.py
    `_compute_placements`), so the placements the filters keep among the
    ends' are all there are (the core's listing looks at every cell of the
    frontier first: before each draw of the river phase, that was most of the
    turn)."""
    frontier = game.frontier
    cells = [cell for end in open_ends(game) if (cell := (end[0], end[1])) in frontier]
    cell_filters, placement_filters = game.rules.placement_filters(tile)
    for expansion in cell_filters:
        cells = expansion.filter_cells(game, tile, cells)
    placements: Sequence[Placement] = [
        (x, y, rot) for x, y in cells for rot in tile.fitting_rotations(frontier[(x, y)])]
    for expansion in placement_filters:
        if not placements:
            break
        placements = expansion.filter_placements(game, tile, placements)
    return placements


def set_aside_dead_river(game: Game, events: list[Event]) -> Decision | None:
    """Before each draw while river tiles are next: if none of the river
    tiles left fits anywhere, the river can no longer be continued and they
    all go back in the box; a lake is set aside when fewer ends are open
    than lakes are left (one lake per open end)."""
    bag = game.bag
    catalogue = game.rules.catalogue
    if not bag or not is_river_tile(catalogue[bag[-1]]):
        return None
    left = _river_tiles_left(game)
    if not any(river_tile_fits(game, catalogue[t]) for t in dict.fromkeys(left)):
        _set_aside(game, game.turn_player, left, events)
        return None
    if not is_lake(catalogue[bag[-1]]):
        return None  # (lakes come last: the count below only once one is next)
    lakes = [t for t in left if is_lake(catalogue[t])]
    surplus = len(lakes) - len(open_ends(game))
    if surplus > 0:
        _set_aside(game, game.turn_player, lakes[:surplus], events)
    return None


@register
class RiverII(RiverCourse):
    id = ID
    order = 6
    start_priority = 11  # with The River too, River II's spring starts (one spring)
    title = {"fr": "La Rivière II", "en": "The River II"}
    description = {
        "fr": "12 tuiles de rivière posées en premier : une source, une bifurcation en deux "
        "bras qui ne se rejoignent jamais, un volcan qui fait rejouer et une porcherie "
        "(avec Marchands & Bâtisseurs).",
        "en": "12 river tiles laid first: a spring, a fork into two arms that never meet, "
        "a volcano that gives another turn and a pigsty (with Traders & Builders).",
    }
    data_file = "river_ii.json"
    rules = {
        "fr": """La source remplace la tuile de départ. Le premier joueur pose la bifurcation ; ensuite les tuiles Rivière sont piochées dans un ordre aléatoire et posées au bout de l’un des deux bras ; le lac du volcan vient en dernier. Puis viennent les tuiles ordinaires.

- Chaque tuile Rivière doit prolonger l’un des bras, là où il s’arrête. La rivière ne fait jamais demi-tour : deux virages de suite d’un même bras ne peuvent pas tourner du même côté.
- Les deux bras ne peuvent jamais se rejoindre : une tuile ne peut pas faire couler un bras vers le bout de l’autre.
- On peut poser des partisans sur les routes, villes, abbayes et prés des tuiles Rivière, jamais sur la rivière elle-même.
- Le volcan : celui qui le pose ne peut rien y poser (ni ailleurs pendant ce tour) et rejoue aussitôt un tour complet.
- La porcherie ne compte qu’avec Marchands & Bâtisseurs : les paysans qui gagnent le pré de la porcherie marquent alors 1 point de plus par ville achevée, ce qui s’ajoute au cochon (5 points par ville pour celui qui a aussi son cochon dans ce pré). Sans Marchands & Bâtisseurs, elle ne rapporte rien.
- L’auberge au bord du lac suit les règles d’Auberges & Cathédrales quand cette extension est en jeu ; sinon, comme la porcherie, elle n’a pas d’effet.
- Si plus aucune tuile Rivière ne peut être posée, les tuiles Rivière restantes sont mises de côté et la partie continue.
- Avec La Rivière (I) : une seule source (celle de la Rivière II), la bifurcation d’abord, puis toutes les autres tuiles Rivière mélangées, puis les lacs, celui de la Rivière I avant le volcan. Il y a un lac par bras encore ouvert : s’il ne reste qu’un bras ouvert, le lac de la Rivière I est mis de côté.""",
        "en": """The spring replaces the start tile. The first player lays the fork; then the river tiles are drawn in random order and laid at the end of either arm; the volcano lake comes last. Then come the ordinary tiles.

- Each river tile must continue one of the arms where it ends. The river never makes a U-turn: two bends in a row on one arm may not turn the same way.
- The two arms may never join: no tile may make an arm flow towards the end of the other.
- Followers may go on the roads, cities, cloisters and fields of river tiles, never on the river itself.
- The volcano: whoever lays it may deploy nothing on it (nor anywhere else that turn) and plays another full turn at once.
- The pigsty counts only with Traders & Builders: the farmers who win the pigsty's field then score 1 more point per completed city, on top of the pig (5 points per city for a player who also has their pig in that field). Without Traders & Builders it scores nothing.
- The inn by the lake follows the rules of Inns & Cathedrals when that expansion is played; otherwise, like the pigsty, it has no effect.
- If no river tile can be laid any more, the remaining river tiles are set aside and the game goes on.
- With The River (I): one spring (River II's), the fork first, then every other river tile shuffled, then the lakes, River I's before the volcano. There is one lake per arm still open: with a single open arm, River I's lake is set aside.""",
    }

    def turn_work(self) -> Iterable[Work]:
        return (Work("draw", set_aside_dead_river, before=True, name=f"{ID}.set_aside"),)

    def resample_hidden(self, game: Game, rng: random.Random, pool: list[str]) -> None:
        super().resample_hidden(game, rng, pool)
        # the bag is dealt again: where its river tiles lie is read anew
        game.extension_state.pop(RIVER_IN_BAG, None)

    # --- the volcano ---------------------------------------------------------
    def on_tile_placed(self, game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        super().on_tile_placed(game, x, y, rotated)
        if rotated.tile.flags.get(VOLCANO) and game.pending is not None:
            game.turn_state[VOLCANO_PLACED] = True  # laid in a turn, not as a start tile

    def watches_tile(self, tile: TileType) -> bool:
        """River tiles for the course, the volcano for its extra turn."""
        return super().watches_tile(tile) or bool(tile.flags.get(VOLCANO))

    def vetoes_tile(self, tile: TileType) -> bool:
        """Only the volcano's figure step is vetoed."""
        return bool(tile.flags.get(VOLCANO))

    def may_deploy(self, game: Game, figure: FigureType, feature: Feature) -> bool:
        # the figure step follows the volcano's placement: nothing goes down
        # (a builder's second tile, laid after it, is a part of its own)
        placed = game.board[game.last_placed][0] if game.last_placed else None
        return placed is None or not placed.tile.flags.get(VOLCANO)

    def next_player(self, game: Game, player: int) -> int | None:
        return player if game.turn_state.get(VOLCANO_PLACED) else None
