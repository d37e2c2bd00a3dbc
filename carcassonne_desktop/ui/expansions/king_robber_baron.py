"""King & Robber Baron in the interface: the holder of each title and the
size of its record, always in the players panel.

The note stands after the holder's name ("Roi 5": the king, for a city of
5 tiles), where the flock's note goes; the name line has room for two short
notes, so the title and its record say it all and the token is not listed
again with the goods.
"""

from __future__ import annotations

from typing import Any

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.expansions.king_robber_baron import ID, TITLES, title_of
from carcassonne_desktop.ui.expansions import register_noted_token, register_player_note


def _title_note(kind: str) -> Any:
    def note(game: Any, player: int) -> str | None:
        title = title_of(game, kind)
        if title.holder != player:
            return None
        return i18n.tr(f"hud.{TITLES[kind]}", size=title.record, count=title.completed)

    note.__name__ = f"_{TITLES[kind]}_note"
    return note


for _kind, _token in TITLES.items():
    register_player_note(ID, _title_note(_kind))
    register_noted_token(_token)
