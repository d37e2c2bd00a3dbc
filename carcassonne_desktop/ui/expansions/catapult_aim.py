"""The catapult mini-game's rules of the hand, without any drawing.

The scene (ui/expansions/catapult_scene.py) turns pointer drags (or the
keyboard's aim, `key_pull`) into a rest point through these functions, so a test can give drags and check the point
without a window. A hurl is a slingshot: press, pull back, release; the token
leaves opposite the pull, and flies farther the farther it was pulled (the
power bar), up to `MAX_RANGE` tiles. A small wobble, drawn from a generator
seeded by the game and the hurl, bends the flight; the table's helper setting
turns it off and shows where the token will land.

The board is seen from above at one fixed scale for everybody
(`PIXELS_PER_TILE`), with the catapult at the bottom of the window, in line
with the fair (engine/expansions/shared/catapult_geometry.launch_point).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

Point = tuple[float, float]

#: The fixed scale of the mini-game's board, for every player.
PIXELS_PER_TILE = 64
#: A pull of this many pixels is full power.
MAX_PULL = 220.0
#: Full power carries the token this far, in tiles.
MAX_RANGE = 12.0
#: A pull shorter than this is a slip of the hand, not a hurl.
MIN_PULL = 12.0
#: The wobble: at most this much off the aimed direction (radians) and off
#: the aimed length (a share of it).
WOBBLE_ANGLE = 0.06
WOBBLE_LENGTH = 0.06


@dataclass(frozen=True, slots=True)
class View:
    """Board tile units to window pixels at the fixed scale: the launch point
    at `anchor` (a pixel near the bottom centre of the window)."""

    launch: Point
    anchor: Point

    def to_screen(self, point: Point) -> Point:
        return (self.anchor[0] + (point[0] - self.launch[0]) * PIXELS_PER_TILE,
                self.anchor[1] + (point[1] - self.launch[1]) * PIXELS_PER_TILE)

    def to_board(self, pixel: Point) -> Point:
        return (self.launch[0] + (pixel[0] - self.anchor[0]) / PIXELS_PER_TILE,
                self.launch[1] + (pixel[1] - self.anchor[1]) / PIXELS_PER_TILE)


def power(press: Point, release: Point) -> float:
    """The power bar: the pull's length over a full pull, from 0 to 1."""
    return min(math.dist(press, release) / MAX_PULL, 1.0)


def wobble(seed: str) -> tuple[float, float]:
    """The hand's small unsteadiness for one hurl: (angle, share of length),
    drawn from a generator seeded by the game and the hurl (the same hurl of
    the same game shakes the same way, and a replay never needs it: the
    record keeps the rest point)."""
    rng = random.Random(seed)
    return (rng.uniform(-WOBBLE_ANGLE, WOBBLE_ANGLE), rng.uniform(-WOBBLE_LENGTH, WOBBLE_LENGTH))


def rest_point(launch: Point, press: Point, release: Point,
               shake: tuple[float, float] = (0.0, 0.0)) -> Point | None:
    """Where a token comes to rest after a pull from `press` to `release`
    (window pixels; the token leaves opposite the pull), from the catapult at
    `launch` (tile units); None for a pull too short to be a hurl."""
    dx, dy = press[0] - release[0], press[1] - release[1]
    if math.hypot(dx, dy) < MIN_PULL:
        return None
    angle = math.atan2(dy, dx) + shake[0]
    length = power(press, release) * MAX_RANGE * (1.0 + shake[1])
    return (round(launch[0] + math.cos(angle) * length, 3),
            round(launch[1] + math.sin(angle) * length, 3))


# --------------------------------------------------------- by the keyboard
#: The keyboard's aim: a press of Left or Right turns it this much (radians),
#: of Up or Down changes the power this much (a held key repeats).
KEY_TURN = math.radians(1.5)
KEY_POWER = 0.02
#: The keyboard's aim starts straight ahead (up the window, towards the map).
KEY_START = -math.pi / 2


def key_pull(anchor: Point, angle: float, level: float) -> tuple[Point, Point]:
    """The keyboard's aim as the pull a drag would make: pressed at `anchor`,
    let go opposite the flight's direction `angle` (radians, window axes) at
    `level` of a full pull; so a key hurl lands where the same drag would."""
    length = min(max(level, 0.0), 1.0) * MAX_PULL
    return anchor, (anchor[0] - math.cos(angle) * length, anchor[1] - math.sin(angle) * length)


def flight(launch: Point, rest: Point, t: float) -> tuple[Point, float]:
    """Where the token is along its flight at `t` (0 to 1), seen from above,
    and how high it is (0 on the ground, 1 at the top of the arc): what the
    animation draws (a bigger token higher up)."""
    t = min(max(t, 0.0), 1.0)
    return ((launch[0] + (rest[0] - launch[0]) * t, launch[1] + (rest[1] - launch[1]) * t),
            4.0 * t * (1.0 - t))


# ------------------------------------------------------------------ a catch
#: The side view: the hurler stands at 0, the measuring board runs from
#: BOARD_START to BOARD_END, the catcher's hand is at HAND (in "table"
#: units); a throw of power p flies p x THROW_RANGE at SPEED units a second.
BOARD_START, BOARD_END, HAND = 0.35, 0.6, 0.85
THROW_RANGE = 1.2
SPEED = 0.9
#: Closing the hand this close (seconds) to the token's passing catches it;
#: a little later or earlier still touches it.
CATCH_WINDOW, TOUCH_WINDOW = 0.07, 0.16


def throw_length(pull: float) -> float:
    """How far a catch throw goes (table units) for a power from 0 to 1."""
    return pull * THROW_RANGE


def arrival_time(pull: float) -> float | None:
    """When a throw passes the catcher's hand (seconds after the release), or
    None when it comes down before reaching it."""
    return HAND / SPEED if throw_length(pull) >= HAND else None


def catch_outcome(pull: float, closed_at: float | None) -> str:
    """The outcome of a throw of power `pull` when the catcher closed the hand
    `closed_at` seconds after the release (None: never): `short` (down before
    the end of the measuring board), `far` (past it, not caught), `caught` or
    `touched` (the engine's `catapult_catch` outcomes)."""
    if throw_length(pull) < BOARD_END:
        return "short"
    arrives = arrival_time(pull)
    if arrives is None or closed_at is None:
        return "far"
    late = abs(closed_at - arrives)
    if late <= CATCH_WINDOW:
        return "caught"
    if late <= TOUCH_WINDOW:
        return "touched"
    return "far"
