"""King & Robber Baron (seed 003 "Roi & Chevalier-brigand"; seed 002 "LE ROI ET
CHEVALIER VOLEUR"): 5 tiles, the king for whoever completes the largest city so
far, the robber baron for the longest road; at the end each holder scores 1
point per city (road) completed during the game.

Rulings (docs/rulings.md, "King & Robber Baron"):
- the title goes to the player who placed the completing tile, whether or not
  anyone occupies the city or road;
- only a strictly larger feature (counted in tiles) takes the title; the
  record grows even when the holder completes the larger one himself, so a
  city of intermediate size cannot take it back later;
- the end count is of completions during the game (a completion event, not a
  state of the board), plus the completed cities a start board brings (the
  City of Carcassonne: official clarification of 11/2013), which never take
  the title nor set the record, since nobody laid their last tile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.score_terms import ScoreTerm

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ID = "king_robber_baron"
KING = "king"
ROBBER_BARON = "robber_baron"
#: The title each feature kind carries, in the order they are scored at the end.
TITLES: dict[str, str] = {"city": KING, "road": ROBBER_BARON}


class Title(NamedTuple):
    """What the players panel and the evaluation need to know about one title."""

    holder: int | None  # None until the first feature of its kind is completed
    record: int  # tiles of the largest completed feature of its kind (0: none yet)
    completed: int  # features of its kind completed so far


# extension_state[ID]: {kind: (record, completed)} frozen as a tuple of pairs
# in TITLES order; the holder is whoever holds the token.
_EMPTY = ((0, 0), (0, 0))
#: Each kind's place in TITLES (`title_of` is asked at every evaluation).
_TITLE_INDEX = {kind: index for index, kind in enumerate(TITLES)}


def title_of(game: Game, kind: str) -> Title:
    """The state of the king (`city`) or the robber baron (`road`)."""
    index = _TITLE_INDEX[kind]
    record, completed = (game.extension_state.get(ID) or _EMPTY)[index]
    token = TITLES[kind]
    # (a plain loop: the evaluation asks this of every position it judges)
    holder = None
    for player, held in enumerate(game.tokens):
        if held.get(token, 0) > 0:
            holder = player
            break
    return Title(holder, record, completed)


def start_count(game: Game, kind: str) -> int:
    """Features of `kind` a start board brings complete (the City of
    Carcassonne): the king's tally counts them with the cities completed
    during the game, though they never took the title (docs/rulings.md 63)."""
    return len(game.start_cities()) if kind == "city" else 0


@register
class KingRobberBaron(Expansion):
    id = ID
    order = 60
    title = {"fr": "Roi & Chevalier-brigand", "en": "King & Robber Baron"}
    description = {
        "fr": "5 tuiles, un roi pour qui achève la plus grande ville et un chevalier-brigand pour "
        "qui achève la plus longue route. En fin de partie, 1 point par ville (route) achevée.",
        "en": "5 tiles, a king for whoever completes the largest city and a robber baron for "
        "whoever completes the longest road. At the end, 1 point per completed city (road).",
    }
    data_file = "king_robber_baron.json"
    rules = {
        "fr": """5 nouvelles tuiles sont mélangées aux autres. La tuile Roi et la tuile Chevalier-brigand sont mises de côté au début de la partie.

- Le roi : le joueur qui achève la première ville de la partie (celui qui pose la tuile qui la ferme) prend le roi, même s’il n’a aucun chevalier dans cette ville.
- Ensuite, celui qui achève une ville plus grande (en nombre de tuiles) que la plus grande achevée jusque-là prend le roi. Une ville de même taille ne suffit pas.
- Le chevalier-brigand fonctionne de la même façon avec les routes : il va à qui achève la route la plus longue (en nombre de tuiles).
- Si le détenteur achève lui-même une ville plus grande, il garde le roi et le record grandit : une ville plus petite que ce nouveau record ne pourra plus le lui prendre.
- À la fin de la partie, le joueur qui a le roi marque 1 point par ville achevée pendant la partie (par n’importe qui), et celui qui a le chevalier-brigand 1 point par route achevée.
- Le panneau des joueurs montre en permanence, à côté du nom de leur détenteur, le roi (♚) et le chevalier-brigand (⚔), suivis de la taille du record en tuiles : « ♚ 5 » veut dire que la plus grande ville achevée compte 5 tuiles.
- Avec le Comte de Carcassonne, la cité de Carcassonne compte comme une ville achevée de plus pour le roi en fin de partie ; elle ne donne jamais le roi.
- La tuile au pont montre deux villes qui se croisent sans se toucher ; d’autres tuiles peuvent les relier plus tard.""",
        "en": """5 new tiles are shuffled in with the others. The King tile and the Robber Baron tile are set aside at the start.

- The king: the player who completes the first city of the game (who places the tile that closes it) takes the king, even without a knight in that city.
- After that, whoever completes a city larger (in tiles) than the largest completed so far takes the king. A city of the same size is not enough.
- The robber baron works the same way with roads: it goes to whoever completes the longest road (in tiles).
- If the holder completes a larger city himself, he keeps the king and the record grows: a city smaller than the new record can no longer take it from him.
- At the end of the game the holder of the king scores 1 point per city completed during the game (by anyone), and the holder of the robber baron 1 point per completed road.
- The players panel always shows the king (♚) and the robber baron (⚔) next to their holder's name, followed by the record size in tiles: "♚ 5" means the largest completed city has 5 tiles.
- With The Count of Carcassonne, the city of Carcassonne counts as one more completed city for the king at the end; it never gives the king to anyone.
- The bridge tile shows two cities that cross without touching; other tiles may join them later.""",
    }

    def on_feature_completed(self, game: Game, root: int, placer: int, events: list[Event]) -> None:
        feature = game.features[root]
        if feature is None or feature.kind not in TITLES:
            return
        kind = feature.kind
        index = list(TITLES).index(kind)
        state = list(game.extension_state.get(ID) or _EMPTY)
        record, completed = state[index]
        size = len(feature.tiles)
        if size > record:
            record = size
            token = TITLES[kind]
            holder = title_of(game, kind).holder
            if holder != placer:
                if holder is not None:
                    game.give_token(holder, token, -1, events)
                game.give_token(placer, token, 1, events)
        state[index] = (record, completed + 1)
        game.extension_state[ID] = tuple(state)

    def final_scoring(self, game: Game, events: list[Event]) -> None:
        for kind, token in TITLES.items():
            title = title_of(game, kind)
            start = start_count(game, kind)
            if title.holder is None or not title.completed + start:
                continue
            terms = tuple(term for term in (ScoreTerm(f"{token}_final", title.completed),
                                            ScoreTerm(f"{token}_start", start)) if term.count)
            game.award((title.holder,), title.completed + start, token, "final", events,
                       terms=terms)
