"""What the New game screen edits: the seats, the options and the
expansions, as a plain model that converts to and from the record's setup
dict (DESIGN.md section 5), so resizing the window or switching language
never loses what the player typed, and a remembered setup spoilt by a
person or a crash gives back what is still usable."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.setup import name_problem, same_name_key
from carcassonne_desktop.ui.art.meeples import player_colour_names

MIN_PLAYERS = 2
MAX_PLAYERS = 8
# A new computer seat starts at the level a family most often wants: it plays
# sensibly without being crushing (setup lists the others).
DEFAULT_COMPUTER = "ai:medium"


@dataclass(frozen=True)
class OptionChoice:
    """A game option an expansion declares (`Expansion.options`), as the
    setup screen offers it: a check box named by ``setup.<name>`` (its tip
    ``setup.<name>_tip``, in the expansion's i18n fragment), shown while
    `expansion` is chosen (the base game's always)."""

    name: str
    default: bool
    expansion: str


def option_choices() -> tuple[OptionChoice, ...]:
    """Every yes/no option the expansions declare, in registry order (the
    base game's first), so an expansion's option reaches the setup screen
    without a list kept here."""
    from carcassonne_desktop.engine import registry

    return tuple(OptionChoice(name, default, exp_id)
                 for exp_id, cls in registry().items()
                 for name, default in cls.options.items() if isinstance(default, bool))


def option_names(expansions: Sequence[str] | None = None) -> tuple[str, ...]:
    """The options offered with `expansions` chosen (None: every option)."""
    return tuple(o.name for o in option_choices()
                 if expansions is None or o.expansion == "base" or o.expansion in expansions)


def default_options() -> dict[str, bool]:
    return {o.name: o.default for o in option_choices()}


@dataclass
class Seat:
    name: str
    color: str
    controller: str = "human"


@dataclass
class SetupModel:
    """What the setup screen edits; converts to and from the record's setup dict."""

    seats: list[Seat] = field(default_factory=list)
    #: Every declared option's value, chosen expansions or not (a choice is
    #: kept while its expansion is switched off and on again).
    options: dict[str, bool] = field(default_factory=default_options)
    expansions: list[str] = field(default_factory=lambda: ["base"])

    @classmethod
    def default(cls, count: int = 2) -> SetupModel:
        colours = player_colour_names()
        seats = [Seat(i18n.tr("setup.default_name", n=i + 1), colours[i]) for i in range(count)]
        if count >= 2:
            seats[1].controller = DEFAULT_COMPUTER
        return cls(seats)

    @classmethod
    def from_setup(cls, setup: Any, controllers: Sequence[str],
                   expansion_ids: Sequence[str]) -> SetupModel:
        """Rebuild the model from a remembered setup, dropping anything no longer valid.

        The remembered setup comes from the settings file, which a person or a
        crash may have spoilt: any field of the wrong type is ignored on its own
        (the others are kept) rather than stopping "New game".
        """
        model = cls.default()
        if not isinstance(setup, dict):
            return model
        seats = _remembered_seats(setup.get("players"), controllers)
        if len(seats) >= MIN_PLAYERS:
            model.seats = seats
            model.renumber_default_names()
        options = setup.get("options", {})
        if isinstance(options, dict):
            for name in option_names():
                if isinstance(options.get(name), bool):
                    model.options[name] = options[name]
        expansions = setup.get("expansions", [])
        chosen = ([e for e in expansions if isinstance(e, str) and e in expansion_ids]
                  if isinstance(expansions, list) else [])
        model.expansions = ["base"] + [e for e in chosen if e != "base"]
        return model

    def to_setup(self) -> dict[str, Any]:
        return {
            "players": [{"name": s.name.strip(), "color": s.color, "controller": s.controller} for s in self.seats],
            "expansions": list(self.expansions),
            # only the options of the chosen expansions: the engine refuses others
            "options": {name: self.options[name] for name in option_names(self.expansions)
                        if name in self.options},
        }

    def errors(self) -> list[str]:
        """Translation keys of what prevents starting (empty when the setup is valid)."""
        problems: list[str] = []
        if not MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS:
            problems.append("setup.error_players")
        if any(not s.name.strip() for s in self.seats):
            problems.append("setup.error_names")
        if len({s.color for s in self.seats}) != len(self.seats):
            problems.append("setup.error_colours")
        if self.duplicate_names():
            problems.append("setup.error_same_names")
        return problems

    def duplicate_names(self) -> set[int]:
        """Seats whose name another seat already has, as the players would read them
        ("Ann", "ann " and "ANN" are one name); the game refuses two equal names."""
        seen: dict[str, int] = {}
        twins: set[int] = set()
        for index, seat in enumerate(self.seats):
            folded = same_name_key(seat.name)
            if not folded:
                continue
            if folded in seen:
                twins.update((seen[folded], index))
            seen.setdefault(folded, index)
        return twins

    def fit_controllers(self, controllers: Sequence[str]) -> None:
        """Seats asking for a computer level this build does not offer get the
        closest one offered (the default level, else the strongest listed)."""
        computers = [c for c in controllers if c != "human"]
        for seat in self.seats:
            if seat.controller not in controllers:
                seat.controller = (DEFAULT_COMPUTER if DEFAULT_COMPUTER in computers
                                   else computers[-1] if computers else "human")

    def add_seat(self) -> None:
        if len(self.seats) >= MAX_PLAYERS:
            return
        free = [c for c in player_colour_names() if all(s.color != c for s in self.seats)]
        self.seats.append(Seat(i18n.tr("setup.default_name", n=len(self.seats) + 1), free[0],
                               self.seats[-1].controller if self.seats else DEFAULT_COMPUTER))

    def remove_seat(self, index: int) -> None:
        if len(self.seats) > MIN_PLAYERS and 0 <= index < len(self.seats):
            del self.seats[index]
            self.renumber_default_names()

    def renumber_default_names(self) -> None:
        """A seat still called by a default name ("Joueur 3", "Player 3") takes
        the number of its place: with two seats left, nobody is "Joueur 3"
        (family table, second round). Names a player typed are kept."""
        for index, seat in enumerate(self.seats):
            if _is_default_name(seat.name):
                seat.name = i18n.tr("setup.default_name", n=index + 1)


def _usable_name(value: Any) -> bool:
    """A remembered name the entry field can show (a string without control characters)."""
    return isinstance(value, str) and name_problem(value) is None


def _remembered_seats(players: Any, controllers: Sequence[str]) -> list[Seat]:
    """The seats of a remembered setup: each bad field replaced, each bad seat skipped."""
    if not isinstance(players, list):
        return []
    colours = player_colour_names()
    seats: list[Seat] = []
    for player in players[:MAX_PLAYERS]:
        if not isinstance(player, dict):
            continue
        color = player.get("color")
        if color not in colours or any(s.color == color for s in seats):
            color = next(c for c in colours if all(s.color != c for s in seats))
        controller = player.get("controller", "human")
        if controller not in controllers:
            controller = "human"
        name = player.get("name")
        if not _usable_name(name):
            name = i18n.tr("setup.default_name", n=len(seats) + 1)
        seats.append(Seat(name[:24], color, controller))
    return seats


def _is_default_name(name: str) -> bool:
    """Whether `name` is a seat's default name in any language ("Joueur 2", "Player 7")."""
    for code in i18n.available_languages():
        pattern = str(i18n.raw_table(code).get("setup", {}).get("default_name", ""))
        prefix, _, suffix = pattern.partition("%{n}")
        if pattern and name.startswith(prefix) and name.endswith(suffix):
            middle = name[len(prefix):len(name) - len(suffix)]
            if middle.isdigit() and middle.isascii():
                return True
    return False
