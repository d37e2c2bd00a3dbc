"""The expansion framework: registry, no expansion named in the core, hooks,
and random games with every combination of the expansions done so far."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from carcassonne_desktop.engine import (
    PASS,
    Deploy,
    Game,
    GameSetup,
    IllegalActionError,
    PlaceTile,
    PlayerSetup,
    Recall,
    registry,
)
from carcassonne_desktop.engine.expansions.river import is_river_tile
from tests.engine_checks import play_random

ENGINE = Path(__file__).resolve().parents[1] / "carcassonne_desktop" / "engine"
FIRST_THREE = ("inns_cathedrals", "river", "abbot")
DONE = (*FIRST_THREE, "traders_builders", "hills_sheep")
# "river" is also a feature kind (an edge type) and "count" the catalogue's
# number of copies (DESIGN 4), so the core may use them; the Count's own
# names (quarters, decision kinds) are checked instead.
COMMON_WORDS = frozenset({"river", "count"})
COUNT_SYMBOLS = frozenset({"castle", "market", "forge", "count_reinforce", "count_city",
                           "count_move", "go_last"})
#: Expansions added later: each alone, with each of DONE, and all together
#: (every subset of everything would be 511 combinations).
LATER = ("king_robber_baron", "heretics_shrines", "river_ii", "wheel_of_fortune", "count",
         "flying_machines", "mage_witch", "ferries", "gold_mines", "crop_circles", "messages", "robbers", "catapult")
COMBOS = (
    [c for n in range(1, len(DONE) + 1) for c in itertools.combinations(DONE, n)]
    + [(new,) for new in LATER]
    + [(old, new) for new in LATER for old in DONE]
    + [LATER, DONE + LATER]
)


def setup(*expansions, order=None, start=None, players=2, seed=0, **options):
    return GameSetup(
        players=tuple(PlayerSetup(f"P{i}", c) for i, c in zip(range(players), ["red", "blue",
                                                                            "green"])),
        expansions=("base", *expansions),
        options=options,
        seed=seed,
        start_tile=start,
        tile_order=tuple(order) if order is not None else None,
    )


def test_registry_discovers_every_expansion_module():
    modules = {p.stem for p in (ENGINE / "expansions").glob("*.py") if p.stem != "__init__"}
    assert set(registry()) == modules
    for cls in registry().values():
        assert cls.title.get("fr") and cls.title.get("en")
        assert cls.description.get("fr") and cls.description.get("en")


def test_core_engine_never_names_an_expansion():
    """Expansion ids, their figures and their symbols live only in their modules."""
    names = set(registry()) - {"base"}
    figures = {f.name for cls in registry().values() if cls.id != "base"
               for f in cls({"farmers": True}).figures()}
    symbols = {"inn", "cathedral", "spring", "lake", "river_end", *COUNT_SYMBOLS,
               "flier", "fly_landing", "crop_circle", "crop_circle_deploy", "crop_circle_remove"}
    forbidden = names | figures | symbols
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        code = re.sub(r'""".*?"""', "", text, flags=re.S)  # docstrings may explain
        code = re.sub(r"#.*", "", code)
        for name in forbidden - COMMON_WORDS:
            assert not re.search(rf"\b{name}\b", code), f"{path.name} names {name!r}"


@pytest.mark.parametrize(
    "combo",
    COMBOS,
    ids=lambda c: "+".join(c),
)
def test_random_games_with_every_combination(combo):
    # games with the wheel's board are longer (83 tiles and more): fewer seeds
    for seed in range(3 if "wheel_of_fortune" in combo else 6):
        game = play_random(Game(setup(*combo, players=2 + seed % 3, seed=seed)),
                           random.Random(seed), check_every=4)
        assert game.is_over


@pytest.mark.parametrize("options", [{}, {"farmers_first_edition": True}, {"hand_of_3": True}])
def test_random_games_with_all_expansions_together(options):
    for seed in range(8):
        game = play_random(Game(setup(*DONE, *LATER, players=2 + seed % 3, seed=seed, **options)),
                           random.Random(seed), check_every=3)
        assert game.is_over


def test_inns_cathedrals_gives_one_large_follower_counting_two():
    game = Game(setup("inns_cathedrals", order=["base/U", "base/U"]))
    assert game.supply[0] == {"follower": 7, "large_follower": 1}
    figures = {a.figure for a in game.legal_actions() if isinstance(a, Deploy)} or None
    assert figures is None  # place step first
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    assert {a.figure for a in game.legal_actions() if isinstance(a, Deploy)} == {
        "follower", "large_follower"}


def test_river_is_drawn_first_lake_last_and_spring_is_the_start():
    game = Game(setup("river", seed=5))
    assert game.placed_tiles() == {(0, 0): ("river1/01", 0)}
    catalogue = game.rules.catalogue
    draws = [game.current_tile] + game.bag[::-1]
    river = [t for t in draws if is_river_tile(catalogue[t])]
    assert len(river) == 11 and draws[:11] == river
    assert draws[10] == "river1/02"  # the lake
    assert len(draws) == 11 + 71  # the base start tile copy is not used


def test_river_tile_must_continue_the_river():
    game = Game(setup("river", order=["river1/07", "river1/07"]))
    cells = {(a.x, a.y) for a in game.legal_actions()}
    assert cells == {(1, 0)}  # the spring flows east
    with pytest.raises(IllegalActionError, match=r"must continue the river at \(1, 0\)"):
        game.apply(PlaceTile(0, 1, 0, "river1/07"))


def test_river_refuses_a_u_turn_even_after_straight_tiles():
    # spring flows E; river1/10 (S-W bend): rot 0 enters W exits S = right turn.
    game = Game(setup("river", order=["river1/10", "river1/07", "river1/10"]))
    game.apply(PlaceTile(1, 0, 0, "river1/10"))  # turn right: now flowing S
    game.apply(PASS)
    game.apply(PlaceTile(1, 1, 1, "river1/07"))  # straight N-S
    game.apply(PASS)
    # at (1, 2) flowing S: rot 1 (enters N, exits W) = right again: a U-turn
    with pytest.raises(IllegalActionError, match="no U-turn: the river already turned right"):
        game.apply(PlaceTile(1, 2, 1, "river1/10"))
    assert {a.rot for a in game.legal_actions()} == {2}  # enters N, exits E: left


def test_followers_never_on_the_river():
    game = Game(setup("river", order=["river1/07"]))
    game.apply(PlaceTile(1, 0, 0, "river1/07"))
    ports = {a.port for a in game.legal_actions() if isinstance(a, Deploy)}
    assert "E" not in ports and "W" not in ports
    assert ports  # the fields beside the river are open


def test_abbot_only_on_cloisters_and_gardens_and_followers_never_on_gardens():
    game = Game(setup("abbot", order=["base/E+garden", "base/B"]))
    game.apply(PlaceTile(0, -1, 2, "base/E+garden"))
    deploys = {(a.figure, a.port) for a in game.legal_actions() if isinstance(a, Deploy)}
    assert ("abbot", "C") in deploys
    assert ("follower", "C") not in deploys
    assert all(f == "follower" for f, p in deploys if p != "C")


def test_abbot_recall_is_offered_only_to_its_owner_in_the_figure_step():
    game = Game(setup("abbot", order=["base/B", "base/U", "base/U"]))
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    game.apply(Deploy("abbot", 0, 1, "C"))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    assert Recall("abbot", 0, 1) not in game.legal_actions()  # player 1's figure step
    game.apply(PASS)
    game.apply(PlaceTile(-1, 0, 0, "base/U"))
    assert Recall("abbot", 0, 1) in game.legal_actions()
    game.apply(PASS)
    assert game.is_over
    # the abbot at the end scores like a monk: 1 + (0,0) + (1,0) + (-1,0) = 4
    assert game.breakdown[0] == {"cloister": 4}


def test_abbot_recall_action():
    game = Game(setup("abbot", order=["base/B", "base/U", "base/U", "base/U"]))
    game.apply(PlaceTile(0, 1, 0, "base/B"))
    game.apply(Deploy("abbot", 0, 1, "C"))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(2, 0, 0, "base/U"))
    events = game.apply(Recall("abbot", 0, 1))
    assert game.scores[0] == 3 and game.supply[0]["abbot"] == 1
    assert [e.reason for e in events if e.kind == "score"] == ["recall"]
    with pytest.raises(IllegalActionError):
        game.apply(Recall("abbot", 0, 1))




def test_no_layer_core_names_an_expansion():
    """engine/, ui/ and ai/ outside their expansions/ folders name no expansion,
    none of their figures and none of their symbols (DESIGN 2c)."""
    names = set(registry()) - {"base"}
    figures = {f.name for cls in registry().values() if cls.id != "base"
               for f in cls({"farmers": True}).figures()}
    symbols = {"inn", "cathedral", "spring", "lake", "river_end", "garden", "wine", "grain",
               "cloth", "hill", "vineyard", "shepherd", "flock", "sheep", "goods", "king",
               "robber_baron", "shrine", "heretic", *COUNT_SYMBOLS}
    forbidden = (names | figures | symbols) - COMMON_WORDS
    package = ENGINE.parent
    for layer in ("engine", "ui", "ai"):
        for path in (package / layer).rglob("*.py"):
            if "expansions" in path.relative_to(package).parts:
                continue
            text = path.read_text(encoding="utf-8")
            code = re.sub(r'""".*?"""', "", text, flags=re.S)
            code = re.sub(r"#.*", "", code)
            for name in forbidden:
                assert not re.search(rf"\b{name}\b", code), f"{layer}/{path.name} names {name!r}"
