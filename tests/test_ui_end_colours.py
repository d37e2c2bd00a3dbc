"""The chart's category colours (issue 28): with every expansion six
categories shared near-identical golds (the ones missing from the palette
fell back to the accent colour, and the wheel, gold and garden were golds
too). Each category a game can score now has its own palette colour, every
pair clearly apart in CIE Lab (and from the panel they are drawn on)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from itertools import combinations

from tests.test_ui_end_table_layout import finished_game

#: The least CIE76 distance between two category colours: about twice what
#: an eye tells apart side by side, so the bars read apart at a glance.
LEAST_DELTA_E = 20.0


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """sRGB (0-255) to CIE L*a*b* (D65)."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def test_delta_e_tells_golds_apart_from_blues() -> None:
    assert delta_e((214, 170, 60), (214, 160, 48)) < 10  # the old wheel and the accent others fell back to
    assert delta_e((44, 84, 168), (230, 186, 52)) > 60


def test_regression_legend_categories_share_near_identical_golds() -> None:
    from carcassonne_desktop.ui.end_scene import categories
    from carcassonne_desktop.ui.resources import colour, palette_data

    palette = palette_data()["score_category"]
    shown = {c for players in (2, 3, 6) for c in categories(finished_game(players))}
    assert len(shown) >= 16
    missing = shown - set(palette)
    assert not missing, f"no colour of their own (they fell back to the accent): {sorted(missing)}"
    used = sorted(shown | set(palette))
    rgb = {c: tuple(colour("score_category", c))[:3] for c in used}
    close = [(a, b, round(delta_e(rgb[a], rgb[b]), 1)) for a, b in combinations(used, 2)
             if delta_e(rgb[a], rgb[b]) < LEAST_DELTA_E]
    assert not close, close
    panel = tuple(colour("ui", "panel"))[:3]
    assert all(delta_e(rgb[c], panel) >= LEAST_DELTA_E for c in used)
