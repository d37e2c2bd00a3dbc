"""The game record (DESIGN.md section 5): setup + actions; positions are
derived by replaying the actions through the engine."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carcassonne_desktop.engine.actions import Action, parse_action
from carcassonne_desktop.engine.errors import (
    EngineError,
    IllegalActionError,
    MalformedError,
    RecordError,
)
from carcassonne_desktop.engine.events import Event, PointsScored
from carcassonne_desktop.engine.game import Game
from carcassonne_desktop.engine.setup import GameSetup

RECORD_FORMAT = "carcassonne-record/1"
RECORD_KEYS = frozenset({"format", "setup", "actions"})


@dataclass(slots=True)
class GameRecord:
    setup: GameSetup
    actions: list[Action] = field(default_factory=list)

    # ------------------------------------------------------------- parsing
    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        if not isinstance(data, Mapping):
            raise MalformedError("a game record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise MalformedError(
                f"not a game record: format is {data.get('format')!r}, expected {RECORD_FORMAT!r}"
            )
        unknown = set(data) - RECORD_KEYS
        if unknown:
            raise MalformedError(f"unknown record field(s): {', '.join(sorted(unknown))}")
        setup = GameSetup.from_json(data.get("setup"))
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise MalformedError("'actions' must be a list")
        actions = []
        for index, raw in enumerate(raw_actions):
            try:
                actions.append(parse_action(raw))
            except MalformedError as exc:
                raise RecordError(str(exc), index) from None
        return cls(setup, actions)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MalformedError(f"not valid JSON ({exc.msg} at line {exc.lineno})") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise MalformedError(f"cannot read {path}: {exc}") from None
        return cls.loads(text)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "setup": self.setup.to_json(),
            "actions": [a.to_json() for a in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @classmethod
    def from_game(cls, game: Game) -> GameRecord:
        return cls(game.setup, list(game.history))

    # ------------------------------------------------------------- replay
    def replay(self, upto: int | None = None) -> Replay:
        """Rebuild the game; a bad action is reported with its index and the
        reason, and nothing of the record is accepted past it."""
        try:
            game = Game(self.setup)
        except EngineError as exc:
            raise RecordError(f"bad setup: {exc}") from None
        events: list[tuple[int, Event]] = [(-1, e) for e in game.opening_events]
        actions = self.actions if upto is None else self.actions[:upto]
        for index, action in enumerate(actions):
            if game.is_over:
                raise RecordError("the game is already over", index)
            try:
                for event in game.apply(action):
                    events.append((index, event))
            except IllegalActionError as exc:
                raise RecordError(f"illegal {action.type}: {exc.reason}", index) from None
        return Replay(game, events)


@dataclass(slots=True)
class Replay:
    game: Game
    events: list[tuple[int, Event]]

    def summary(self) -> dict[str, Any]:
        """The `replay --json` document (DESIGN.md section 6)."""
        game = self.game
        names = game.players()
        players = []
        for index, name in enumerate(names):
            players.append(
                {
                    "name": name,
                    "color": game.setup.players[index].color,
                    "score": game.scores[index],
                    "breakdown": dict(sorted(game.breakdown[index].items())),
                }
            )
        events = []
        for action_index, event in self.events:
            if isinstance(event, PointsScored):
                events.append(
                    {
                        "action_index": action_index,
                        "kind": "score",
                        "feature": event.feature,
                        "players": [names[p] for p in event.players],
                        "points": event.points,
                        "reason": event.reason,
                        "tiles": [list(t) for t in event.tiles],
                    }
                )
        return {
            "finished": game.is_over,
            "turn": game.turn,
            "actions": len(game.history),
            "tiles_left": game.tiles_left(),
            "players": players,
            "winners": [names[i] for i in game.winners()] if game.is_over else [],
            "events": events,
        }


def replay_summary(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record given as parsed JSON and return the summary document."""
    return GameRecord.from_json(record).replay().summary()
