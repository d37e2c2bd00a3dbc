"""Traders & Builders (seed 000 p.10-11, seed 001 p.12-13): 24 tiles, goods
tokens taken by whoever completes a city, the builder (a second tile when
its road or city is extended) and the pig (+1 per city on a won field); and
The River II's pigsty, which is a pig for every winner of its field and
nothing without this box (docs/rulings.md 40).

Rulings (docs/rulings.md, "Traders & Builders"):
- the tile that earns the second tile must extend a road or city on which
  the player's builder already stood before that tile was placed (deploying
  the builder on the tile just placed earns nothing); completing that
  feature extends it too;
- the second tile never earns a third, whatever it extends;
- a good is won by the player(s) holding the most tokens of it, at least one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.catalogue import RotatedTile
from carcassonne_desktop.engine.decisions import Decision
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.score_terms import ScoreTerm, explain
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ID = "traders_builders"
BUILDER = "builder"
PIG = "pig"
#: The three goods, in the order they are scored at the end.
GOODS = ("wine", "grain", "cloth")
#: Feature flag prefix of a goods symbol on a city (catalogue attribute `goods`).
GOODS_FLAG = "goods:"
GOODS_CATEGORY = "goods"
GOODS_POINTS = 10
# Keys of game.turn_state (cleared by the core at the end of every turn).
EXTENDED = f"{ID}.extended"  # this tile extended the player's builder's feature
SECOND = f"{ID}.second"  # the second tile of the turn is being played
#: Field flag of The River II's pigsty. Its rule is the pig's ("Ce bonus
#: fonctionne comme le cochon", 002) and 003 gives it no effect without this
#: box, so it is read here, as Inns & Cathedrals reads the inn by the lake.
PIGSTY = "pigsty"


def builder_root(game: Game, player: int) -> int | None:
    """The root of the feature holding `player`'s builder, if it is on the board."""
    if game.supply[player].get(BUILDER, 0):
        return None
    for owner, figure, node in game.figures_placed:
        if owner == player and figure == BUILDER:
            return game.find(node)
    return None


def goods_in(feature: Feature) -> dict[str, int]:
    """Goods symbols of a city, by good."""
    flags = feature.flags
    if not flags:
        return {}
    return {
        name[len(GOODS_FLAG):]: count
        for name, count in flags.items()
        if name.startswith(GOODS_FLAG) and count > 0
    }


def goods_winners(game: Game, good: str) -> tuple[int, ...]:
    """Who holds the most tokens of `good` (ties all win; nobody with none)."""
    held = [game.tokens[p].get(good, 0) for p in range(game.num_players)]
    best = max(held)
    if best <= 0:
        return ()
    return tuple(p for p, n in enumerate(held) if n == best)


def _second_tile(game: Game, events: list[Event]) -> Decision | None:
    """End of the turn (before the core's own end work): a tile that extended
    the player's builder's feature earns one more tile, at once."""
    state = game.turn_state
    if not state.pop(EXTENDED, False) or state.get(SECOND):
        return None
    if not game.bag and not game.hands[game.turn_player]:
        return None  # nothing left to draw: the game ends as usual
    state[SECOND] = True
    game.refill_hand(game.turn_player)
    game.repeat_from("draw")
    return None


