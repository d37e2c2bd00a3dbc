"""The `hard` player: whole-turn candidates from the evaluation, refined by a
sampled look-ahead (see search.py) until the choice is clear or time is up.

Each sampled future plays the candidate, the opponent's answer (the `medium`
policy), the seat's own next turn and the opponent's next answer, then
evaluates the margin; with 4 tiles or fewer left it plays to the end. A
decision whose futures cannot fit its minimum rounds is given up: the root's
best turn is played at once (with `shallow_when_short`, a research switch,
it plays shorter futures instead).

Anytime: the root ranking alone is a complete answer (it is the `medium`
move); every search round only refines it, and the best average so far is
played when time is up or the interface cancels. Candidates are compared on
the same sampled futures, so after a few rounds the paired differences tell
which are clearly worse (dropped, the remaining rounds go to the contenders)
and when the rest can no longer matter (the search stops early): a clear or
trivial choice takes a fraction of the budget, only close calls use it all.
With a second core, a helper process plays every other round in short chunks
(parallel.py); without one, everything runs here.
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne_desktop.ai import parallel
from carcassonne_desktop.ai.deadline import Deadline, now
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.ai.root_worlds import POOL, WINDOW, WORLDS, rejudge_in_worlds
from carcassonne_desktop.ai.search import (
    RoundValues,
    draw_schedule,
    means,
    paired_gap,
    play_round,
)
from carcassonne_desktop.engine import Action, Game


class HardPlayer(Player):
    """Sampled expectimax over whole turns with the evaluation at the leaves."""

    level = "hard"
    #: The most a decision may take; clear choices stop well before. Below
    #: 2.5 s so that the product target (p50 <= 2.5 s, p95 <= 4 s) holds even
    #: when a loaded machine keeps the search from settling early (with 3 s,
    #: p50 was 3.02 s at a load average of 20 on 2 cores; bench/ai.md).
    default_budget = 2.4
    #: Most root candidates searched, and how far below the best (in points
    #: of evaluation) a candidate may be and still be searched.
    max_candidates = 6
    candidate_window = 6.0
    #: Own extra turns simulated after the opponents' answers (each followed
    #: by the opponents' answers again).
    own_turns = 1
    #: With this many tiles left or fewer, every round plays to the end.
    endgame_tiles = 4
    #: Share of the budget the root ranking may use before searching. The
    #: whole budget: the ranking is the `medium` move, hard's floor, and a
    #: ranking cut short is the best of a random subset of the turns (on a
    #: loaded machine 0.4 of the budget cut it often, and hard lost to medium;
    #: bench/ai.md, 2026-11-24). Alone it takes 1-3% of the budget.
    root_share = 1.0
    #: Rounds before a candidate may be judged, the confidence (in standard
    #: errors of the paired difference) needed to drop one, and the gain (in
    #: points) below which a candidate is not worth more time.
    min_rounds = 6
    confidence = 2.0
    indifference = 0.5
    #: Standard errors by which the search's leader must beat the root's
    #: best turn to be played instead of it.
    trust = 1.0
    #: Seconds of work per request to the helper process, at least; and at
    #: least this many rounds' worth when rounds are slower (with every
    #: expansion a round outlasted the 0.3 s chunk, and the helper's cut
    #: rounds were all lost).
    helper_chunk = 0.3
    helper_rounds = 2.5
    #: The search is given up (the root's best turn is played at once) when
    #: the time left is expected to play fewer than this share of
    #: `min_rounds`. Fewer than `min_rounds` rounds can only ever confirm the
    #: root's best turn (see `_choice`), so waiting for them changes nothing:
    #: with every expansion one round takes longer than the whole budget
    #: (bench/ai.md, session 9), and `hard` used to spend 2.4 s on every turn
    #: to play what it had found after its ranking. Half, not all: a round
    #: estimate may be pessimistic, and giving up too early would lose moves.
    #: Checked from the first round on: its pace was 0.25-2.0 times the later
    #: rounds' with every expansion (p50 0.92, 15 positions,
    #: bench/research/first_round.py), inside this margin. Waiting for a
    #: second round, hard spent its whole 2.4 s on a quarter of its mid-game
    #: placements to play the root's best turn anyway (bench/ai.md, session
    #: 12). Most of those first rounds ran to the deadline themselves, so the
    #: first round is also cut where this check would give it up once it
    #: ended (`_first_round_limit`, bench/ai.md, session 13).
    hopeless_share = 0.5
    #: The same before the first round, from an estimate (the root ranking's
    #: time per whole turn), so with a wider margin than the measured rounds.
    estimated_share = 0.25
    #: Progressive widening: the search starts with this many of the root's
    #: best turns and takes the next one every `widen_every` rounds, or at
    #: once when those it has are settled (0: all candidates from the start).
    #: With few rounds affordable, three contenders each get enough of them
    #: to be judged; six got none judged (issue 30).
    first_candidates = 3
    widen_every = 2
    #: Futures in which two candidates must be worth exactly the same before
    #: the worse-ranked one is dropped as a lookalike (`_without_lookalikes`).
    lookalike_rounds = 2
    #: When answering with every whole turn would not fit `min_rounds`
    #: rounds in the time left, each answer inside a future judges only as
    #: many whole turns (from the placements judged best alone) as let `answer_room` times
    #: `min_rounds` fit, and never fewer than `min_answer_turns`: with every expansion
    #: a seat has 500-3000 whole turns and one future took longer than the
    #: whole budget (bench/ai.md, session 9). Where whole answers fit (the
    #: base game on a quiet machine) nothing is capped.
    answer_room = 1.5
    min_answer_turns = 20
    #: Whether answers may be capped at all. Off in the product, with
    #: `shallow_when_short` (bench/ai.md, session 11): the two together let
    #: the search reach `min_rounds` on 63% of mid-game searches with every
    #: expansion, but once its futures were fixed (session 9) hard won 20 of
    #: 42 against medium with them and 45 of 80 with no search at all. Alone,
    #: at the full depth, the cap reached `min_rounds` on 79% but won 12 of 24
    #: (session 7). Only the shallowest depth's answers are capped (`_depth_plan`).
    cap_answers = False
    #: Whether the candidates of one round share how their capped answers'
    #: placements are judged alone (`shared_rankings.py`): the first
    #: candidate judges them all, the next ones only those near where their
    #: boards differ (about half of them; a capped round at 0.67 of its CPU,
    #: bench/ai.md session 17). Only with capped answers; off until games
    #: show it.
    share_rankings = False
    #: With `cap_answers`, whether answers are capped even when whole ones
    #: are expected to fit (then at `bound_factor` times the root's whole
    #: turns, or what the rounds that fit allow if more): the estimate reads
    #: the root's whole turns, and an opponent's tile may have many times as
    #: many. With every expansion 2 of 12 searched positions expected whole
    #: answers to fit, had their first round cut and gave the search up at
    #: half the budget (bench/research/search_reach.py, bench/ai.md session
    #: 17). Off until games show it.
    bound_answers = False
    #: The least a bounded answer may judge, in whole turns of the root's:
    #: the base game's whole answers fit, and an opponent's tile has about
    #: as many whole turns as the seat's (bounded at the rounds' share alone,
    #: they would have been halved there).
    bound_factor = 3
    #: With `cap_answers`, whether a first round too slow to let the search
    #: go on (cut at `_first_round_limit`, or `_hopeless` after it) makes the
    #: answers' cap smaller, once, instead of giving the search up: the cap
    #: scaled by how far that round overran what the time left allows.
    #: The estimate before the first round cannot see an answer's whole
    #: turns; with `bound_factor` 3 and every expansion 23 of 279 mid-game
    #: searches were given up that way (bench/ai.md, session 17). Off until
    #: games show it.
    shrink_slow_start = False
    #: When the full look-ahead (`own_turns`) is not expected to fit
    #: `min_rounds` rounds in the time left, look one own turn shallower
    #: (down to none: the candidate, each opponent's answer, the evaluation),
    #: a round about a third of the cost, and give up only when even that is
    #: hopeless. Decided once per decision, before the first round, so that
    #: every paired difference compares futures of one depth. Off in the
    #: product (bench/ai.md, session 11), by the rule session 9 switched it on
    #: with (at least 55% against medium): with `cap_answers` and the fixed
    #: futures it won 20 of 42 (47.6%) with every expansion, where the root's
    #: best alone won 45 of 80 in 0.37 s a placement (p50) instead of 2.4 s.
    #: Every next tile played out (bench/research/next_tile_spread.py) says
    #: why: with every expansion the shallow model finds about +0.09
    #: evaluation points a placement over the root's best. The base game
    #: never goes shallow (its whole rounds fit), switch or not.
    shallow_when_short = False
    #: The root's best turns (up to `world_pool`, within `world_window`
    #: points of the best) judged again as their mean over `root_worlds`
    #: sampled worlds before anything else (`root_worlds.py`): the ranking
    #: judges what a turn reveals (a sheep token, a message, the next tile
    #: and its wheel turn) by one outcome. With every expansion that cost
    #: 0.188 evaluation points a placement, and 8 worlds win back 0.17 of it
    #: (bench/ai.md, session 11); in the base game the first world shows
    #: nothing uncertain and it stops there. 0: the ranking as it is.
    root_worlds = WORLDS
    world_pool = POOL
    world_window = WINDOW

    def __init__(
        self, seed: int | None = None, workers: int | None = None, rounds: int | None = None
    ) -> None:
        """`workers`: processes to search with (None: one per core, at most 2;
        1: this process only). `rounds`: stop after that many sampled futures
        even before the deadline (single-process only: reproducible play)."""
        super().__init__(seed)
        self.rounds = rounds
        #: What the last search did (for benchmarks and curious users).
        self.last_stats: dict[str, int] = {}
        self.helpers = parallel.helper_count() if workers is None else max(0, workers - 1)
        if rounds is not None:
            self.helpers = 0
        if self.helpers:
            parallel.warm_up()

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        evaluator = Evaluator(game)
        firsts = list(legal)
        self.rng.shuffle(firsts)
        root_deadline = Deadline(max(deadline.remaining(), 0.0) * self.root_share,
                                 deadline.cancel_event)
        started = now()
        ranked = rank_turns(game, evaluator, firsts, root_deadline, self.rng)
        ranking_seconds = now() - started
        if not ranked:
            return firsts[0]
        ranked = rejudge_in_worlds(game, evaluator, ranked, self.rng, deadline,
                                   self.world_pool, self.world_window, self.root_worlds)
        best_value = ranked[0][0]
        candidates = [
            actions for value, actions in ranked[: self.max_candidates]
            if value >= best_value - self.candidate_window
        ]
        choice = candidates[0]
        self.last_stats = {"candidates": len(candidates), "samples": 0, "helper_samples": 0,
                           "reached": 0}
        if len(candidates) > 1 and not deadline.expired():
            choice = self._search(game, candidates, deadline, ranking_seconds, len(ranked))
        self.remember_plan(game, choice)
        return choice[0]

    def _answer_cap(
        self, turns: int, full_round: float, remaining: float, processes: int
    ) -> int | None:
        """How many whole turns each answer inside a future may judge (None:
        all, when `min_rounds` whole rounds fit in the time left, unless
        `bound_answers`): as many as let `answer_room` × `min_rounds` rounds
        fit, `turns` being about what a whole answer judges."""
        if not self.cap_answers or self.rounds is not None or full_round <= 0.0:
            return None
        fits = max(remaining, 0.0) * processes / full_round
        cap = max(self.min_answer_turns, int(turns * fits / (self.answer_room * self.min_rounds)))
        if fits >= self.min_rounds:
            # whole answers expected to fit: bounded only where an answer has
            # many times the root's whole turns
            return max(cap, self.bound_factor * turns) if self.bound_answers else None
        return cap

    def _target_round(self, remaining: float, processes: int) -> float:
        """The seconds a round may take for `answer_room` × `min_rounds` of
        them to fit in `remaining` with `processes`."""
        return max(remaining, 0.0) * processes / (self.answer_room * self.min_rounds)

    def _smaller_cap(
        self, cap: int | None, turns: int, round_seconds: float, remaining: float,
        processes: int, shrunk: bool,
    ) -> int | None:
        """With `shrink_slow_start`, the answers' cap that lets the rounds fit
        after a first round at `cap` (None: whole answers, about `turns`) took
        `round_seconds` (cut there, or too slow to go on): the cap scaled down
        by the round's excess. None when the search should be given up: not
        capping, shrunk once already, or no smaller cap left."""
        if (not (self.cap_answers and self.shrink_slow_start) or shrunk
                or self.rounds is not None or round_seconds <= 0.0):
            return None
        current = cap if cap is not None else turns
        scaled = int(current * self._target_round(remaining, processes) / round_seconds)
        smaller = max(self.min_answer_turns, scaled)
        return smaller if smaller < current else None

    def _widen(
        self, played: int, active: list[int], width: int, total: int, settled: bool
    ) -> tuple[list[int], int, bool]:
        """Progressive widening: the next root candidate joins every
        `widen_every` rounds, and at once when the ones in play are settled
        (the search then goes on with it)."""
        if width >= total:
            return active, width, settled
        if settled or played >= (width - self.first_candidates + 1) * self.widen_every:
            return sorted([*active, width]), width + 1, False
        return active, width, settled

    # ------------------------------------------------------------ search
    def _search(
        self, game: Game, candidates: list[tuple[Action, ...]], deadline: Deadline,
        ranking_seconds: float, turns: int,
    ) -> tuple[Action, ...]:
        seed = self.rng.getrandbits(32)
        own_turns = self.own_turns
        if game.tiles_left() <= self.endgame_tiles:
            own_turns = max(own_turns, game.tiles_left())
        use_helper = bool(self.helpers) and deadline.remaining() > 2 * self.helper_chunk
        processes = 2 if use_helper else 1
        width = len(candidates)
        if self.first_candidates > 0:
            width = min(self.first_candidates, width)
        plan = self._depth_plan(game, own_turns, width, ranking_seconds, turns,
                                deadline.remaining(), processes)
        if plan is None:
            return self._give_up(candidates, 0, 0, own_turns=own_turns)
        own_turns, cap, round_estimate = plan
        seat = game.deciding_player
        evaluator = Evaluator(game)
        schedule = draw_schedule(game, seed)
        rounds: dict[int, RoundValues] = {}
        active = list(range(width))
        step = 2 if use_helper else 1
        next_main, next_helper = 0, 1
        future = None
        main_rounds = helper_rounds = 0
        settled = given_up = shrunk = False
        first_started = searching = measured = 0.0
        while not deadline.expired():
            if self.rounds is not None and main_rounds >= self.rounds:
                break
            if use_helper:
                if future is not None and future.done():
                    got = parallel.collect(future, 0.0)
                    future = None
                    if got is None:
                        use_helper = False
                    else:
                        rounds.update(got)
                        helper_rounds += len(got)
                        if got:
                            next_helper = max(got) + 2
                        active, settled = self._prune(rounds, active)
                        active, width, settled = self._widen(len(rounds), active, width,
                                                             len(candidates), settled)
                        if settled:
                            break
                # a chunk holds a few rounds: a round cut at its end is lost
                pace = round_estimate if main_rounds < 2 else measured
                seconds = min(max(self.helper_chunk, self.helper_rounds * pace),
                              deadline.remaining() - 0.05)
                if future is None and use_helper and seconds > 0.05:
                    future = parallel.submit_rounds(
                        game, candidates, seed, seconds, own_turns,
                        first_round=next_helper, step=2, active=active, answer_turns=cap,
                        share_rankings=self.share_rankings,
                    )
                    if future is None:
                        use_helper = False
            round_deadline = deadline
            if main_rounds == 0:
                first_started = now()
                round_deadline = self._first_round_deadline(deadline, processes)
            values = play_round(
                game, candidates, active, seat, evaluator, seed, next_main, schedule,
                round_deadline, own_turns, cap, self.share_rankings,
            )
            # Past its limit the first round is hopeless once it ends
            # (`_first_round_limit`): its values are not kept.
            cut = (round_deadline is not deadline and round_deadline.expired()
                   and not deadline.expired())
            if not cut:
                rounds[next_main] = values
                next_main += step
                main_rounds += 1
                active, settled = self._prune(rounds, active)
                active, width, settled = self._widen(len(rounds), active, width,
                                                     len(candidates), settled)
                if settled:
                    break
                # The first round's own pace (it may be slower, caches cold, but
                # within `hopeless_share`'s margin), then the pace of those after it.
                if main_rounds == 1:
                    searching = now()
                    pace = searching - first_started
                else:
                    pace = measured = (now() - searching) / (main_rounds - 1)
                if not self._hopeless(len(rounds), deadline.remaining(), pace, processes,
                                      self.hopeless_share):
                    continue
            # Hopeless: the root's best turn without the wait, unless the first
            # round says smaller answers may still fit their rounds.
            smaller = (self._smaller_cap(cap, turns, now() - first_started,
                                         deadline.remaining(), processes, shrunk)
                       if main_rounds <= 1 else None)
            if smaller is None:
                given_up = True
                break
            cap, shrunk, main_rounds = smaller, True, 0
            round_estimate = self._target_round(deadline.remaining(), processes)
        if given_up:
            if future is not None:
                future.cancel()
            return self._give_up(candidates, len(rounds), helper_rounds, cap, own_turns)
        if future is not None and not settled and not deadline.cancelled:
            # The chunk was asked to end by the deadline: its rounds are due.
            got = parallel.collect(future, max(deadline.remaining(), 0.0) + 0.1)
            if got:
                rounds.update(got)
                helper_rounds += len(got)
        chosen = self._choice(rounds, active)
        self.last_stats = {
            "candidates": len(candidates), "samples": len(rounds),
            "helper_samples": helper_rounds, "left": len(active), "width": width,
            "reached": int(len(rounds) >= self.min_rounds), "answer_turns": cap or 0,
            "own_turns": own_turns,  # the depth of every round of this decision
            "shrunk": int(shrunk),  # the answers' cap made smaller after a slow first round
            # 0: the root's best turn (the `medium` move); more: the search overruled it
            "chosen": chosen,
        }
        return candidates[chosen]

    def _depth_plan(
        self, game: Game, own_turns: int, width: int, ranking_seconds: float, turns: int,
        remaining: float, processes: int,
    ) -> tuple[int, int | None, float] | None:
        """The depth (own turns), the answers' cap and the estimated seconds
        of a round for the whole decision, before its first round; None when
        even the shallowest depth allowed is hopeless (the search is given
        up). The full depth, or with `shallow_when_short` outside the endgame
        the deepest that fits `min_rounds` rounds with whole answers, down to
        none (with `cap_answers`, whose answers are then capped if need be)."""
        depths = [own_turns]
        if self.shallow_when_short and game.tiles_left() > self.endgame_tiles:
            depths += range(own_turns - 1, -1, -1)
        for depth in depths:
            # A round plays, for every candidate, one whole-turn answer per
            # turn looked ahead (no more than there are tiles to answer
            # with), each judging about as many whole turns as the root.
            answers = min((game.num_players - 1) * (depth + 1) + depth, game.tiles_left())
            estimate = width * answers * ranking_seconds
            # Answers are capped at the shallowest depth only: a deeper one
            # is kept for whole answers that fit, and is otherwise left for a
            # shallower one with answers as whole as its time allows (three
            # times the turns a capped full round could judge).
            cap = (self._answer_cap(turns, estimate, remaining, processes)
                   if depth == depths[-1] else None)
            if cap is not None and cap < turns:
                estimate *= cap / turns
            # a shallower depth is left only for full rounds that fit
            share = self.estimated_share if depth == depths[-1] else 1.0
            if not self._hopeless(0, remaining, estimate, processes, share):
                return depth, cap, estimate
        return None

    def _give_up(
        self, candidates: list[tuple[Action, ...]], samples: int, helper_samples: int,
        cap: int | None = None, own_turns: int = 0,
    ) -> tuple[Action, ...]:
        """The root's best turn, played without waiting for the search (see
        `hopeless_share`), and the record of how far the search got."""
        self.last_stats = {"candidates": len(candidates), "samples": samples,
                           "helper_samples": helper_samples, "given_up": 1, "reached": 0,
                           "answer_turns": cap or 0, "own_turns": own_turns}
        return candidates[0]

    def _first_round_limit(self, remaining: float, processes: int) -> float | None:
        """The longest the first round may take and not be judged hopeless
        when it ends: with `remaining` seconds at its start and a round of
        `r` seconds in each of `processes`, the check after it (`_hopeless`
        with one round done) gives up exactly when `1 + (remaining - r) / r *
        processes < share * min_rounds`, that is when `r` passes this limit.
        None: no first round is ever hopeless (a fixed round count, or a
        share that one round already meets)."""
        needed = self.hopeless_share * self.min_rounds - 1.0
        if self.rounds is not None or needed <= 0.0:
            return None
        return max(remaining, 0.0) * processes / (processes + needed)

    def _first_round_deadline(self, deadline: Deadline, processes: int) -> Deadline:
        """The deadline the first round plays to: `deadline`, or sooner at
        `_first_round_limit`, past which that round cannot change the move.
        With every expansion a round takes 1.7-7 s against a 2.4 s budget,
        and a first round that ran to the deadline spent the whole budget to
        play the root's best turn, which is what giving up plays at once."""
        limit = self._first_round_limit(deadline.remaining(), processes)
        if limit is None:
            return deadline
        return Deadline(limit, deadline.cancel_event)

    def _hopeless(
        self, done: int, remaining: float, round_seconds: float, processes: int, share: float
    ) -> bool:
        """Whether the rounds still to come by the deadline (at `round_seconds`
        a round in each of `processes`) leave the search short of `share` of
        `min_rounds` (never with a fixed round count: tests and analyses ask
        for their rounds)."""
        if self.rounds is not None or round_seconds <= 0.0:
            return False
        expected = done + max(remaining, 0.0) / round_seconds * processes
        return expected < share * self.min_rounds

    def _choice(self, rounds: dict[int, RoundValues], active: list[int]) -> int:
        """The search's leader if the sampled futures show it better than the
        root's best turn (the `medium` move), else the root's best: with few
        rounds (a short budget, or a loaded machine) the leader of a handful
        of noisy samples is worse than the evaluation's own choice. A leader
        short of `min_rounds` also means the root's best, even when an older
        candidate is trusted better: passing over it to that candidate
        lowered the regret in bench/research/tune_hard.py's replay (whose
        oracle is the search's own model), but it overruled the root's best
        three to four times as often and hard lost 4 of 4 games against
        medium with every expansion (bench/ai.md, session 4): more overrules
        of a capped model are not yet shown to be better."""
        if not rounds:
            return 0
        leader = _leader(means(rounds, len(next(iter(rounds.values())))), active)
        if leader == 0 or 0 not in active:
            return leader
        gap, error, n = paired_gap(rounds, leader, 0)
        return leader if n >= self.min_rounds and gap > self.trust * error else 0

    def _prune(self, rounds: dict[int, RoundValues], active: list[int]) -> tuple[list[int], bool]:
        """Drop the candidates clearly worse than the leader; settled when no
        remaining one can still beat it by more than `indifference`."""
        active = _without_lookalikes(rounds, active, self.lookalike_rounds)
        leader = _leader(means(rounds, len(next(iter(rounds.values())))), active)
        keep = [leader]
        settled = True
        for other in active:
            if other == leader:
                continue
            gap, error, n = paired_gap(rounds, leader, other)
            if n < self.min_rounds:
                keep.append(other)
                settled = False
                continue
            upside = -gap + self.confidence * error  # how much better `other` may be
            if upside < 0.0:
                continue
            keep.append(other)
            if upside > self.indifference:
                settled = False
        keep.sort()
        return keep, settled


def _without_lookalikes(
    rounds: dict[int, RoundValues], active: list[int], needed: int
) -> list[int]:
    """The active candidates but those worth exactly what a better-ranked
    active one is worth in every future both played (at least `needed` of
    them): another rotation of a symmetric tile, or a placement the
    evaluation cannot tell apart. With every expansion the root's first
    three candidates held 2.2 distinct moves on average (bench/ai.md,
    h-tune), so a third of each round went to playing a move twice."""
    kept: list[int] = []
    for candidate in active:
        if not any(_same_values(rounds, earlier, candidate, needed) for earlier in kept):
            kept.append(candidate)
    return kept


def _same_values(rounds: dict[int, RoundValues], one: int, other: int, needed: int) -> bool:
    shared = 0
    for values in rounds.values():
        a, b = values[one], values[other]
        if a is None or b is None:
            continue
        if a != b:
            return False
        shared += 1
    return shared >= needed


def _leader(averages: list[float | None], active: list[int]) -> int:
    """The active candidate with the best average so far (unplayed ones last;
    ties go to the better-ranked root candidate)."""
    return max(active, key=lambda i: (averages[i] if averages[i] is not None else float("-inf"), -i))
