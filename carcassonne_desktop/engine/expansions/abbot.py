"""The Abbot (seed 001 p.9-10): one abbot per player, on a cloister or a
garden only; instead of deploying, the abbot may be taken back, scoring its
cloister or garden as at the end of the game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne_desktop.engine.actions import Action, _int, _str, register_action
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import (
    NEIGHBOURHOOD,
    FeatureKind,
    neighbourhood_points,
    register_kind,
)
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.layout_props import register_prop_placement

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ABBOT = "abbot"

register_kind(FeatureKind("garden", NEIGHBOURHOOD, neighbourhood_points, order=31))
# in the field like a cloister, a little smaller (0.19); the abbot stands on it
register_prop_placement("garden", "centre", radius=0.15)


@register_action
@dataclass(frozen=True, slots=True)
class Recall(Action):
    """Take a figure back from the board instead of deploying (the abbot)."""

    figure: str
    x: int
    y: int
    type: ClassVar[str] = "recall"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "figure": self.figure, "x": self.x, "y": self.y}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Recall:
        return cls(_str(data, "figure"), _int(data, "x"), _int(data, "y"))



@register
class Abbot(Expansion):
    id = "abbot"
    order = 20
    title = {"fr": "L’Abbé", "en": "The Abbot"}
    description = {
        "fr": "Un abbé par joueur, sur une abbaye ou un jardin. Au lieu de poser un pion, "
        "on peut reprendre l’abbé et marquer son abbaye ou son jardin comme en fin de partie.",
        "en": "One abbot each, on a cloister or a garden. Instead of deploying, you may take "
        "the abbot back and score its cloister or garden as at the end of the game.",
    }

    rules = {
        "fr": """Chaque joueur reçoit un abbé de sa couleur. Certaines tuiles montrent un jardin.

- Au lieu de poser un partisan, vous pouvez poser votre abbé sur la tuile que vous venez de placer, mais seulement sur une abbaye ou un jardin. Les partisans ne vont jamais sur un jardin.
- Un jardin se compte comme une abbaye : entouré de huit tuiles, il rapporte 9 points à l’abbé qui l’occupe, qui revient alors dans la réserve.
- Si vous ne posez aucun pion pendant votre tour, vous pouvez reprendre votre abbé : son abbaye ou son jardin est aussitôt compté comme en fin de partie (1 point plus 1 par tuile voisine).
- À la fin de la partie, l’abbé est compté comme un moine.""",
        "en": """Each player gets an abbot in their colour. Some tiles show a garden.

- Instead of a follower, you may deploy your abbot on the tile you just placed, but only on a cloister or a garden. Followers never go on a garden.
- A garden counts like a cloister: surrounded by eight tiles it scores 9 points for the abbot on it, who then returns to its owner.
- If you deploy nothing during your turn, you may take your abbot back: its cloister or garden is scored at once as at the end of the game (1 point plus 1 per neighbouring tile).
- At the end of the game the abbot scores like a monk.""",
    }

    def figures(self) -> Iterable[FigureType]:
        return (FigureType(ABBOT, 1, frozenset({"cloister", "garden"})),)

    def extra_actions(self, game: Game) -> Iterable[Action]:
        player = game.current
        if game.supply[player].get(ABBOT, 0) > 0:
            return ()  # the one abbot is at home: no walk over every figure placed
        return [Recall(ABBOT, *game.node_pos[node]) for owner, figure, node in game.figures_placed
                if owner == player and figure == ABBOT]

    def apply_action(self, game: Game, action: Action) -> list[Event] | None:
        if not isinstance(action, Recall) or action.figure != ABBOT:
            return None
        for owner, figure, node in game.figures_placed:
            if owner == game.current and figure == ABBOT and game.node_pos[node] == (
                action.x, action.y
            ):
                events: list[Event] = []
                # Scored "as at the end of the game": 1 + 1 per neighbouring tile.
                game.score_feature(game.find(node), False, "recall", events)
                return events
        return None
