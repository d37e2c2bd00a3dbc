"""How long a game should last, for the New game screen: from the turns a set
of expansions makes (the tiles placed), the decisions with a real choice each
turn brings, and who sits at the table (people deliberate; computers think
as their level does, then show).

The formula and its calibration are in docs/game-length.md: a person's turn
costs ``HUMAN_TURN + HUMAN_CHOICE x choices``, and some expansions add table
time of their own (``TABLE_MINUTES``: reading a message, turning the wheel),
fitted on the durations the rulebooks give (the base game, 35 min; the Big
Box 2021 with all its expansions, 90-120 min; an expansion alone, "+15
min"...); a computer's turn costs its level's measured thought
(``THINK_SECONDS``: hard thinks seconds a turn with every expansion, medium
a fraction of one) and what the game shows of it at the chosen speed.
Turns and choices come from the table
of ``ui/expansions/boxes.py`` (measured by ``bench/research/game_length.py``),
so nothing here plays a game: the screen updates at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne_desktop.ui.computer_turns import animation_seconds, pause_seconds
from carcassonne_desktop.ui.expansions.boxes import BASE_PACE, PACE, TABLE_MINUTES

COMPUTER_PREFIX = "ai:"

#: Seconds a person spends on a turn, and on each choice in it (fitted: docs/game-length.md).
HUMAN_TURN = 22.0
HUMAN_CHOICE = 5.7
#: Seconds a computer level thinks a turn before it shows it, in the base game
#: and with every expansion (CPU seconds on the development machine, measured by
#: bench/research/think_seconds.py; docs/game-length.md). Hard spends its budget
#: on close calls its search may settle; with every expansion it gives most of
#: them up, a hopeless first round at about half the budget (bench/ai.md, session 13).
THINK_SECONDS: dict[str, tuple[float, float]] = {
    "random": (0.0, 0.0),
    "easy": (0.01, 0.37),
    "greedy": (0.0, 0.05),
    "medium": (0.01, 0.43),
    "hard": (1.04, 1.35),
}
#: The level whose think counts for a controller the table does not know.
USUAL_LEVEL = "medium"
#: Estimates are rounded to this many minutes: more would claim a precision it has not.
ROUND_TO = 5


def pace(expansions: Sequence[str]) -> tuple[float, float]:
    """(turns, choices a turn) of a game with `expansions` (the base game
    included or not): the base game's, plus what each expansion adds alone.
    An expansion missing from the table adds nothing."""
    turns, choices = BASE_PACE
    rate = choices / turns
    for exp in dict.fromkeys(expansions):
        added_turns, added_rate = PACE.get(exp, (0.0, 0.0))
        turns += added_turns
        rate += added_rate
    return turns, rate


def think_seconds(controller: str, expansions: Sequence[str]) -> float:
    """What the computer `controller` ("ai:<level>") thinks a turn with
    `expansions`: its base game's time, plus its time with every expansion
    beyond that in the share of the choices a turn those expansions add
    (a computer weighs every choice, and more of them with more expansions)."""
    level = controller.removeprefix(COMPUTER_PREFIX)
    base, everything = THINK_SECONDS.get(level, THINK_SECONDS[USUAL_LEVEL])
    base_rate = BASE_PACE[1] / BASE_PACE[0]
    all_rate = pace(tuple(PACE))[1]
    share = (pace(expansions)[1] - base_rate) / (all_rate - base_rate)
    return base + (everything - base) * min(max(share, 0.0), 1.0)


def expected_minutes(expansions: Sequence[str], controllers: Sequence[str],
                     speed: str = "normal") -> int:
    """The expected length in minutes (rounded to ROUND_TO, at least ROUND_TO)
    of a game with `expansions` and one seat per controller ("human" or
    "ai:<level>"). The turns are shared out between the seats, so the number
    of seats changes the length only through how many are people."""
    turns, rate = pace(expansions)
    seats = max(len(controllers), 1)
    people = sum(1 for c in controllers if c == "human") / seats
    human = HUMAN_TURN + HUMAN_CHOICE * rate
    # a computer's tile slides in, its figure drops, then a pause; each
    # further choice shows as long as a figure
    shown = (animation_seconds(speed) * (1.6 + 0.6 * max(rate - 1.0, 0.0))
             + pause_seconds(speed))
    thought = sum(think_seconds(c, expansions) for c in controllers if c != "human") / seats
    seconds = turns * (people * human + (1 - people) * shown + thought)
    # what people spend on some expansions beyond their turns (computers only show it)
    seconds += people * 60 * sum(TABLE_MINUTES.get(exp, 0.0) for exp in dict.fromkeys(expansions))
    return max(ROUND_TO, ROUND_TO * round(seconds / 60 / ROUND_TO))
