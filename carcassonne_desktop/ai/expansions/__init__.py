"""What each expansion adds to the computer players' judgement.

A module here per expansion (named after its id) registers evaluation terms
with `@evaluation_term("<id>")`; the evaluator runs the terms of the
expansions in play and nothing else, so the core evaluator never names an
expansion. Decisions of a kind without a policy of its own are judged the
generic way: every legal choice is tried on a sampled copy and the resulting
position evaluated (see ai/turns.py).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from carcassonne_desktop.ai.outlook import Outlook  # noqa: F401 (the terms' index)
from carcassonne_desktop.discovery import import_all

if TYPE_CHECKING:
    import random

    from carcassonne_desktop.ai.deadline import Deadline
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Action, Game
    from carcassonne_desktop.engine.features import Feature

#: (evaluator, game, totals) -> None: add each player's expected extra points
#: to `totals` (a list with one float per player).
Term = Callable[["Evaluator", "Game", list[float]], None]

_TERMS: dict[str, list[Term]] = {}

_T = TypeVar("_T")

#: (evaluator, game) -> [(player, figure, back)]: figures an expansion keeps
#: off the tiles until something sends them home (the Wheel's crown), with
#: `back` their chance of coming home discounted for the wait, the way the
#: core discounts a follower on an open feature by `locked_decay` per cell it
#: waits for. The evaluator counts them in its supply series with the
#: followers on features: a figure away for most of the game is then worth
#: what it really is, neither thrown away nor free.
Away = Callable[["Evaluator", "Game"], Iterable[tuple[int, str, float]]]

_AWAY: dict[str, list[Away]] = {}

#: game -> a hashable value: what, besides a feature's own content, its value
#: (`Game.feature_value`) reads in an expansion (where the mage and the witch
#: stand). The evaluator keeps a feature's value from one position to the
#: next while the feature is the same object that can no longer change
#: (copy-on-write, `Game.shares_feature`) and every context is the same
#: (ai/evaluation.py, "carried"): an expansion whose modifier reads anything
#: else of the game must declare it here.
ValueContext = Callable[["Game"], Any]

_VALUE_CONTEXTS: dict[str, list[ValueContext]] = {}


#: Prefix of a term key that names an option rather than an expansion: the
#: term runs only in games where that option is on.
OPTION = "option:"


def evaluation_term(expansion_id: str) -> Callable[[Term], Term]:
    """Register a term for games with `expansion_id`, or with an option on
    when the key is `option:<name>` (first-edition farmers)."""
    def register(term: Term) -> Term:
        _TERMS.setdefault(expansion_id, []).append(term)
        return term

    return register


def figures_away(expansion_id: str) -> Callable[[Away], Away]:
    """Register what an expansion says about the figures it keeps away."""
    def register(away: Away) -> Away:
        _AWAY.setdefault(expansion_id, []).append(away)
        return away

    return register


def value_context(expansion_id: str) -> Callable[[ValueContext], ValueContext]:
    """Register what an expansion's feature values read besides the feature."""
    def register(context: ValueContext) -> ValueContext:
        _VALUE_CONTEXTS.setdefault(expansion_id, []).append(context)
        return context

    return register


def majority_owners(game: Game, figures) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    """The players with the most strength among `figures` ((player, figure,
    node) spots), none when nobody has any: who would score the feature now."""
    types = game.rules.figure_by_name
    strength = [0] * game.num_players
    for player, name, _ in figures:
        strength[player] += types[name].strength
    best = max(strength)
    if best <= 0:
        return ()
    return tuple(p for p, s in enumerate(strength) if s == best)


def occupied_features(game: Game, kinds: Container[str]) -> list[tuple[int, Feature]]:
    """Each occupied, unfinished feature of the given kinds once (root, feature)."""
    seen: set[int] = set()
    out: list[tuple[int, Feature]] = []
    for _, _, node in game.figures_placed:
        root = game.find(node)
        feature = game.features[root]
        if root in seen or feature is None or feature.kind not in kinds or feature.completed:
            continue
        seen.add(root)
        out.append((root, feature))
    return out


#: (evaluator, game, firsts, rng) -> [(value, whole turn)] or None: every
#: first answer of a decision valued with the turn it begins, found by the
#: expansion's own search where trying every sequence of answers would take
#: too long (the Count's market round: any number of followers onto any
#: fields) or where a chance outcome in the turn must be valued over all its
#: faces (a flight's die). It must play only on `knowledge.sampled_copy(game,
#: rng)` and draw from `rng` only when it answers; None leaves the decision to
#: the next planner of the kind, then to the generic whole-turn enumeration
#: (ai/turns.py).
#: The deadline (None: no limit) is the decision's: a planner stops judging
#: when it expires and answers with what it has (a flight planner with every
#: expansion took 2.3 s of a 0.85 s budget before it was told).
Planner = Callable[["Evaluator", "Game", list["Action"], "random.Random", "Deadline | None"],
                   "list[tuple[float, tuple[Action, ...]]] | None"]
