"""A scoring in words: the situation ("City completed") and the sum that
gave its points ("5 tiles + 1 shield = 6 × 2 (completed city) = 12").

The numbers and their reasons come from the engine (`PointsScored.terms`,
engine/score_terms.py); this module only words them, so the explanation can
never disagree with the points. Each reason has its words in the language
files under `term.<reason>` (`_one` / `_many` forms when a count is shown).
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.events import PointsScored
from carcassonne_desktop.engine.expansion import EXPANSIONS
from carcassonne_desktop.engine.score_terms import TIMES, ScoreTerm, terms_total


def _known(text_key: str) -> bool:
    return i18n.tr(text_key) != i18n.key(text_key)


def _plural_form(count: int) -> str:
    # French treats 0 and 1 as singular ("0 tuile"), English only 1.
    singular = count in (0, 1) if i18n.current_language() == "fr" else count == 1
    return "one" if singular else "many"


def _source_name(source: str) -> str:
    cls = EXPANSIONS.get(source)
    if cls is None:
        return i18n.tr("term.other_rules")
    return cls.title.get(i18n.current_language()) or next(iter(cls.title.values()), source)


def term_text(term: ScoreTerm) -> str:
    """One term in words: "5 tuiles", "× 2 (ville achevée)", "+3 (Auberges & Cathédrales)"."""
    params = {"count": term.count, "each": term.each, "points": term.count * term.each,
              "source": _source_name(term.source)}
    for text_key in (f"term.{term.reason}_{_plural_form(term.count)}", f"term.{term.reason}"):
        if _known(text_key):
            return i18n.tr(text_key, **params)
    if term.op == TIMES:
        return f"× {term.each}"
    return str(term.count * term.each)


def expression(terms: Sequence[ScoreTerm]) -> str:
    """The sum in words, with its intermediate totals: a product shows the
    sum it multiplies when that sum has several terms."""
    text = ""
    running = 0
    added = 0  # additive terms since the last product
    for term in terms:
        if term.op == TIMES:
            if added > 1:
                text += f" = {running}"
            text += f" {term_text(term)}"
            running *= term.each
            added = 1
        elif term.count * term.each < 0 and text:
            # a term that takes points away reads as a subtraction (the
            # witch), from the total so far: "5 × 3 (cathedral) = 15 − 7"
            if added == 1 and " × " in text:
                text += f" = {running}"
            text += " − " + term_text(term._replace(each=-term.each))
            running += term.count * term.each
            added += 1
        else:
            text += (" + " if text else "") + term_text(term)
            running += term.count * term.each
            added += 1
    return f"{text} = {terms_total(terms)}" if text else str(terms_total(terms))


def heading(event: PointsScored) -> str:
    """What was scored and why: "Ville achevée", "Route inachevée en fin de partie"."""
    for text_key in (f"why.{event.feature}_{event.reason}", f"why.{event.reason}"):
        if _known(text_key):
            return i18n.tr(text_key)
    return i18n.tr("why.other", category=category_name(event.feature))


def category_name(category: str) -> str:
    """A score category in words ("Villes", "Marchandises"), else as it is."""
    text_key = f"score.{category}"
    return i18n.tr(text_key) if _known(text_key) else category


def explanation(event: PointsScored) -> list[str]:
    """The lines that explain one scoring: the situation, then the sum."""
    return [heading(event), expression(event.terms)]
