"""From parsed parameters to one library call: what the ``strategy risk`` commands and the
web API's endpoints both run, so that the same input gets the same answer and the same
refusal (the checks across parameters are here, once).

Each function takes the :class:`argparse.Namespace` a capability's declared parser returns
(:mod:`strategy.params.commands`) and a progress callback, and returns the library's result;
:func:`odds_json` gives the JSON of the one result whose shape depends on what was
asked.

>>> parser = argparse.ArgumentParser()
>>> from strategy.params.commands import CAPABILITIES
>>> CAPABILITIES["chain"].declare(parser)
>>> chain(parser.parse_args(["3", "1"])).to_json()["win_probability_exact"]
'1955/2592'
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.engine.errors import InputError
from strategy.engine.resources import TooLarge
from strategy.params.risk import (
    battle_from_args,
    blitz_terms,
    path_rules,
    play_asked,
    rules_from_args,
)
from strategy.risk.battle import Battle

if TYPE_CHECKING:
    from strategy.risk.capabilities import Left, Needed
    from strategy.risk.chain import ChainOdds
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.plan.fortification import Fortification
    from strategy.risk.plan.report import PlanReport
    from strategy.risk.planning import Position
    from strategy.risk.play.strategy_matrix import StrategyMatrix
    from strategy.risk.results import BattleOdds
    from strategy.risk.tables import BattleTable

#: Rows and columns of a grid nobody asked the size of: seed 000's table.
DEFAULT_SIZE = 20

_NOT_WITH_PLAY = "not with --choice, --objective or --no-stop"


def blitz_battle(args: argparse.Namespace, battle: Battle) -> Battle:
    """``battle`` fought as the blitz options say."""
    return Battle.of(battle, **blitz_terms(args))


def odds(args: argparse.Namespace, progress: Progress | None = None) -> BattleOdds:
    """One battle: as its resolution fights it (the plain battle's too), or under the
    optimal play asked for (the classic kernels' where nobody has a real choice)."""
    from strategy.risk import api

    battle = blitz_battle(args, battle_from_args(args))
    asked = play_asked(args)
    if asked and (args.at_least is not None or args.at_most is not None):
        raise InputError(f"--at-least and --at-most describe the classic battle: {_NOT_WITH_PLAY}")
    if not battle.plain:
        if asked:
            raise InputError(f"{battle.resolution.describe()}: {_NOT_WITH_PLAY}")
        try:
            return api.fought_odds(
                args.attackers, args.defenders, battle, exact=args.exact, progress=progress
            )
        except TooLarge as error:
            raise InputError(f"{error}; use --float") from None
    args.exact = args.exact is not False
    try:
        found = api.odds(
            args.attackers, args.defenders, battle, exact=args.exact, progress=progress
        )
    except TooLarge as error:
        if not args.exact:
            raise
        raise TooLarge(f"{error}; use --float", error.resource) from None
    return found


def odds_json(args: argparse.Namespace, found: BattleOdds) -> Any:
    """The JSON of :func:`odds`'s answer: the battle under the optimal play asked for, or
    the fought battle's with the tails asked for."""
    if play_asked(args):
        return found.play_json()
    return found.to_json(at_least=args.at_least, at_most=args.at_most)


def grid_size(args: argparse.Namespace) -> tuple[int, int]:
    """The rows and columns asked for, :data:`DEFAULT_SIZE` where not given."""
    return args.attackers or DEFAULT_SIZE, args.defenders or DEFAULT_SIZE


def refuse_play(battle: Battle) -> None:
    """A blitz resolves the battle with the most dice: refuse another ``--choice``."""
    if not battle.plain and not battle.choice.fixed:
        raise InputError(
            f"{battle.resolution.describe()} is fought with the most dice: --choice is for "
            "manual rolls"
        )


def table(args: argparse.Namespace, progress: Progress | None = None) -> BattleTable:
    """The table of the grid asked for, as the battle's resolution fights each battle."""
    from strategy.risk import api

    battle = blitz_battle(args, battle_from_args(args, args.metric))
    refuse_play(battle)
    attackers, defenders = grid_size(args)
    return api.table(attackers, defenders, battle, exact=args.exact, progress=progress)


def strategy_matrix(args: argparse.Namespace, progress: Progress | None = None) -> StrategyMatrix:
    """Optimal play at every state of the grid asked for."""
    from strategy.risk import api

    attackers, defenders = grid_size(args)
    battle = battle_from_args(args)
    return api.strategy_matrix(attackers, defenders, battle, exact=args.exact, progress=progress)


def chain(args: argparse.Namespace, progress: Progress | None = None) -> ChainOdds:
    """A path of territories attacked in turn (``progress`` unused: a chain is quick)."""
    from strategy.risk.capabilities import chain as attack_chain

    rules = path_rules(args, len(args.defenders))
    battle = blitz_battle(args, Battle(rules[0]))
    return attack_chain(
        args.attackers, args.defenders, battle, leave=args.leave, exact=args.exact, path_rules=rules
    )


def need(args: argparse.Namespace, progress: Progress | None = None) -> Needed:
    """The fewest armies that reach the target."""
    from strategy.risk.capabilities import need as fewest_troops
    from strategy.risk.need import parse_target

    target = parse_target(args.target)
    rules = path_rules(args, len(args.defenders))
    battle = blitz_battle(args, battle_from_args(args, rules=rules[0]))
    if not battle.plain and play_asked(args):
        raise InputError(f"{battle.resolution.describe()}: {_NOT_WITH_PLAY}")
    return fewest_troops(
        args.defenders,
        battle,
        target=target,
        leave=args.leave,
        exact=args.exact,
        path_rules=rules,
        progress=progress,
    )


def left(args: argparse.Namespace, progress: Progress | None = None) -> Left:
    """The armies-left tails of one battle."""
    from strategy.risk.capabilities import left as tails

    battle = blitz_battle(args, Battle(rules_from_args(args)))
    try:
        return tails(
            args.attackers,
            args.defenders,
            battle,
            at_least=args.at_least,
            at_most=args.at_most,
            progress=progress,
        )
    except TooLarge as error:
        raise InputError(f"{error}; use --float") from None


def plan_position(args: argparse.Namespace) -> Position:
    """The turn to plan: the position the options (and a ``--position`` file, a ``--map``,
    for the command) describe."""
    from strategy.risk.planning import position

    if not 0 <= args.detail <= 1:
        raise InputError(f"--detail must be a probability from 0 to 1, not {args.detail}")
    return position(**_position_terms(args), battle=Battle(rules_from_args(args)))


def _position_terms(args: argparse.Namespace) -> dict[str, Any]:
    """The position as :func:`strategy.risk.planning.position` takes it: the armies, the
    target and region, the board, and the objective and move-in the plan is asked for."""
    from strategy.risk.plan.maps import load_map
    from strategy.risk.plan.position import load_position

    board = getattr(args, "map", None)
    if board is not None and args.no_disputed:
        raise InputError("--no-disputed is for the classic board; edit your map instead")
    path = getattr(args, "position", None)
    file = load_position(path) if path else {}
    if not (args.target or file.get("target")):
        raise InputError("name what to take with --target (a continent or territories)")
    return {
        "attackers": args.attacker,
        "defenders": args.defenders,
        "target": args.target,
        "region": args.region,
        "map": None if board is None else load_map(board),
        "disputed": not args.no_disputed,
        "objective": args.objective,
        "move_in": args.move_in,
        "file": file,
    }


def plan_report(
    args: argparse.Namespace, where: Position, progress: Progress | None = None
) -> PlanReport:
    """The turn's optimal attack phase, compared and checked as the options ask."""
    from strategy.risk.planning import plan as solve

    return solve(
        where,
        exact=args.exact,
        max_states=args.max_states,
        compare=not args.no_compare,
        simulate=getattr(args, "simulate", None),
        seed=getattr(args, "seed", None),
        detail=args.detail,
        reinforce=args.reinforce,
        reinforce_on=args.reinforce_on,
        progress=progress,
    )


def plan(args: argparse.Namespace, progress: Progress | None = None) -> PlanReport:
    """:func:`plan_report` of :func:`plan_position`."""
    return plan_report(args, plan_position(args), progress)


def fortify(args: argparse.Namespace, progress: Progress | None = None) -> Fortification:
    """The defender's best placement of its armies on the position the options describe
    (``--defenders`` fixes some enemy territories' armies), against the attacker's
    reinforcements and optimal plan."""
    from strategy.risk.plan.calls import fortify as best_fortification
    from strategy.risk.plan.simulate import require_trials

    if getattr(args, "simulate", None):
        require_trials(args.simulate)
    return best_fortification(
        **_position_terms(args),
        battle=Battle(rules_from_args(args)),
        armies=args.armies,
        reinforce=args.reinforce,
        reinforce_on=args.reinforce_on,
        exact=args.exact is not False,
        max_states=args.max_states,
        progress=progress,
    )


def fortify_json(args: argparse.Namespace, found: Fortification) -> Any:
    """The fortification's JSON, as the command prints it."""
    return found.to_json()
