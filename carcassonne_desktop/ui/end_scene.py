"""The end of the game: the winner(s), a table of points per player and per
category, and a stacked bar chart of the same figures.

Drawn over the final board (the scene is not opaque). "See the board" closes
it (the game screen's "Scores" button reopens it); "New game" starts again
with the same players, a new shuffle; "Main menu" leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.features import FEATURE_KINDS
from carcassonne_desktop.ui.art.meeples import MeepleCache, player_rgb
from carcassonne_desktop.ui.game_log import feature_name
from carcassonne_desktop.ui.game_texts import winner_text
from carcassonne_desktop.ui.hud import fit_text
from carcassonne_desktop.ui.resources import colour, font
from carcassonne_desktop.ui.scene import Scene

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.ui.game_scene import GameScene

def category_colour(category: str) -> pygame.Color:
    """A category's bar colour: the palette's (the terrain's colour on the
    tiles for features), the accent colour for a category it does not know."""
    try:
        return colour("score_category", category)
    except KeyError:
        return colour("ui", "accent")


def categories(game: Game) -> list[str]:
    """Columns of the table: the feature kinds some figure of this game can
    score, in the final scoring's order, then any other category scored."""
    seen = {k for b in game.breakdown for k, v in b.items() if v}
    scorable = {kind for figure in game.rules.figures for kind in figure.kinds}
    kinds = sorted(FEATURE_KINDS.values(), key=lambda kind: kind.order)
    cats = [k.name for k in kinds if k.name in scorable or k.name in seen]
    cats += sorted(seen - set(cats))
    return cats


def standings(game: Game) -> list[int]:
    """Seats from first to last (ties keep seat order)."""
    return sorted(range(game.num_players), key=lambda p: (-game.scores[p], p))


def category_label(kind: str) -> str:
    text = i18n.tr(f"score.{kind}")
    return text if not text.endswith(f"score.{kind}") else feature_name(kind).capitalize()


