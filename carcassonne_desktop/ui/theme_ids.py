"""pygame-gui's theme, with the look-up of an element's theming ids kept
by a key that costs nothing to build.

pygame-gui 0.6 caches each element's combined ids under a key made with
``str(a).join(str(b).join(...))``, which puts one string between every
character of another: a few milliseconds for every widget created, most of
what opening a screen of a hundred widgets cost once the panel was cheap
(bench/README.md, "First screens"). The ids are found as pygame-gui finds
them (`_get_next_id_node`, then every shorter suffix); a test compares them.
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
            found = self._combine(element_base_ids, element_ids, class_ids, object_ids)
            self._combined[key] = found
        return found

    def _combine(self, element_base_ids: Any, element_ids: Any, class_ids: Any,
                 object_ids: Any) -> list[str]:
        """pygame-gui's own search, without its key."""
        lists = (element_base_ids, element_ids, class_ids, object_ids)
        if any(ids is None for ids in lists) or len({len(ids) for ids in lists}) != 1:
            # nothing to combine, or lengths that differ (pygame-gui says why)
            return list(super().build_all_combined_ids(*lists))
        combined: list[str] = []
        if element_ids:
            self._get_next_id_node(None, element_base_ids, element_ids, class_ids, object_ids,
                                   0, len(element_ids), combined)
        # then each id shortened by its first part, pass after pass, until a
        # pass meets an id with no part left to drop
        current = combined[:]
        done = not current
        while not done:
            for index, shorter in enumerate(current):
                dot = shorter.find(".")
                if dot == -1:
                    done = True
                else:
                    current[index] = shorter[dot + 1:]
                    combined.append(current[index])
        return combined
