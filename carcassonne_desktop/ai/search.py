"""The look-ahead of the `hard` player: sampled expectimax over whole turns.

The root candidates are the best whole turns by the evaluation. Each round
draws one possible future from the unseen tiles (`knowledge.sampled_copy`,
never the real order), plays every candidate in that same future (common
random numbers: candidates are compared on the same draws, which removes most
of the sampling noise from the comparison), lets each opponent answer with its
own best whole turn (the `medium` policy), and evaluates the margin for the
searching seat. The average over rounds estimates each candidate's expected
value with the draw treated as chance.

The next draw, which decides the opponent's answer, is stratified: round i
gets tile number i of one shuffled list of the unseen tiles, so after as many
rounds as there are tile types every type has come up about as often as its
count says (sampling without replacement from the chance node over tile
types), instead of some types twice and others never.

This module is pure computation, so the same code runs in the main process
and in a helper process (root parallelism: each process plays its own rounds
and the results are merged by round number).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.knowledge import public_counts, sampled_copy
from carcassonne_desktop.ai.shared_rankings import RoundRankings, judged_alone
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import Action, Game, IllegalActionError
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.events import OutcomeRevealed

#: One round's value per candidate (None: not played in that round).
RoundValues = list[float | None]


def best_turn_after(
    game: Game, evaluator: Evaluator, deadline: Deadline | None = None,
    limit: int | None = None, rng: random.Random | None = None,
    rankings: RoundRankings | None = None,
) -> Game | None:
    """The position after the seat to move plays its best whole turn (None
    if the deadline passes first: a half-searched answer is no answer).
    With a `limit`, the best of that many whole turns, from the placements
    judged alone first (`promising_firsts`): what a search can afford when a
    seat has thousands of whole turns. Taken in a shuffled order instead,
    the answers were a random few of them, far weaker than the `medium`
    answer they stand for (hard lost both of its games with them, bench/ai.md).
    `rankings` lets the candidates of one round share that judgement (`shared_rankings.py`)."""
    seat = game.deciding_player
    best: tuple[float, Game] | None = None
    firsts = None
    if limit is not None:
        firsts = promising_firsts(game, evaluator, seat, rng or random.Random(0), deadline,
                                  rankings)
        if firsts is None:
            return None
    for count, turn in enumerate(whole_turns(game, firsts)):
        if deadline is not None and deadline.expired():
            return None
        if limit is not None and count >= limit:
            break
        value = evaluator.evaluate(turn.after, seat)
        if best is None or value > best[0]:
            best = (value, turn.after)
    return best[1] if best is not None else game


def promising_firsts(
    game: Game, evaluator: Evaluator, seat: int, rng: random.Random,
    deadline: Deadline | None = None, rankings: RoundRankings | None = None,
) -> list[Action] | None:
    """The first actions of the seat's turn, best first as judged by the
    position each leaves on its own (a placement with its figure step
    declined, `turns.first_alone`):
    one evaluation per placement instead of one per whole turn, so a capped
    answer looks at the whole turns of the likeliest placements. Equal
    values keep the `rng`'s shuffled order. None if the deadline passes.
    With `rankings`, judged as `RoundRankings.rank` says (at once: a few
    dozen evaluations, most of them taken from the round's first candidate)."""
    firsts = list(game.legal_actions())
    rng.shuffle(firsts)
    values = (judged_alone(game, evaluator, seat, firsts, deadline) if rankings is None
              else rankings.rank(game, evaluator, seat, firsts, deadline))
    if values is None:
        return None
    order = sorted(range(len(firsts)), key=lambda i: -values[i])
    return [firsts[i] for i in order]


def play_out(
    game: Game, seat: int, evaluator: Evaluator, own_turns: int = 0,
    deadline: Deadline | None = None, answer_turns: int | None = None,
    rng: random.Random | None = None, rankings: RoundRankings | None = None,
) -> float | None:
    """Let every opponent answer (and the seat itself `own_turns` more times),
    then evaluate for `seat`; None if the deadline passes on the way, so a
    search never overruns its budget by more than one whole-turn evaluation
    (with many players a whole future takes far longer than that). Each
    answer judges at most `answer_turns` whole turns (None: all of them),
    with `rankings` shared by the round's candidates (`best_turn_after`).

    Only a new turn of the seat's counts as its own turn (or ends the
    future): a question the seat still has in the turn just played, or is
    asked in an opponent's turn (a score pawn to move, with the Messages),
    is answered the best way and the future goes on. Counting those ended
    the future before any opponent answered, so a candidate that left such
    a question was judged safe from every answer (bench/ai.md, session 9)."""
    remaining_own = own_turns
    counted = game.turn  # the turn just played is not one of the seat's own turns to come
    guard = game.num_players * (own_turns + 1) * 3
    while not game.is_over and guard > 0:
        guard -= 1
        if game.deciding_player == seat and game.turn_player == seat and game.turn != counted:
            if remaining_own == 0:
                break
            remaining_own -= 1
            counted = game.turn
        following = best_turn_after(game, evaluator, deadline, answer_turns, rng, rankings)
        if following is None:
            return None
        game = following
    return evaluator.evaluate(game, seat)


def round_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7_919) & 0xFFFFFFFF


def draw_schedule(game: Game, seed: int) -> list[str]:
    """The unseen tiles that can come next (public counts narrowed by the
    game's `next_draws`: river tiles during the river; canonical order)
    shuffled with `seed`: round i forces tile i modulo the length as the next
    draw. Empty when opponents hold hidden hands (the next draw is then not
    the next answer)."""
    if any(hand for player, hand in enumerate(game.hands) if player != game.deciding_player):
        return []
    tiles = sorted(game.next_draws(public_counts(game)).elements())
    random.Random(seed ^ 0x5EED).shuffle(tiles)
    return tiles