class EndScene(Scene):
    opaque = False

    def __init__(self, app: Any, game_scene: GameScene) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        self.meeples = MeepleCache(32)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.age = 0.0

    @property
    def game(self) -> Game:
        return self.game_scene.game

    def panel(self) -> pygame.Rect:
        w, h = self.app.screen_size
        rect = pygame.Rect(0, 0, min(1100, w - 60), min(760, h - 40))
        rect.center = (w // 2, h // 2)
        return rect

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        panel = self.panel()
        self.buttons = {}
        specs = [("board", "end.show_board", None), ("again", "end.new_game", "#primary_button"),
                 ("menu", "end.main_menu", None)]
        widths = [max(200, font(22, bold=True).size(i18n.tr(k))[0] + 48) for _, k, _ in specs]
        x = panel.centerx - (sum(widths) + 16 * (len(specs) - 1)) // 2
        for (name, key, oid), width in zip(specs, widths):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(x, panel.bottom - 76, width, 54), i18n.key(key), self.manager, container=root,
                object_id=oid)
            x += width + 16

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self._activate(name)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._activate("board")
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._activate("again")
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def _activate(self, name: str) -> None:
        app = self.app
        if name == "board":
            app.stack.pop()
        elif name == "menu":
            while len(app.stack) > 1:
                app.stack.pop()
        elif name == "again":
            from carcassonne_desktop.ui.game_scene import GameScene

            setup = self.game.setup.to_json()
            for key in ("seed", "tile_order", "start_tile", "start_rot"):
                setup.pop(key, None)
            app.stack.pop()
            app.stack.replace(GameScene.from_setup(app, setup, store=self.game_scene.session.store))

    def update(self, dt: float) -> None:
        self.age += dt

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        v = colour("ui", "menu_veil")
        veil.fill((v.r, v.g, v.b, 150))
        surface.blit(veil, (0, 0))
        panel = self.panel()
        pygame.draw.rect(surface, colour("ui", "panel"), panel, border_radius=18)
        pygame.draw.rect(surface, colour("ui", "accent"), panel, 3, border_radius=18)
        game = self.game
        y = panel.top + 18
        title = font(34, bold=True).render(i18n.tr("end.title"), True, colour("ui", "title"))
        surface.blit(title, (panel.centerx - title.get_width() // 2, y))
        y += title.get_height() + 4
        winner = font(22, bold=True).render(winner_text(self.game_scene.game), True, colour("ui", "accent"))
        surface.blit(winner, (panel.centerx - winner.get_width() // 2, y))
        y += winner.get_height() + 18
        bottom = panel.bottom - 96
        table_h = 44 + 40 * game.num_players
        table = pygame.Rect(panel.left + 28, y, panel.width - 56, table_h)
        self._draw_table(surface, table)
        chart = pygame.Rect(panel.left + 28, table.bottom + 22, panel.width - 56, bottom - table.bottom - 22)
        if chart.height > 60:
            self._draw_chart(surface, chart)

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        game = self.game
        cats = categories(game)
        name_w = int(rect.width * 0.3)
        col_w = (rect.width - name_w) // (len(cats) + 1)
        head = font(17, bold=True)
        dim = colour("ui", "text_dim")
        headers = [i18n.tr("score.player")] + [category_label(c) for c in cats] + [i18n.tr("score.total")]
        for i, text in enumerate(headers):
            x = rect.left if i == 0 else rect.left + name_w + (i - 1) * col_w
            width = name_w if i == 0 else col_w
            label = head.render(fit_text(text, 17, True, width - 6), True, dim)
            surface.blit(label, (x if i == 0 else x + width - label.get_width() - 8, rect.top + 8))
        pygame.draw.line(surface, colour("ui", "accent"), (rect.left, rect.top + 38), (rect.right, rect.top + 38), 2)
        winners = set(game.winners())
        y = rect.top + 44
        for rank, seat in enumerate(standings(game)):
            player = game.setup.players[seat]
            row = pygame.Rect(rect.left, y, rect.width, 38)
            if seat in winners:
                pygame.draw.rect(surface, colour("ui", "menu_veil"), row, border_radius=8)
            icon = self.meeples.get("follower", player.color, 30)
            surface.blit(icon, (row.left + 6, row.top + 4))
            text = f"{rank + 1}. {player.name}"
            label = font(19, bold=seat in winners).render(fit_text(text, 19, seat in winners, name_w - 50), True,
                                                          colour("ui", "text"))
            surface.blit(label, (row.left + 44, row.top + 8))
            values = [game.breakdown[seat].get(c, 0) for c in cats] + [game.scores[seat]]
            for i, value in enumerate(values):
                bold = i == len(values) - 1
                cell = font(21 if bold else 19, bold=bold).render(str(value), True,
                                                                   colour("ui", "title") if bold else colour("ui", "text"))
                x = rect.left + name_w + i * col_w + col_w - cell.get_width() - 8
                surface.blit(cell, (x, row.top + 6))
            y += 40

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Stacked horizontal bars: one per player, one colour per category, growing in."""
        game = self.game
        cats = categories(game)
        order = standings(game)
        title = font(17, bold=True).render(i18n.tr("end.chart"), True, colour("ui", "text_dim"))
        surface.blit(title, (rect.left, rect.top))
        legend_x = rect.left + title.get_width() + 24
        for c in cats:
            swatch = pygame.Rect(legend_x, rect.top + 3, 16, 16)
            pygame.draw.rect(surface, category_colour(c), swatch, border_radius=3)
            label = font(15).render(category_label(c), True, colour("ui", "text"))
            surface.blit(label, (swatch.right + 6, rect.top + 2))
            legend_x = swatch.right + label.get_width() + 20
        top = rect.top + 30
        bar_h = max(10, min(30, (rect.bottom - top) // max(1, len(order)) - 8))
        best = max(1, max(game.scores))
        name_w = 150
        width = rect.width - name_w - 60
        grow = min(1.0, self.age / 0.9)
        for i, seat in enumerate(order):
            y = top + i * (bar_h + 8)
            player = game.setup.players[seat]
            label = font(16).render(fit_text(player.name, 16, False, name_w - 10), True, colour("ui", "text"))
            surface.blit(label, (rect.left, y + (bar_h - label.get_height()) // 2))
            x = rect.left + name_w
            for c in cats:
                value = game.breakdown[seat].get(c, 0)
                w = int(width * value / best * grow)
                if w > 0:
                    pygame.draw.rect(surface, category_colour(c),
                                     pygame.Rect(x, y, w, bar_h))
                    x += w
            pygame.draw.rect(surface, player_rgb(player.color), pygame.Rect(rect.left + name_w - 6, y, 4, bar_h))
            total = font(16, bold=True).render(str(game.scores[seat]), True, colour("ui", "title"))
            surface.blit(total, (x + 8, y + (bar_h - total.get_height()) // 2))
