"""Drawing the game screen: the board with the human's tentative turn, the
computer's move gliding in, the instruction pill and the side panel.

`draw` never changes the game: it reads the scene's state and the game.
"""

from __future__ import annotations

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Action, Deploy, Game, PlaceTile
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.engine.decisions import PLACE_TILE, Decision
from carcassonne_desktop.engine.figure_geometry import feature_for
from carcassonne_desktop.ui.art.meeples import player_rgb
from carcassonne_desktop.ui.board_view import FigureSprite
from carcassonne_desktop.ui.computer_turns import (
    ANIMATING,
    THINKING,
)
from carcassonne_desktop.ui.expansions import (
    board_choices,
    figure_style,
    player_note_words,
    player_notes,
    token_kinds,
)
from carcassonne_desktop.ui.game_constants import PLAYER_WORDS_WIDTH
from carcassonne_desktop.ui.game_log import figure_name, lies_down, wrap
from carcassonne_desktop.ui.game_texts import Status, feature_lines, status
from carcassonne_desktop.ui.hud import (
    draw_caption,
    draw_figure_chip,
    draw_panel,
    draw_status,
    draw_tile_card,
    draw_tooltip,
    status_rect,
    text,
)
from carcassonne_desktop.ui.inventory import inventory, inventory_words
from carcassonne_desktop.ui.placement_controller import (
    DECIDE,
    FIGURE,
    PLACE,
    READY,
    PlacementController,
)
from carcassonne_desktop.ui.players_view import PlayerRow
from carcassonne_desktop.ui.resources import colour, font
from carcassonne_desktop.ui.spot_markers import MARKER_RADIUS, draw_markers, marker_at

#: The smallest tile card worth drawing above the answer buttons.
CARD_SMALLEST = 48