#: The planners of each decision kind, in registration order: a core kind
#: (the tile placement) may have one per expansion, each answering only in
#: the games and positions it knows.
_PLANNERS: dict[str, list[Planner]] = {}

#: (game, answers) -> the answers worth trying: where a decision has many
#: answers (the mage onto any road or city of the board) and comes in the
#: middle of a turn, the whole-turn enumeration (ai/turns.py) branches only
#: on these, so a placement is not multiplied by every answer of the board.
#: The order is the policy's preference, best first.
Shortlist = Callable[["Game", list["Action"]], list["Action"]]
_SHORTLISTS: dict[str, Shortlist] = {}

def turn_planner(decision_kind: str) -> Callable[[Planner], Planner]:
    """Register a planner of a decision kind (several may share one)."""

    def register(planner: Planner) -> Planner:
        planners = _PLANNERS.setdefault(decision_kind, [])
        if planner not in planners:
            planners.append(planner)
        return planner

    return register


def planner_for(decision_kind: str | None) -> Planner | None:
    """The planners registered for a decision kind as one (the first that
    answers), or None when it has none."""
    planners = tuple(_by_kind(_PLANNERS, decision_kind) or ())
    if not planners:
        return None
    if len(planners) == 1:
        return planners[0]

    def first_answer(evaluator: Evaluator, game: Game, firsts: list[Action],
                     rng: random.Random, deadline: Deadline | None = None,
                     ) -> list[tuple[float, tuple[Action, ...]]] | None:
        for planner in planners:
            answer = planner(evaluator, game, firsts, rng, deadline)
            if answer is not None:
                return answer
        return None

    return first_answer


def _by_kind(table: Mapping[str, _T], decision_kind: str | None) -> _T | None:
    """What a table of this package holds for a decision kind (the modules
    discovered first, so registration never depends on who imported what)."""
    if decision_kind is None:
        return None
    discover()
    return table.get(decision_kind)


#: (game, legal, rng) -> an answer or None: a computer player's own answer
#: to an expansion's decision kind, where the generic way (every answer of
#: the finite `legal` sample tried on a copy) cannot do it (the Catapult's
#: aim: a point in the plane, with the player's unsteady hand drawn from
#: `rng`). The answer need not be in `legal`: the player checks it with the
#: kind's `accepts` and, when refused or None, falls back to the generic way.
#: It reads only the game's public state and draws only from `rng`.
Policy = Callable[["Game", "Sequence[Action]", "random.Random"], "Action | None"]
_POLICIES: dict[str, Policy] = {}


def decision_policy(decision_kind: str) -> Callable[[Policy], Policy]:
    """Register the computer players' policy for an expansion's decision kind
    (one per kind: a second would make the play depend on import order)."""

    def register(policy: Policy) -> Policy:
        existing = _POLICIES.get(decision_kind)
        if existing is not None and existing is not policy:
            raise ValueError(f"decision policy {decision_kind!r} is already registered")
        _POLICIES[decision_kind] = policy
        return policy

    return register


def policy_for(decision_kind: str | None) -> Policy | None:
    """The policy registered for a decision kind, if any."""
    return _by_kind(_POLICIES, decision_kind)


def answer_shortlist(decision_kind: str) -> Callable[[Shortlist], Shortlist]:
    """Register the answers of a decision kind worth trying in a whole turn."""

    def register(shortlist: Shortlist) -> Shortlist:
        _SHORTLISTS[decision_kind] = shortlist
        return shortlist

    return register


def shortlist_for(decision_kind: str | None) -> Shortlist | None:
    """The shortlist registered for a decision kind, if any."""
    return _by_kind(_SHORTLISTS, decision_kind)


def discover() -> None:
    import_all(__name__, __path__)


def _keys(expansion_ids: tuple[str, ...], options: Mapping[str, Any] | None) -> list[str]:
    discover()
    keys = list(expansion_ids)
    keys += [OPTION + name for name, value in sorted((options or {}).items()) if value]
    return keys


def terms_for(
    expansion_ids: tuple[str, ...], options: Mapping[str, Any] | None = None
) -> tuple[Term, ...]:
    """The evaluation terms of the expansions in play, in their order, then
    those of the options that are on."""
    return tuple(term for key in _keys(expansion_ids, options) for term in _TERMS.get(key, ()))


def away_for(
    expansion_ids: tuple[str, ...], options: Mapping[str, Any] | None = None
) -> tuple[Away, ...]:
    """What the expansions in play say about the figures they keep away."""
    return tuple(away for key in _keys(expansion_ids, options) for away in _AWAY.get(key, ()))


def value_contexts_for(
    expansion_ids: tuple[str, ...], options: Mapping[str, Any] | None = None
) -> tuple[ValueContext, ...]:
    """What the expansions in play say their feature values read."""
    return tuple(context for key in _keys(expansion_ids, options)
                 for context in _VALUE_CONTEXTS.get(key, ()))
