"""Why a score is what it is: the terms of a scoring, written by the code that
computes the value.

While `Scoring.score_feature` computes a value it sets `game.score_terms` to a
list; the feature kind's `points`, the farmer rule and every expansion hook
that changes a value (`modify_points`, `modify_field_points`,
`player_points`) append their terms to it (or replace them, when they replace
the value: an inn's road is worth 2 per tile whatever came before). Outside a
scoring the list is None and nothing is built, so the computer players'
evaluations pay one attribute test.

A term is data (a reason key and numbers); the interface words it. The terms
of a scoring always evaluate to its points: a hook that changes a value
without saying why gets a term `rule` naming its expansion, added by the core.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ADD = "add"  # the running total grows by count x each
TIMES = "times"  # the running total is multiplied by each
#: The reason of the term the core adds for a change nobody explained.
UNEXPLAINED = "rule"


class ScoreTerm(NamedTuple):
    """One step of a score: `count` things (`reason`: "tile", "shield",
    "field_city"...) worth `each` point(s), or the total so far multiplied by
    `each` (op TIMES: "completed", "cathedral"). `source` names the expansion
    behind an unexplained change."""

    reason: str
    count: int
    each: int = 1
    op: str = ADD
    source: str = ""


def terms_total(terms: Iterable[ScoreTerm]) -> int:
    """What the terms add up to, in order."""
    total = 0
    for term in terms:
        if term.op == TIMES:
            total *= term.each
        else:
            total += term.count * term.each
    return total


def explain(game: Game, *terms: ScoreTerm) -> None:
    """Add terms to the scoring being explained (nothing outside a scoring)."""
    current = game.score_terms
    if current is not None:
        current.extend(terms)


def explain_instead(game: Game, *terms: ScoreTerm) -> None:
    """Replace the terms so far: the value was replaced, not adjusted."""
    current = game.score_terms
    if current is not None:
        current[:] = terms


def reconcile(terms: list[ScoreTerm], points: int, source: str) -> None:
    """Make the terms add up to `points`, blaming `source` for the difference
    (a hook that changed the value and said nothing)."""
    missing = points - terms_total(terms)
    if missing:
        terms.append(ScoreTerm(UNEXPLAINED, 1, missing, ADD, source))