@register
class TradersBuilders(Expansion):
    id = ID
    order = 30
    title = {"fr": "Marchands & Bâtisseurs", "en": "Traders & Builders"}
    description = {
        "fr": "24 tuiles, des marchandises (vin, blé, tissu) pour qui achève une ville, "
        "un bâtisseur qui fait rejouer et un cochon qui engraisse les prés.",
        "en": "24 tiles, goods (wine, grain, cloth) for whoever completes a city, a builder "
        "that earns a second tile and a pig that fattens fields.",
    }
    data_file = "traders_builders.json"
    rules = {
        "fr": """24 nouvelles tuiles sont mélangées aux autres. Chaque joueur reçoit un bâtisseur et un cochon de sa couleur.

- Marchandises : certaines villes montrent du vin, du blé ou du tissu. Quand une ville est achevée, elle est comptée normalement ; puis le joueur qui a posé la tuile qui l’achève prend un jeton pour chaque symbole de la ville, même s’il n’a aucun chevalier dedans, et même si la ville n’appartient à personne.
- À la fin de la partie, le joueur qui a le plus de jetons Vin marque 10 points ; de même pour le Blé et pour le Tissu. En cas d’égalité, chacun des joueurs à égalité marque 10 points. Il faut au moins un jeton pour gagner une marchandise.
- Le bâtisseur se pose à la place d’un partisan, sur une route ou une ville de la tuile que vous venez de placer, mais seulement si un de vos partisans s’y trouve déjà. Il ne compte jamais pour la majorité.
- Quand, plus tard, vous placez une tuile qui prolonge (ou achève) la route ou la ville où se trouve votre bâtisseur, vous finissez votre tour puis vous rejouez aussitôt : vous piochez une deuxième tuile, la placez, posez un pion si vous voulez, et les zones achevées sont comptées.
- Jamais de troisième tuile : si la deuxième tuile prolonge encore la zone du bâtisseur, il ne se passe rien de plus. Poser le bâtisseur ne fait pas rejouer : il faut qu’il soit déjà là avant la tuile.
- Le bâtisseur revient quand sa route ou sa ville est comptée, ou dès qu’il n’y a plus aucun de vos partisans avec lui.
- Le cochon se pose à la place d’un partisan, sur un pré de la tuile que vous venez de placer où vous avez déjà un paysan. Il reste jusqu’à la fin. Au décompte des prés, si vous gagnez ce pré (seuls les paysans comptent), vous marquez 4 points au lieu de 3 par ville achevée. Le cochon d’un autre joueur ne vous rapporte rien.
- Le pont : les deux routes se croisent sans se toucher, et les quatre prés sont séparés.
- Avec La Rivière II, la porcherie compte comme un cochon pour chacun des joueurs qui gagnent son pré : 1 point de plus par ville achevée (5 au lieu de 3 pour qui y a aussi son propre cochon).""",
        "en": """24 new tiles are shuffled in with the others. Each player gets a builder and a pig in their colour.

- Goods: some cities show wine, grain or cloth. When a city is completed it is scored as usual; then the player who placed the tile that completed it takes one token per symbol in the city, even without a knight in it, and even if nobody owns the city.
- At the end of the game, the player with the most wine tokens scores 10 points; the same for grain and for cloth. Tied players each score 10. You need at least one token to win a good.
- The builder is deployed instead of a follower, on a road or a city of the tile you just placed, but only where one of your followers already stands. It never counts in a majority.
- When you later place a tile that extends (or completes) the road or city holding your builder, you finish your turn and play again at once: you draw a second tile, place it, deploy if you wish, and completed features are scored.
- Never a third tile: if the second tile extends the builder's feature again, nothing more happens. Deploying the builder does not give a second tile: it must already stand there before the tile is placed.
- The builder comes back when its road or city is scored, or as soon as none of your followers is left with it.
- The pig is deployed instead of a follower, on a field of the tile you just placed that holds one of your farmers. It stays until the end. When fields are scored, if you win that field (only farmers count), you score 4 points instead of 3 per completed city. Another player's pig gives you nothing.
- The bridge: the two roads cross without meeting, and the four fields stay apart.
- With The River II, the pigsty counts as a pig for every player who wins its field: 1 more point per completed city (5 instead of 3 for a player whose own pig is there too).""",
    }

    def figures(self) -> Iterable[FigureType]:
        yield FigureType(
            BUILDER, 1, frozenset({"road", "city"}), strength=0, occupies=False,
            group=BUILDER, requires_own_follower=True,
        )
        if self.game_options.get("farmers", True):
            yield FigureType(
                PIG, 1, frozenset({"field"}), strength=0, occupies=False,
                group=PIG, requires_own_follower=True,
            )

    def turn_work(self) -> Iterable[Work]:
        return (Work("end", _second_tile, before=True, name=f"{ID}.second_tile"),)

    # --- the builder -------------------------------------------------------
    def on_tile_placed(self, game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        if game.pending is None and not game.history:
            return  # the start tile (no builder is out yet anyway)
        state = game.turn_state
        if state.get(SECOND) or state.get(EXTENDED):
            return
        root = builder_root(game, game.turn_player)
        if root is None:
            return
        base = game.board[(x, y)][1]
        for local in range(len(rotated.tile.features)):
            if game.find(base + local) == root:
                state[EXTENDED] = True
                return

    # --- goods -------------------------------------------------------------
    def on_feature_completed(self, game: Game, root: int, placer: int, events: list[Event]) -> None:
        feature = game.features[root]
        if feature is None or feature.kind != "city":
            return
        for good, count in sorted(goods_in(feature).items()):
            game.give_token(placer, good, count, events)

    def final_scoring(self, game: Game, events: list[Event]) -> None:
        for good in GOODS:
            winners = goods_winners(game, good)
            if winners:
                game.award(winners, GOODS_POINTS, GOODS_CATEGORY, good, events,
                           terms=(ScoreTerm("majority", 1, GOODS_POINTS),))

    # --- the pig and the pigsty ---------------------------------------------
    def player_points(self, game: Game, feature: Feature, player: int, points: int) -> int:
        """+1 per completed city for a winner whose own pig is in the field,
        and +1 more for every winner of a field with the pigsty (ruling 40)."""
        if feature.kind != "field" or not feature.figures:
            return points
        pig = any(owner == player and name == PIG for owner, name, _ in feature.figures)
        pigsty = feature.has_flag(PIGSTY)
        if not pig and not pigsty:
            return points
        cities = game.completed_cities(feature)
        for reason, counts in ((PIG, pig), (PIGSTY, pigsty)):
            if counts:
                explain(game, ScoreTerm(reason, cities))
                points += cities
        return points

    def supplied_city_points(
        self, game: Game, city: Feature, fields: tuple[Feature, ...], player: int, points: int
    ) -> int:
        """First-edition farmers: 4 instead of 3 for the city when the winner's
        pig stands in one of the fields that supply it (ruling 35), and 1 more
        when one of them holds the pigsty and a farmer of the winner (ruling 64)."""
        strength = game.rules.figure_by_name
        for field in fields:
            mine = [name for owner, name, _ in field.figures if owner == player]
            if PIG in mine:
                points += 1
            if field.has_flag(PIGSTY) and any(strength[name].strength > 0 for name in mine):
                points += 1
        return points
