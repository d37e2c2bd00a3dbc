"""What the expansions add to the words on screen: the players panel's notes,
the answers' labels, the log's lines, the features' and the decisions' notes,
and the tokens the panel lists."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from carcassonne_desktop.ui.expansions.registering import discover

#: (game, player) -> a short line about what the player holds that the panel
#: shows under their name ("Troupeau : 5 moutons"), or None.
PlayerNote = Callable[[Any, int], "str | None"]


_NOTES: dict[str, list[PlayerNote]] = {}


#: (game, player) -> the note in words, a sentence for the tooltip over the
#: player's row ("♚ 5" means nothing until it is said), or None.
_NOTE_WORDS: dict[str, list[PlayerNote]] = {}


def register_player_note(expansion_id: str, note: PlayerNote, words: PlayerNote | None = None) -> None:
    """A line in the players panel, asked only in games with that expansion;
    ``words`` says it in full when the mouse is over the player's row."""
    notes = _NOTES.setdefault(expansion_id, [])
    if note not in notes:
        notes.append(note)
    said = _NOTE_WORDS.setdefault(expansion_id, [])
    if words is not None and words not in said:
        said.append(words)


def player_notes(game: Any, player: int) -> tuple[str, ...]:
    """What the expansions in play have to say about one player."""
    return _asked(_NOTES, game, player)


def has_player_notes(game: Any) -> bool:
    """Whether an expansion in play may add notes beside the players' names."""
    discover()
    return any(_NOTES.get(eid) for eid in game.rules.expansion_ids)


def player_note_words(game: Any, player: int) -> tuple[str, ...]:
    """The players panel's notes about one player in full sentences."""
    return _asked(_NOTE_WORDS, game, player)


def _asked(table: Mapping[str, list[PlayerNote]], game: Any, player: int) -> tuple[str, ...]:
    discover()
    found = (note(game, player) for eid in game.rules.expansion_ids for note in table.get(eid, ()))
    return tuple(text for text in found if text)


#: (game, action) -> the button text of one answer, or None for the generic one.
ChoiceLabel = Callable[[Any, Any], "str | None"]


_LABELS: dict[str, ChoiceLabel] = {}


def register_choice_label(kind: str, label: ChoiceLabel) -> None:
    """Words for the answers of a decision kind that keys alone cannot say
    (an answer naming a cell of the board)."""
    _LABELS[kind] = label


def expansion_choice_label(kind: str, game: Any, action: Any) -> str | None:
    discover()
    label = _LABELS.get(kind)
    return label(game, action) if label is not None else None


#: (event, player names) -> the log line of an event, "" for no line at all
#: (another event of the expansion said it), or None (not one of theirs: the
#: next text, or the core's, tells it).
EventText = Callable[[Any, "tuple[str, ...] | list[str]"], "str | None"]


_EVENT_TEXTS: dict[str, list[EventText]] = {}


def register_event_text(kind: str, text: EventText) -> None:
    """How the log tells an event of ``kind``: an expansion's own event
    (``challenge_lost``), or a core event it says better (the king changing
    hands is a ``token_gained``)."""
    texts = _EVENT_TEXTS.setdefault(kind, [])
    if text not in texts:
        texts.append(text)


def event_text(event: Any, names: Any) -> str | None:
    """The first log line an expansion gives the event, or None."""
    discover()
    for text in _EVENT_TEXTS.get(getattr(event, "kind", ""), ()):
        line = text(event, names)
        if line is not None:
            return line
    return None


#: (game, feature info) -> one more line for a feature's tooltip, or None.
FeatureNote = Callable[[Any, Any], "str | None"]


_FEATURE_NOTES: dict[str, list[FeatureNote]] = {}


def register_feature_note(expansion_id: str, note: FeatureNote) -> None:
    """A line under a feature's tooltip (a challenge), in games with that expansion."""
    notes = _FEATURE_NOTES.setdefault(expansion_id, [])
    if note not in notes:
        notes.append(note)


def feature_notes(game: Any, info: Any) -> tuple[str, ...]:
    """What the expansions in play add to the tooltip of one feature."""
    discover()
    found = (note(game, info) for eid in game.rules.expansion_ids
             for note in _FEATURE_NOTES.get(eid, ()))
    return tuple(text for text in found if text)


#: Tokens whose holder a player note already shows (the king): the panel does
#: not list them a second time with the goods.
_NOTED_TOKENS: set[str] = set()


def register_noted_token(token: str) -> None:
    """Leave ``token`` out of the panel's token line: a player note shows it."""
    _NOTED_TOKENS.add(token)


def noted_tokens() -> frozenset[str]:
    discover()
    return frozenset(_NOTED_TOKENS)


#: (game, decision) -> one more sentence for the pill while that decision is
#: asked (what the board alone does not say), or None.
DecisionNote = Callable[[Any, Any], "str | None"]


_DECISION_NOTES: dict[str, list[DecisionNote]] = {}


def register_decision_note(kind: str, note: DecisionNote) -> None:
    """A sentence the pill adds to a decision's hint, said before the player
    answers (where the Count stands, and what that does to a follower put
    there)."""
    notes = _DECISION_NOTES.setdefault(kind, [])
    if note not in notes:
        notes.append(note)


def decision_notes(game: Any, decision: Any) -> tuple[str, ...]:
    """What the expansions add to the hint of ``decision``."""
    discover()
    if decision is None:
        return ()
    found = (note(game, decision) for note in _DECISION_NOTES.get(decision.kind, ()))
    return tuple(text for text in found if text)


#: (game, token) -> the players who would win a token contested by majority now.
TokenLeaders = Callable[[Any, str], "tuple[int, ...]"]


#: Token kinds an expansion's players hold, by expansion id, each with who
#: leads it (None: not won by a majority).
_TOKEN_KINDS: dict[str, dict[str, TokenLeaders | None]] = {}


def register_token_kinds(expansion_id: str, tokens: tuple[str, ...],
                         leaders: TokenLeaders | None = None) -> None:
    """The tokens of an expansion's inventory (the goods), listed for every
    player all game long, from the first turn; ``leaders`` says who leads
    a token won by holding the most (the panel marks them)."""
    _TOKEN_KINDS.setdefault(expansion_id, {}).update({token: leaders for token in tokens})


def token_kinds(game: Any) -> dict[str, TokenLeaders | None]:
    """The registered tokens of the expansions in play, in their order."""
    discover()
    return {token: leaders for eid in game.rules.expansion_ids
            for token, leaders in _TOKEN_KINDS.get(eid, {}).items()}
