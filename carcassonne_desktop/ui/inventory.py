"""What each player holds besides figures (the goods, any expansion's
tokens), and who leads each token won by a majority: the players panel
shows it for every player all game long (issue 29: the goods were cut off
the figures line, so a newcomer could not follow the majorities).

Pure functions of the game; the token kinds and who leads them come from
the expansions' interface plug-ins (`register_token_kinds`), never from a
list here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.expansions import noted_tokens, token_kinds


def token_name(token: str) -> str:
    """A token's short name in the current language (its id when it has none)."""
    label = i18n.tr(f"token.{token}")
    return token if label == i18n.key(f"token.{token}") else label


@dataclass(frozen=True, slots=True)
class Held:
    """One kind of token in a player's inventory."""

    token: str
    count: int
    #: The token is won by a majority (the panel says who leads it).
    contested: bool = False
    #: The player would win it now (ties all lead).
    leads: bool = False


def shown_tokens(game: Any) -> dict[str, Any]:
    """Every kind the panel lists in this game, with who leads it (None:
    not contested): the expansions' registered kinds first, even before
    anyone holds one, then any other token somebody holds; tokens a player
    note shows (the king) are left out."""
    noted = noted_tokens()
    kinds = token_kinds(game)
    for held in game.tokens:
        for token, count in held.items():
            if count > 0:
                kinds.setdefault(token, None)
    return {token: leaders for token, leaders in kinds.items() if token not in noted}


def inventory(game: Any, player: int) -> tuple[Held, ...]:
    """What ``player`` holds, kind by kind, with the lead of each contested token."""
    return tuple(Held(token, game.tokens[player].get(token, 0), leaders is not None,
                      leaders is not None and player in leaders(game, token))
                 for token, leaders in shown_tokens(game).items())


def leaders_of(game: Any, token: str) -> tuple[int, ...]:
    """Who leads a contested token now (empty when nobody or not contested)."""
    leaders = shown_tokens(game).get(token)
    return tuple(leaders(game, token)) if leaders is not None else ()


def inventory_words(game: Any, player: int) -> list[str]:
    """Who leads each contested token, from ``player``'s side, for the
    tooltip over their row ("Vin : 1 ; Bleu mène avec 3")."""
    names = [p.name for p in game.setup.players]
    lines = []
    for held in inventory(game, player):
        if not held.contested:
            continue
        token = token_name(held.token)
        token = token[:1].upper() + token[1:]
        ahead = leaders_of(game, held.token)
        others = ", ".join(names[p] for p in ahead if p != player)
        if not ahead:
            lines.append(i18n.tr("hud.token_nobody", token=token))
        elif held.leads and others:
            lines.append(i18n.tr("hud.token_tied", token=token, count=held.count, names=others))
        elif held.leads:
            lines.append(i18n.tr("hud.token_leads", token=token, count=held.count))
        else:
            best = game.tokens[ahead[0]].get(held.token, 0)
            lines.append(i18n.tr("hud.token_behind", token=token, count=held.count, names=others, best=best))
    return lines
