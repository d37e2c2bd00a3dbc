"""What the expansions add on the board: overlays, flashed words, cells and
features that answer a decision, painters under the figures, and where the
areas off the tiles lie."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from carcassonne_desktop.ui.expansions.registering import discover, register_once

#: (surface, camera, game, layer) -> None: drawn over the board and its
#: figures wherever a game's board is drawn (figures kept off the tiles).
BoardOverlay = Callable[[Any, Any, Any, Any], None]


_OVERLAYS: dict[str, list[BoardOverlay]] = {}


def register_board_overlay(expansion_id: str, overlay: BoardOverlay) -> None:
    """Something to draw over the board, only in games with that expansion."""
    overlays = _OVERLAYS.setdefault(expansion_id, [])
    if overlay not in overlays:
        overlays.append(overlay)


def board_overlays(game: Any) -> tuple[BoardOverlay, ...]:
    discover()
    return tuple(o for eid in game.rules.expansion_ids for o in _OVERLAYS.get(eid, ()))


#: (events, index, game) -> (words, cell) or None: a word flashed over the
#: board where an event of the batch happened (the wolf was only in the log).
BoardFlash = Callable[[Any, int, Any], "tuple[str, tuple[int, int]] | None"]


_FLASHES: dict[str, list[BoardFlash]] = {}


def register_board_flash(kind: str, flash: BoardFlash) -> None:
    """A word shown on the board, where it happened, for events of ``kind``."""
    flashes = _FLASHES.setdefault(kind, [])
    if flash not in flashes:
        flashes.append(flash)


def board_flashes(events: Any, game: Any) -> list[tuple[str, tuple[int, int]]]:
    """The words to flash over the board for a batch of events."""
    discover()
    out = []
    for index, event in enumerate(events):
        for flash in _FLASHES.get(getattr(event, "kind", ""), ()):
            said = flash(events, index, game)
            if said is not None:
                out.append(said)
    return out


#: (game, decision) -> {cell: action}: board cells that answer a decision when
#: clicked (a quarter of a city off the tiles); the scene frames them.
BoardChoices = Callable[[Any, Any], "Mapping[tuple[int, int], Any]"]


_BOARD_CHOICES: dict[str, BoardChoices] = {}


def register_board_choices(kind: str, choices: BoardChoices) -> None:
    """Let a decision kind be answered by clicking board cells."""
    register_once(_BOARD_CHOICES, kind, choices, "board choices for")


def board_choices(game: Any, decision: Any) -> Mapping[tuple[int, int], Any]:
    """The cells that answer `decision` (empty for most kinds)."""
    discover()
    choices = _BOARD_CHOICES.get(decision.kind) if decision is not None else None
    return choices(game, decision) if choices is not None else {}


#: (game, decision, x, y, port) -> the answer a click on that feature gives,
#: or None: for decisions whose answers are features rather than cells (a
#: follower going onto one field among several on a tile).
FeatureChoice = Callable[[Any, Any, int, int, str], Any]


_FEATURE_CHOICES: dict[str, FeatureChoice] = {}


def register_feature_choice(kind: str, choice: FeatureChoice) -> None:
    """Let a decision kind be answered by clicking a feature of the board."""
    register_once(_FEATURE_CHOICES, kind, choice, "a feature choice for")


def answered_on_features(kind: str) -> bool:
    """Whether a decision kind's answers are given by clicking features."""
    discover()
    return kind in _FEATURE_CHOICES


def feature_choice(game: Any, decision: Any, spot: tuple[int, int, str] | None) -> Any:
    """The answer a click on the feature `spot` (x, y, port) gives, if any."""
    discover()
    choice = _FEATURE_CHOICES.get(decision.kind) if decision is not None else None
    if choice is None or spot is None:
        return None
    return choice(game, decision, *spot)


_SPOT_ANSWERS: set[str] = set()


def register_spot_answers(kind: str) -> None:
    """Let the answers of a decision kind that move a figure onto a feature
    of the board (a ``move`` whose target is x, y, port) be spots there,
    clicked like a deploy; when they name several figures, the figure chips
    under the card choose which one moves (the mage or the witch)."""
    _SPOT_ANSWERS.add(kind)


def answers_on_spots(kind: str) -> bool:
    """Whether a decision kind's moves are answered on the board's spots."""
    discover()
    return kind in _SPOT_ANSWERS


#: (game, decision, picked, x, y, port) -> what a click on the feature at
#: (x, y, port) does when `picked` were clicked before it: the answer, once
#: the clicks say it all; the features picked so far (a tuple, perhaps empty)
#: when one more click is needed; None when this feature picks nothing. For
#: answers named by two places (a ferry's two road ends).
FeaturePick = Callable[[Any, Any, tuple[tuple[int, int, str], ...], int, int, str], Any]


_FEATURE_PICKS: dict[str, FeaturePick] = {}


def register_feature_pick(kind: str, pick: FeaturePick) -> None:
    """Let a decision kind be answered by clicking several features in turn."""
    register_once(_FEATURE_PICKS, kind, pick, "a feature pick for")


def feature_pick(game: Any, decision: Any, picked: tuple[tuple[int, int, str], ...],
                 spot: tuple[int, int, str] | None) -> Any:
    """What a click on the feature `spot` does after the features `picked`
    (see `FeaturePick`); None when the decision kind picks no features."""
    discover()
    pick = _FEATURE_PICKS.get(decision.kind) if decision is not None else None
    if pick is None or spot is None:
        return None
    return pick(game, decision, picked, *spot)


#: ``painter(surface, camera, game)``: draws over the tiles and under the
#: figures (the Wheel of Fortune's wheel and its pig). It caches what it can.
BoardPainter = Callable[[Any, Any, Any], None]


#: ``moving(game) -> bool``: the painter is animating (the scene keeps its
#: full frame rate while it is).
BoardMotion = Callable[[Any], bool]


_BOARD_PAINTERS: dict[str, list[tuple[BoardPainter, BoardMotion | None]]] = {}


def register_board_painter(expansion_id: str, painter: BoardPainter,
                           moving: BoardMotion | None = None) -> None:
    """Something drawn on the board itself, in games with that expansion."""
    painters = _BOARD_PAINTERS.setdefault(expansion_id, [])
    if all(p is not painter for p, _ in painters):
        painters.append((painter, moving))


def board_painters(game: Any) -> tuple[tuple[BoardPainter, BoardMotion | None], ...]:
    discover()
    return tuple(entry for eid in game.rules.expansion_ids for entry in _BOARD_PAINTERS.get(eid, ()))


#: ``points(game) -> {(area, slot): (x, y)}``: where each slot of an area
#: lies on the board, in board units (tile (x, y) spans x..x+1, y..y+1).
AreaPoints = Callable[[Any], Mapping[tuple[str, str], tuple[float, float]]]


_AREA_POINTS: dict[str, AreaPoints] = {}


def register_area_points(expansion_id: str, points: AreaPoints) -> None:
    """Board positions of an expansion's area slots: the figures standing in
    them are drawn there, and a deploy to a slot is a spot clicked there."""
    _AREA_POINTS[expansion_id] = points


def area_points(game: Any) -> dict[tuple[str, str], tuple[float, float]]:
    discover()
    found: dict[tuple[str, str], tuple[float, float]] = {}
    for eid in game.rules.expansion_ids:
        if eid in _AREA_POINTS:
            found.update(_AREA_POINTS[eid](game))
    return found
