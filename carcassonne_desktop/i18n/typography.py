"""French spacing: the space inside guillemets and before « : ; ! ? » is a
no-break space in French typography, so a wrapped line never starts with
"»" or ":" and never ends with "«" ("Partie enregistrée sous «" alone on
a line, then the name). pygame-gui and our own wrapping (`ui.game_log.wrap`)
break lines at plain spaces only, so a no-break space keeps the mark with
its word.

The French text files are kept typeset (a test checks every value); texts
written in Python (the expansions' rules pages) are typeset where shown.
"""

from __future__ import annotations

import re

NO_BREAK_SPACE = "\u00a0"
_AFTER_OPENING = re.compile(r"« +")
_BEFORE_CLOSING = re.compile(r" +([»:;!?])")


def french_spacing(text: str) -> str:
    """`text` with the spaces French typography ties to « » : ; ! ? made
    unbreakable (a no-break space, whatever the spaces were)."""
    text = _AFTER_OPENING.sub("«" + NO_BREAK_SPACE, text)
    return _BEFORE_CLOSING.sub(NO_BREAK_SPACE + r"\1", text)


def typeset(text: str, language: str) -> str:
    """`text` as its language writes it (only French ties spaces to marks)."""
    return french_spacing(text) if language == "fr" else text
