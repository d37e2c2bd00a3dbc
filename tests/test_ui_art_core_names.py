"""The core tile art names no expansion: what is specific to an expansion (its
features, flags and props) lives in its plug-in under ``ui/expansions`` and
reaches the art through the registry. Docstrings and comments may still mention
them (they explain the registry); code and string literals may not."""

import ast
import re
from pathlib import Path

import pytest

ART = Path(__file__).resolve().parent.parent / "carcassonne_desktop" / "ui" / "art"
FORBIDDEN = re.compile(r"(?<![a-z])(inn|cathedral|garden|spring|lake|river_end)(?![a-z])", re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (first statement of a
    module, class or function)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _names_in_code(source: str) -> list[str]:
    """Every identifier and non-docstring string literal of a module."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words.append(node.name)
        elif isinstance(node, ast.arg):
            words.append(node.arg)
        elif isinstance(node, ast.alias):
            words.append(node.asname or node.name)
        elif isinstance(node, ast.keyword) and node.arg:
            words.append(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
    return words


@pytest.mark.parametrize("module", sorted(ART.glob("*.py")), ids=lambda p: p.name)
def test_core_art_names_no_expansion(module: Path) -> None:
    hits = sorted({w for w in _names_in_code(module.read_text(encoding="utf-8")) if FORBIDDEN.search(w)})
    assert not hits, f"{module.name} names expansion symbols: {hits}"


def test_the_check_catches_names() -> None:
    """The scan itself sees identifiers and strings, not docstrings or comments."""
    source = '"""An inn."""\n# a garden\ndef _inn(x):\n    """The lake."""\n    return x["cathedral"], river_end\n'
    hits = {w for w in _names_in_code(source) if FORBIDDEN.search(w)}
    assert hits == {"_inn", "cathedral", "river_end"}


def test_expansion_props_are_registered_by_their_plug_ins() -> None:
    """Inns, cathedrals, gardens, springs and lakes come from the plug-ins, each
    placed the way the layout used to place it by hand."""
    from carcassonne_desktop.ui.expansions import props_placed, tile_props

    props = tile_props()
    assert props["inn"].placement == "beside_path"
    assert props["cathedral"].placement == "city_anchor"
    assert props["cathedral"].anchor_shift == (0.0, 0.24)
    assert props["garden"].placement == "centre"
    assert props["lake"].layer == "water"
    assert {k.name for k in props_placed("path_end")} == {"lake", "spring"}


def test_a_prop_name_has_one_registration() -> None:
    from carcassonne_desktop.ui.expansions import register_prop, tile_props

    tile_props()  # plug-ins loaded

    def painter(p, prop, detail, rng):  # noqa: ANN001, ANN202 - never called
        return None

    with pytest.raises(ValueError, match="already registered"):
        register_prop("inn", painter, order=3.0)
    # where a prop stands is engine data (figures stand by it): the interface
    # cannot paint a prop no expansion placed
    with pytest.raises(ValueError, match="no expansion declares where prop 'something_new'"):
        register_prop("something_new", painter, order=1.0)
    from carcassonne_desktop.engine.layout_props import register_prop_placement

    with pytest.raises(ValueError, match="unknown placement"):
        register_prop_placement("something_new", "sky", radius=0.1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="already placed another way"):
        register_prop_placement("inn", "centre", radius=0.1)


def test_port_c_names_a_registered_centre_feature() -> None:
    """A garden (registered with placement ``centre``) is found by port C like a cloister."""
    from carcassonne_desktop.ui.art.tile_art import feature_index_for_port

    tile = {"id": "t/garden", "features": [{"kind": "field", "ports": ["Nl"]}, {"kind": "garden"}]}
    assert feature_index_for_port(tile, 0, "C") == 1
