"""pygame-gui's theme, with the look-up of an element's theming ids kept
by a key that costs nothing to build.

pygame-gui 0.6 caches each element's combined ids under a key made with
``str(a).join(str(b).join(...))``, which puts one string between every
character of another: a few milliseconds for every widget created, most of
what opening a screen of a hundred widgets cost once the panel was cheap
(bench/README.md, "First screens"). The ids found are the same: the
original method computes them the first time a key is seen.
"""

from __future__ import annotations

from typing import Any

from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme


def _frozen(ids: Any) -> tuple[Any, ...] | None:
    return None if ids is None else tuple(ids)


class QuickIdTheme(UIAppearanceTheme):  # type: ignore[misc]
    """The theme every window of the game uses (`TidyUIManager.create_new_theme`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._combined: dict[tuple[Any, ...], list[str]] = {}

    def build_all_combined_ids(self, element_base_ids: Any, element_ids: Any, class_ids: Any,
                               object_ids: Any) -> list[str]:
        key = (_frozen(element_base_ids), _frozen(element_ids), _frozen(class_ids),
               _frozen(object_ids))
        found = self._combined.get(key)
        if found is None:
            found = super().build_all_combined_ids(element_base_ids, element_ids, class_ids,
                                                   object_ids)
            self._combined[key] = found
        return found