class GameDrawing:
    """The drawing half of `GameScene` (a mixin: it only reads the scene's state)."""

    def hand_rects(self) -> list[pygame.Rect]:
        c = self.controller
        card = self._panel_layout()["card"]
        hand = c.hand if c is not None and c.state == PLACE else []
        if len(hand) <= 1:
            return []
        size = min(card.height, (card.width - 12 * (len(hand) - 1)) // len(hand))
        total = size * len(hand) + 12 * (len(hand) - 1)
        x = card.centerx - total // 2
        return [pygame.Rect(x + i * (size + 12), card.y + (card.height - size) // 2, size, size)
                for i in range(len(hand))]

    def figure_chip_rects(self, c: PlacementController) -> list[tuple[str, pygame.Rect]]:
        """The chips choosing which figure a click puts down: in the figure
        step, or in a decision that moves one of several figures (the mage
        or the witch)."""
        if c.state not in (FIGURE, DECIDE):
            return []
        kinds = c.figure_kinds()
        if len(kinds) <= 1:
            return []
        row = self._panel_layout()["row_b"]
        w = (row.width - 8 * (len(kinds) - 1)) // len(kinds)
        return [(kind, pygame.Rect(row.x + i * (w + 8), row.y - 4, w, row.height + 8))
                for i, kind in enumerate(kinds)]

    def draw(self, surface: pygame.Surface) -> None:
        game = self.game
        shown = self.display_game()
        c = self.shown_controller()
        board = self.camera.viewport
        self.layer.draw(surface, self.camera, shown)
        if game.last_placed is not None and (c is None or c.state == PLACE):
            self.layer.draw_tile_frame(surface, self.camera, game.last_placed, colour("ui", "accent"), 3)
        found = self.spot_markers()
        pointed = marker_at(found, self.mouse)  # its words alone, over the board's
        explain = self._explaining() and pointed is None
        if explain and self.hover_feature is not None:
            g, info = self.hover_feature
            self.layer.draw_feature(surface, self.camera, g, info)
        if c is not None:
            self._draw_human_overlays(surface, c, shown)
        if found:
            player = self.colours[self.game.deciding_player]
            draw_markers(surface, found, player_rgb(player),
                         lambda figure, size: self.meeples.get(figure, player, size), pointed, self.pulse)
        self._draw_computer_animation(surface)
        if self.final_current is not None:
            for x, y in self.final_current.tiles:
                self.layer.draw_tile_frame(surface, self.camera, (x, y), colour("board", "highlight"))
        self.effects.draw(surface, self.camera)
        decision, answers = self.off_board_question(c)
        self.off_board.draw(surface, shown, self.mouse, decision, answers, self.chosen_answer(c))
        self._draw_status(surface, c)
        if explain and self.hover_feature is not None:
            # under the instruction pill, never over it
            pill = self.pill_rect()
            below = pygame.Rect(board.x, pill.bottom + 4, board.width, max(0, board.bottom - pill.bottom - 4))
            draw_tooltip(surface, feature_lines(self.game, self.hover_feature[1]), self.mouse, below,
                         self._spots_area(c))
        self._draw_panel(surface, c)
        self._draw_player_words(surface)
        if pointed is not None:
            # inside the free area: the bottom row's buttons are drawn over the board
            draw_tooltip(surface, [i18n.tr("hud.spots_elsewhere")], self.mouse, self.free_rect(),
                         pygame.Rect(pointed.centre[0] - MARKER_RADIUS, pointed.centre[1] - MARKER_RADIUS,
                                     2 * MARKER_RADIUS, 2 * MARKER_RADIUS))
        elif not explain:
            # above the track, not under the buttons below it
            draw_tooltip(surface, self.off_board.words_at(self.mouse, shown), self.mouse, board,
                         self.off_board.rect_at(self.mouse))
        self.banner.draw(surface, board)

    @staticmethod
    def off_board_question(c: PlacementController | None) -> tuple[Decision | None, list[Action]]:
        """The human's question a click off the board may answer (a square
        of the score track), with its answers."""
        if c is None or c.state != DECIDE:
            return None, []
        return c.decision, c.choices()

    def _spots_area(self, c: PlacementController | None) -> pygame.Rect | None:
        """The tile whose figure spots are offered (a tooltip must not hide them)."""
        if c is None or c.state != FIGURE or c.place_action is None:
            return None
        return self.camera.tile_rect(c.place_action.x, c.place_action.y)

    def _draw_human_overlays(self, surface: pygame.Surface, c: PlacementController, shown: Game) -> None:
        player = self.colours[self.game.deciding_player]
        if c.state == PLACE:
            self.layer.draw_legal_cells(surface, self.camera, c.legal_cells().keys(), self.pulse)
            tile_id = c.selected_tile
            if self.hint.cell is not None:
                advised = self.advised_ghost(c)
                if advised is not None:
                    # the advised tile stays on its square while the mouse shows
                    # another: the pill still says it is there (it vanished)
                    self.layer.draw_ghost(surface, self.camera, self.game.rules.catalogue[advised.tile or tile_id].raw,
                                          advised.rot, (advised.x, advised.y), True)
                self.layer.draw_tile_frame(surface, self.camera, self.hint.cell, colour("ui", "accent"), 4)
            if c.hover is not None and tile_id is not None:
                self.layer.draw_ghost(surface, self.camera, self.game.rules.catalogue[tile_id].raw, c.rotation,
                                      c.hover, c.ghost_fits)
        elif c.place_action is not None:
            cell = (c.place_action.x, c.place_action.y)
            self.layer.draw_tile_frame(surface, self.camera, cell, player_rgb(player))
        if c.state == DECIDE:
            for cell in board_choices(c.tentative, c.decision):
                self.layer.draw_tile_frame(surface, self.camera, cell, colour("ui", "accent"), 3)
            for spot in c.picked:  # the features clicked towards the answer
                info = self.layer.feature_at(c.board_game, *spot)
                if info is not None:
                    self.layer.draw_feature(surface, self.camera, c.board_game, info)
        if c.state in (FIGURE, DECIDE):
            self.layer.sync(shown)
            spots = c.spots()
            kinds = {s: None if s.area else c.board_game.feature_kind_for(c.spot_figure(s), s.x, s.y, s.port)
                     for s in spots}
            self.layer.draw_spots(surface, self.camera, spots, self.hover_spot, player_rgb(player), self.pulse,
                                  kinds)
        if c.state == READY and isinstance(c.figure_action, DeployToArea):
            a = c.figure_action
            point = self.layer.area_point(a.area, a.slot)
            if point is not None:
                image = self.meeples.get(a.figure, player, self.renderer.figure_size(self.camera.scale))
                sx, sy = self.camera.world_to_screen(*point)
                clip = surface.get_clip()
                surface.set_clip(self.camera.viewport)
                surface.blit(image, image.get_rect(center=(round(sx), round(sy))))
                surface.set_clip(clip)
        if c.state == READY and isinstance(c.figure_action, Deploy):
            a = c.figure_action
            lying = lies_down(shown, a.figure, shown.feature_kind_for(a.figure, a.x, a.y, a.port))
            self._draw_sprite(surface, FigureSprite(a.x, a.y, player, a.figure, port=a.port,
                                                    lying=lying, feature_index=_feature(shown, a)))

    def _draw_sprite(self, surface: pygame.Surface, sprite: FigureSprite, lift: float = 0.0) -> None:
        pos = self.renderer.figure_position(self.camera, self.layer.tiles, sprite)
        if pos is None:
            return
        image = self.meeples.get(sprite.kind, sprite.colour, self.renderer.figure_size(self.camera.scale),
                                 sprite.lying)
        rect = image.get_rect(center=(round(pos[0]), round(pos[1] - lift)))
        clip = surface.get_clip()
        surface.set_clip(self.camera.viewport)
        surface.blit(image, rect)
        surface.set_clip(clip)

    def _draw_computer_animation(self, surface: pygame.Surface) -> None:
        if self.driver.state != ANIMATING or self.game.is_over:
            return
        action = self.driver.action
        t = self.driver.progress
        ease = 1 - (1 - t) ** 3
        seat = self.game.deciding_player
        if isinstance(action, PlaceTile) and action.tile is not None:
            target = self.camera.tile_rect(action.x, action.y)
            start = self._panel_layout()["card"]
            x = start.centerx + (target.centerx - start.centerx) * ease
            y = start.centery + (target.centery - start.centery) * ease
            size = max(8, int(min(start.height, 120) + (target.width - min(start.height, 120)) * ease))
            art = self.renderer.tile_surface(self.game.rules.catalogue[action.tile].raw, action.rot, size)
            art = art.copy()
            art.set_alpha(150 + int(105 * ease))
            surface.blit(art, art.get_rect(center=(round(x), round(y))))
            pygame.draw.rect(surface, player_rgb(self.colours[seat]), art.get_rect(center=(round(x), round(y))), 3)
        elif isinstance(action, Deploy):
            self.layer.sync(self.game)
            lift = (1 - ease) * self.camera.scale * 0.8
            lying = lies_down(self.game, action.figure,
                              self.game.feature_kind_for(action.figure, action.x, action.y, action.port))
            self._draw_sprite(surface, FigureSprite(action.x, action.y, self.colours[seat], action.figure,
                                                    port=action.port, lying=lying,
                                                    feature_index=_feature(self.game, action)), lift)

    def shown_controller(self) -> PlacementController | None:
        """The human turn on screen, if any (what the pill and the board show)."""
        game = self.game
        return self.controller if self.controller is not None and self._controller_key == (
            id(game), len(game.history)) and not game.is_over else None

    def _status_now(self, c: PlacementController | None) -> Status:
        # advice speaks only while it is sought or is about the step on screen
        advised = c is not None and (self.hint.thinking or self.hint.follows(c))
        return status(self.game, c, final_running=self.final_running,
                      thinking=self.driver.state == THINKING, advice=self.hint.message if advised else None,
                      enter=self.enter_effect(c) if c is not None else None)

    def pill_rect(self) -> pygame.Rect:
        """Where the instruction pill is now (its height grows with a wrapped hint)."""
        said = self._status_now(self.shown_controller())
        return status_rect(self.camera.viewport, said.title, said.hint, said.colour, self.status_top(),
                           said.enter)

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """A button's tooltip stays off the instruction pill (the toolbar's
        opened over it and hid what to do) and off the panel's buttons in
        sight: an answer's opened under it, over Pass, the next click."""
        return [self.pill_rect(), *(widget.rect for name, widget in self.buttons.items()
                                    if widget.visible and (name in PANEL_BUTTONS or name.startswith("choice:")))]

    def advised_ghost(self, c: PlacementController) -> PlaceTile | None:
        """The advised tile placement to draw on its square, while the pill
        says it is shown and the tile under the mouse is elsewhere."""
        first = self.hint.actions[0] if self.hint.actions else None
        if c.state != PLACE or not isinstance(first, PlaceTile) or not self.hint.follows(c):
            return None
        if c.hover == (first.x, first.y) or c.selected_tile is None:
            return None
        return first

    def _draw_status(self, surface: pygame.Surface, c: PlacementController | None) -> None:
        said = self._status_now(c)
        draw_status(surface, self.camera.viewport, said.title, said.hint, said.colour, self.mouse,
                    self.status_top(), said.enter)

    def _draw_panel(self, surface: pygame.Surface, c: PlacementController | None) -> None:
        game = self.game
        layout = self._panel_layout()
        draw_panel(surface, layout["panel"])
        rows = self.player_rows(c)
        current = None if game.is_over else game.turn_player
        self.players_view.draw(surface, layout["players"], rows, current,
                               self.driver.state == THINKING, self.pulse, self.notes_line(),
                               self.players_fit()[1])
        self._draw_tiles_left_line(surface, layout["tiles_left"])
        self._draw_card(surface, c, layout["card"])
        if c is not None:
            for kind, rect in self.figure_chip_rects(c):
                self._draw_chip(surface, kind, rect, kind == c.figure_kind, game.supply[game.deciding_player].get(kind, 0))
        title = layout["log_title"]
        if not title.height:
            return  # a window too short for the log: the buttons took its room
        draw_caption(surface, i18n.tr("hud.log"), title.topleft, 16, dim=False)
        hint = text(i18n.tr("log.click_hint"), 12, False, "ui", "text_dim")
        if font(16, bold=True).size(i18n.tr("hud.log"))[0] + hint.get_width() + 12 <= title.width:
            surface.blit(hint, (title.right - hint.get_width(), title.y + 3))
        self.log.draw(surface, layout["log"])

    def player_rows(self, c: PlacementController | None) -> list[PlayerRow]:
        """The players panel's rows. Where the figures are (left in supply, the
        expansions' notes on figures) is the tried-out turn's,
        like the board beside them: a follower just put down leaves the count
        at once, not only when the turn is confirmed (a player counting what
        they had left saw one too many). Points and tokens come on confirm."""
        game = self.game
        board = c.board_game if c is not None else game
        scores = self.shown_scores if self.shown_scores is not None else game.scores
        own_line = bool(token_kinds(game))  # the panel's layout keeps a line for them
        return [PlayerRow(p.name, p.color, scores[i], board.supply[i], self.turns.is_computer(i),
                          game.tokens[i], player_notes(board, i), inventory(game, i) if own_line else ())
                for i, p in enumerate(game.setup.players)]

    def player_words_at(self, pos: tuple[int, int]) -> list[str]:
        """The tooltip over a player's row: their name, then what each note
        beside it means ("♚ 5" is the king, for a city of 5 tiles)."""
        rows = self._panel_layout()["players"]
        if not rows.collidepoint(pos):
            return []
        game = self.game
        for area, seat, kind in self.players_view.figure_spots:
            if area.inflate(4, 6).collidepoint(pos) and seat < game.num_players:
                # an icon and its count: which figure, and how many are left
                left = self.player_rows(self.shown_controller())[seat].figures.get(kind, 0)
                return [game.setup.players[seat].name,
                        i18n.tr("hud.figure_left", figure=figure_name(kind).capitalize(), count=left)]
        seats = [seat for area, seat in self.players_view.row_rects if area.collidepoint(pos)]
        if not seats:
            return []  # between rows
        player = min(game.num_players - 1, seats[0])
        words = [*player_note_words(game, player), *inventory_words(game, player)]
        if not words:
            return []
        room = PLAYER_WORDS_WIDTH
        lines = [line for said in words for line in wrap(said, font(16), room)]
        return [game.setup.players[player].name, *lines]

    def _draw_player_words(self, surface: pygame.Surface) -> None:
        lines = self.player_words_at(self.mouse)
        if lines:
            draw_tooltip(surface, lines, self.mouse, surface.get_rect())

    def _draw_tiles_left_line(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """"Tiles left: 54", and that a click shows which (it opens the list)."""
        caption = text(i18n.tr("hud.tiles_left", count=self.game.tiles_left()), 16, False, "ui", "text_dim")
        surface.blit(caption, rect.topleft)
        link = text(i18n.tr("tiles.open_hint"), 14, True, "ui", "accent")
        x = rect.x + caption.get_width() + 10
        surface.blit(link, (x, rect.y + 2))
        pygame.draw.line(surface, colour("ui", "accent"), (x, rect.y + link.get_height() + 2),
                         (x + link.get_width(), rect.y + link.get_height() + 2))

    def _draw_card(self, surface: pygame.Surface, c: PlacementController | None, rect: pygame.Rect) -> None:
        game = self.game
        catalogue = game.rules.catalogue
        if c is not None and c.state == PLACE and len(c.hand) > 1:
            for index, (tile_id, r) in enumerate(zip(c.hand, self.hand_rects())):
                chosen = index == min(c.selected_index, len(c.hand) - 1)
                draw_tile_card(surface, self.renderer, catalogue[tile_id].raw, c.rotation if chosen else 0, r, chosen)
            return
        if c is not None:
            tile_id, rot = c.selected_tile, c.rotation
            if c.place_action is not None:
                rot = c.place_action.rot
        elif (self.driver.state != ANIMATING and len(game.hand) == 1 and not game.is_over
              and game.pending_kind == PLACE_TILE):
            tile_id, rot = game.hand[0], 0  # a drawn tile is public, as on the table
        else:
            tile_id = None
        if tile_id is None:
            return
        rect = self.card_room(rect)
        if rect.height < CARD_SMALLEST:
            return  # answers fill the card's room: their question is about the tile on the board
        card = pygame.Rect(0, 0, rect.height, rect.height)
        card.center = rect.center
        draw_tile_card(surface, self.renderer, catalogue[tile_id].raw, rot, card)
        if c is not None and c.state != PLACE:
            veil = pygame.Surface(card.size, pygame.SRCALPHA)
            v = colour("ui", "panel")
            veil.fill((v.r, v.g, v.b, 150))
            surface.blit(veil, card)

    def card_room(self, rect: pygame.Rect) -> pygame.Rect:
        """The card's room above the answer buttons that rose over it (the
        question's buttons hid the tile preview)."""
        top = self.choices_top
        visible = [w for n, w in self.buttons.items() if n.startswith("choice:") and w.visible]
        if top is None or not visible or top >= rect.bottom:
            return rect
        return pygame.Rect(rect.x, rect.y, rect.width, max(0, top - 6 - rect.y))

    def _draw_chip(self, surface: pygame.Surface, kind: str, rect: pygame.Rect, selected: bool, left: int) -> None:
        """A neutral figure wears its own colour and has no count in anyone's supply."""
        style = figure_style(kind)
        neutral = style is not None and style.colour is not None
        tint = style.colour if neutral else self.colours[self.game.deciding_player]  # type: ignore[union-attr]
        icon = self.meeples.get(kind, tint, rect.height - 18)
        draw_figure_chip(surface, rect, icon, figure_name(kind), selected, None if neutral else left)


#: The panel's buttons a tooltip never covers (with the answers, "choice:<n>").
PANEL_BUTTONS = frozenset({"rotate_left", "rotate_right", "take_back", "pass", "confirm", "scores"})


def _feature(game: Game, action: Deploy) -> int | None:
    """The feature a deployed figure stands on, as the engine reads the port
    (by port alone, a farmer walled in by cities was drawn on the garden or
    not at all)."""
    index = feature_for(game, action.figure, action.x, action.y, action.port)
    return index if index >= 0 else None