def sampled_world(game: Game, seed: int, index: int, schedule: Sequence[str]) -> Game:
    """Round `index`'s future: a fresh deal of the unseen tiles whose next
    draw follows the stratified schedule."""
    world = sampled_copy(game, random.Random(round_seed(seed, index)))
    if schedule and world.bag:
        wanted = schedule[index % len(schedule)]
        bag = world.bag
        for position in range(len(bag) - 1, -1, -1):
            if bag[position] == wanted:
                bag[position], bag[-1] = bag[-1], bag[position]
                break
    return world


def run_rounds(
    game: Game,
    candidates: Sequence[Sequence[Action]],
    seed: int,
    deadline: Deadline,
    first_round: int = 0,
    step: int = 1,
    own_turns: int = 0,
    max_rounds: int | None = None,
    active: Sequence[int] | None = None,
    answer_turns: int | None = None,
    share_rankings: bool = False,
) -> dict[int, RoundValues]:
    """Rounds first_round, first_round + step, ... until the deadline (or
    after `max_rounds` rounds: a fixed amount of work gives reproducible
    decisions, for tests and analysis). Only the `active` candidates (all by
    default) are played; `share_rankings` as `play_round`.

    Returns {round number: value per candidate}. A round stops half-way when
    time is up, so some of its values may be None.
    """
    seat = game.deciding_player
    evaluator = Evaluator(game)
    schedule = draw_schedule(game, seed)
    playing = list(range(len(candidates))) if active is None else list(active)
    rounds: dict[int, RoundValues] = {}
    index = first_round
    while not deadline.expired() and (max_rounds is None or len(rounds) < max_rounds):
        rounds[index] = play_round(game, candidates, playing, seat, evaluator, seed, index,
                                   schedule, deadline, own_turns, answer_turns, share_rankings)
        index += step
    return rounds


def play_round(
    game: Game, candidates: Sequence[Sequence[Action]], playing: Sequence[int], seat: int,
    evaluator: Evaluator, seed: int, index: int, schedule: Sequence[str],
    deadline: Deadline | None, own_turns: int, answer_turns: int | None = None,
    share_rankings: bool = False,
) -> RoundValues:
    """Every playing candidate in round `index`'s future (with capped
    answers, each candidate's answers look at the same shuffled placements
    first: the candidates still meet the same opponents' choices; with
    `share_rankings` they share how those placements are judged alone,
    `shared_rankings.py`)."""
    world = sampled_world(game, seed, index, schedule)
    rankings = RoundRankings() if answer_turns and share_rankings else None
    values: RoundValues = [None] * len(candidates)
    for i in playing:
        if deadline is not None and deadline.expired():
            break
        line = play_line(world, candidates[i], evaluator, deadline)
        order = random.Random(round_seed(seed, index) ^ 0xA5A5) if answer_turns else None
        values[i] = None if line is None else play_out(line, seat, evaluator, own_turns, deadline,
                                                       answer_turns, order, rankings)
    return values


def play_line(world: Game, actions: Sequence[Action], evaluator: Evaluator,
              deadline: Deadline | None) -> Game | None:
    """A copy of `world` after a candidate turn. The turn's actions after
    chance drawn mid-turn (a sheep token, a die) were chosen for the outcome
    the enumeration drew, not for this world's: from there the seat finishes
    its turn the best way for the outcome drawn here (a shepherd put back
    in one world by the wolf is still out in another, so the rest of the
    line may not even be legal). The same when an action of the line is not
    legal in this world for any other reason (a Messages game crashed hard's
    search with a score-pawn answer where this world asked for the next
    tile). None if the deadline passes on the way."""
    seat = world.deciding_player
    line = world.copy()
    for k, action in enumerate(actions):
        try:
            events = line.apply(action)
        except IllegalActionError:  # apply changed nothing
            pending = line.pending
            if pending is None or pending.player != seat or (k and pending.kind == PLACE_TILE):
                return line
            return best_turn_after(line, evaluator, deadline)
        if k + 1 < len(actions) and any(isinstance(e, OutcomeRevealed) for e in events):
            pending = line.pending
            if pending is None or pending.player != seat or pending.kind == PLACE_TILE:
                return line
            return best_turn_after(line, evaluator, deadline)
    return line


def means(rounds: dict[int, RoundValues], size: int) -> list[float | None]:
    """Average value of every candidate over the rounds that played it."""
    sums = [0.0] * size
    counts = [0] * size
    for values in rounds.values():
        for i, v in enumerate(values):
            if v is not None:
                sums[i] += v
                counts[i] += 1
    return [s / c if c else None for s, c in zip(sums, counts)]


def paired_gap(rounds: dict[int, RoundValues], better: int, other: int) -> tuple[float, float, int]:
    """(mean, standard error, n) of value[better] - value[other] over the
    rounds that played both (the same future: common random numbers)."""
    diffs = [
        values[better] - values[other]  # type: ignore[operator]
        for values in rounds.values()
        if values[better] is not None and values[other] is not None
    ]
    n = len(diffs)
    if n < 2:
        return (diffs[0] if diffs else 0.0, float("inf"), n)
    m = sum(diffs) / n
    variance = sum((d - m) ** 2 for d in diffs) / (n - 1)
    return (m, math.sqrt(variance / n), n)
