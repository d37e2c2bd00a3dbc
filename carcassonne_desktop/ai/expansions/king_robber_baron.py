"""King & Robber Baron for the computer players: what each title will be worth
at the end, and who is likely to hold it then.

- Worth: the features of its kind completed so far, plus those expected in
  the tiles left at the rate seen so far (completions per tile placed).
- Holder at the end: the current holder keeps it unless an open feature
  already at least as large as the record gets completed by someone else;
  each such feature takes it with its chance of completion (the engine's
  prospects), and hands it to its majority owners (they usually close it), or
  to anyone when nobody is in it. Features not begun yet may take it too, the
  likelier the more tiles are left and the smaller the record.

Completing a larger city or road moves the token at once in the engine, so
the whole-turn search sees the title change hands and values it through this
term; leaving a rival's large open city near completion is priced too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term
from carcassonne_desktop.engine.expansions.king_robber_baron import (
    ID,
    TITLES,
    Title,
    start_count,
    title_of,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game

#: Share of a threatening feature's chance that goes to its majority owners.
OWNER_SHARE = 0.7
#: Features not begun yet take the title too: the chance nobody does before
#: the end is 1 / (1 + tiles left / (FUTURE_TILES * record)), so an early title
#: (small record, many tiles) is worth little and a late one nearly all.
FUTURE_TILES = 8.0


@evaluation_term(ID)
def titles(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    """Each title's worth to each player. What decides it, read of the
    position (the title, the tiles placed and left, and each open feature
    large enough to take it with its chance and owners), keys the
    additions, worked out once per decision for each (`Evaluator.carried`)."""
    outlook = evaluator.outlook(game)
    left = outlook.left
    placed = max(len(game.board), 1)
    n = game.num_players
    chance_of = outlook.chance
    owners_of = outlook.owners
    carried = evaluator.carried
    features = game.features
    # the features as large as the record: their sizes change only with the
    # roots (`Game.structure`), so the positions of one placement find them once
    memo = evaluator.by_structure(game)
    for kind in TITLES:
        title = title_of(game, kind)
        size = max(title.record, 1)
        contenders = []
        large = memo.get((titles, kind, size))
        if large is None:
            large = memo[(titles, kind, size)] = tuple(
                [root for root, feature in outlook.of_kind(kind) if len(feature.tiles) >= size])
        for root in large:
            feature = features[root]
            if feature.completed:
                continue
            chance = chance_of(root, feature)
            if chance <= 0.0:
                continue
            contenders.append((chance, owners_of(root, feature)))
        # (the start boards are laid at the setup: every position of the
        # decision has the same, so they are counted once per decision)
        started = carried((start_count, kind), lambda kind=kind: start_count(game, kind))
        key = (titles, kind, title, started, placed, left, tuple(contenders), n)
        for player, points in carried(key, lambda key=key: _title_additions(*key[1:])):
            totals[player] += points


def _title_additions(
    kind: str, title: Title, started: int, placed: int, left: int,
    contenders: tuple[tuple[float, tuple[int, ...]], ...], n: int,
) -> list[tuple[int, float]]:
    """What one title adds to each player's total, in order: (player, points)."""
    # the City of Carcassonne counts in the king's tally (start_count)
    worth = title.completed + started + title.completed / placed * left
    # who holds the title at the end: start from the holder, then let every
    # open feature at least as large as the record take its chance
    share = [0.0] * n
    if title.holder is not None:
        share[title.holder] = 1.0
    unclaimed = 1.0 if title.holder is None else 0.0
    for chance, owners in contenders:
        gain = [
            (OWNER_SHARE / len(owners) if p in owners else
             (1.0 - OWNER_SHARE) / max(n - len(owners), 1)) if owners else 1.0 / n
            for p in range(n)
        ]
        # completed, it goes to its completer (maybe the holder himself)
        share = [s * (1.0 - chance) + chance * g for s, g in zip(share, gain)]
        unclaimed *= 1.0 - chance
    # later features may still take it, from anyone to anyone
    keep = 1.0 / (1.0 + left / (FUTURE_TILES * max(title.record, 1)))
    unclaimed = 1.0 - keep * (1.0 - unclaimed)
    return [(p, worth * (keep * share[p] + unclaimed / n)) for p in range(n)]
