"""The evaluation's tunable constants, apart from the evaluator that reads
them: self-play tuning and the research scripts change these numbers and
nothing else, and each carries the measurement that set it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable constants of the evaluation (tuned by self-play)."""

    # Share of the unseen tiles that the seat, or someone, will play on a cell.
    draw_share: float = 0.75
    # Chance that a fitting tile closes rather than extends, per extra open cell.
    cell_decay: float = 0.85
    # Expected growth per open cell when a road / city gets completed.
    road_growth: float = 0.5
    city_growth: float = 0.6
    # Worth of the first follower in supply; each further one is worth
    # `supply_decay` times the previous. Large on purpose (bench/ai.md,
    # 2026-11-23): a follower spent on a field or a long shot early is a
    # follower missing for the rest of the game.
    follower: float = 30.0
    supply_decay: float = 0.7
    # Turns left below which followers in supply start losing their worth.
    follower_horizon: float = 10.0
    # A follower on the board counts as its chance of coming back times this
    # per open cell its feature still waits for (it is away meanwhile).
    locked_decay: float = 0.8
    # If positive: followers beyond this many per turn left count for nothing
    # (a seat places at most one a turn).
    turn_cap: float = 1.0
    # Worth of each of the first `reserve_count` majority figures actually in
    # supply (not expected back): a seat whose followers are all out, even on
    # features that will close, cannot answer the next good opportunity
    # (bench/ai.md, 2026-11-24 (later): stronger, and keeps about one more).
    reserve: float = 10.0
    reserve_count: float = 1.0
    # A follower on an open road or city counts this much less per tile the
    # feature already has beyond two (big features take long to close).
    size_decay: float = 1.0
    # If 1: figures that never win a majority (builder, pig, shepherd) are
    # valued apart, as the last figures of a full supply, so that they do not
    # push the followers down the `supply_decay` series (with every expansion
    # a follower in supply was worth a tenth of its base-game worth). On since
    # 2026-11-24 (session 7): 61% of 100 games with the figure expansions, 60%
    # of 60 with every expansion (bench/ai.md); no change without those figures.
    weak_apart: float = 1.0
    # If 1 (with `weak_apart`): figures that never stand on a road or a city
    # (the abbot: cloisters and gardens only) are valued apart too and are
    # no reserve: otherwise an abbot at home makes every normal follower look
    # cheap, and satisfies the reserve while no follower is left. On since
    # 2026-11-24 (session 8): with the crown's wait, 63.6% of 44 games with
    # every expansion, margin +24.6 (+0.4..+48.9) (bench/ai.md).
    narrow_apart: float = 1.0
    # Discount of a feature an opponent's feature can be joined to.
    threat: float = 0.85
    # How much a figure in supply counts, by its strength in majorities:
    # 1 for a follower, +0.4 per extra unit (the large follower), 0.5 for a
    # figure that never wins a majority (builder, pig, shepherd).
    strength_weight: float = 0.4
    weak_figure: float = 0.5


DEFAULT_WEIGHTS = Weights()
