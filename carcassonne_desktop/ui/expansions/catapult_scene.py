"""The Catapult's mini-games, pushed for a human's hurl (decision `catapult`)
and throw to the left neighbour (decision `catapult_catch`).

The hurl: the board seen from above at one fixed scale for everybody, the
catapult below the map in line with the fair. Press anywhere, pull back and
let go (a slingshot): the power bar fills as you pull, the token leaves
opposite the pull, flies (animated, bigger at the top of its arc), lands,
and what it does is shown (figures knocked out, the follower seduced, the
distance to the fair) before the answer goes to the game. The keyboard does
the same: Left and Right turn the aim, Up and Down set the power, Enter or
Space lets go (`KeyAim`). The catch: a side view, the hurler pulls and lets
go, the catcher closes the hand with a click or the space bar when the token
reaches it.

Nothing here ever answers by itself: no time out, and a window that loses
the focus in the middle of a pull drops the pull (the hurl is still to
come), never a half-made hurl. The helper (key H, or its box) steadies the
hand and shows where the token will land; it is a setting of the table,
kept while the program runs, for every hurler.

The hurl lives in ``catapult_hurl``, the catch in ``catapult_catch``, what
they share in ``catapult_controls``; this module names them together.
"""

from __future__ import annotations

from carcassonne_desktop.ui.expansions.catapult_catch import CatchScene
from carcassonne_desktop.ui.expansions.catapult_controls import (
    FLIGHT_SECONDS,
    SHOW_SECONDS,
    TABLE,
    tile_distance,
)
from carcassonne_desktop.ui.expansions.catapult_hurl import HurlScene

__all__ = ["FLIGHT_SECONDS", "SHOW_SECONDS", "TABLE", "CatchScene", "HurlScene", "tile_distance"]
