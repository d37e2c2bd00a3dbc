"""The hand-over banner between two people's turns in a hot-seat game.

When the next turn belongs to another person at the same computer, the board
is veiled and a large "It is Marie's turn (red)" waits for a click or a key:
the mouse changes hands and nobody places a tile by accident.
"""

from __future__ import annotations

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.art.meeples import MeepleCache, player_rgb
from carcassonne_desktop.ui.hud import veil
from carcassonne_desktop.ui.resources import colour, font


class TurnBanner:
    """A modal banner: shown with :meth:`show`, dismissed by :meth:`dismiss`."""

    def __init__(self, meeples: MeepleCache | None = None) -> None:
        self.meeples = meeples or MeepleCache(16)
        self.name: str | None = None
        self.colour_id = "red"
        self.age = 0.0
        self.question = False

    @property
    def visible(self) -> bool:
        return self.name is not None

    def show(self, name: str, colour_id: str, question: bool = False) -> None:
        """Hand the screen to a player: for their turn, or (``question``) for
        an answer asked in the middle of another player's turn (it read "It
        is Rouge's turn" while the turn was Bleu's)."""
        self.name, self.colour_id, self.age = name, colour_id, 0.0
        self.question = question

    def dismiss(self) -> None:
        self.name = None

    def update(self, dt: float) -> None:
        if self.visible:
            self.age += dt

    def wants(self, event: pygame.event.Event) -> bool:
        """Whether an event dismisses the banner (it is then consumed)."""
        if not self.visible:
            return False
        if self.age < 0.25:  # a click meant for the previous turn must not dismiss it
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        if event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key != pygame.K_F11):
            self.dismiss()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if self.name is None:
            return
        shade = veil(area.size, 170)
        shade.set_alpha(min(255, int(self.age * 1400)))  # fades in over a fraction of a second
        surface.blit(shade, area)
        key = "hud.question_for" if self.question else "hud.turn"
        words = i18n.tr(key, name=self.name, color=i18n.tr(f"colour.{self.colour_id}"))
        size = 40
        # a long line ("Joueur 1 (rouge), une question pour vous") ran past
        # both sides of the board: the title shrinks to fit the card inside it
        while size > 20 and font(size, bold=True).size(words)[0] + 80 > area.width:
            size -= 2
        title = font(size, bold=True).render(words, True, colour("ui", "title"))
        hint = font(18).render(i18n.tr("hud.banner_hint"), True, colour("ui", "text_dim"))
        meeple = self.meeples.get("follower", self.colour_id, 86)
        w = max(title.get_width(), hint.get_width()) + 80
        h = meeple.get_height() + title.get_height() + hint.get_height() + 70
        box = pygame.Rect(0, 0, w, h)
        box.center = area.center
        pygame.draw.rect(surface, colour("ui", "panel"), box, border_radius=18)
        pygame.draw.rect(surface, player_rgb(self.colour_id), box, 6, border_radius=18)
        y = box.top + 20
        surface.blit(meeple, (box.centerx - meeple.get_width() // 2, y))
        y += meeple.get_height() + 12
        surface.blit(title, (box.centerx - title.get_width() // 2, y))
        y += title.get_height() + 14
        surface.blit(hint, (box.centerx - hint.get_width() // 2, y))
