"""Command line: ``python -m engine replay|selfplay|tournament|analyse|hint|calibrate|bench``.

``replay FILE`` validates and replays a game record and prints the final
position and result (exit 2 with the reason on a bad record); ``selfplay``
plays bots against each other and prints a results table; ``tournament``
rotates seats and prints win shares with a 95% confidence interval;
``analyse FILE`` prints each seat's chance to win turn by turn, the turns
that cost most and the search's better move (``--json`` for data); ``hint
FILE`` the search's move for the seat to play in the record's last position,
with why (exit 2 with words on a finished game or a pending chance step);
``calibrate GAME`` plays bot games, reads them where the middle turn starts
and prints the expected calibration error and the reliability table of the
chances, raw and through the game's calibration map (``--fit`` fits that map
on the games and writes ``engine/GAME/calibration.json``);
``bench`` prints random playouts per second for every game.  ``--jobs N``
spreads the games of a selfplay or tournament over N processes.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

import engine
from engine.bench import bench
from engine.bots import UnknownBot, make_bot
from engine.bounded import MAX_RECORD_CHARS, parse_json
from engine.core import BadOptions, Dealer, Game, play_out
from engine.records import RecordError, Replay, replay


def read_record(path: str) -> Replay:
    """The replayed record in file ``path``; :class:`CommandError` in words for anything else."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_RECORD_CHARS + 1)  # no more than a record may take
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
    if len(data) > MAX_RECORD_CHARS:
        raise CommandError(f"bad record {path}: this is not a game record: the file is larger than "
                           f"{MAX_RECORD_CHARS:,} bytes, and the largest game takes fewer")
    try:
        return replay(data)  # UTF-8, size, depth and numbers are checked before the JSON is parsed
    except RecordError as exc:
        raise CommandError(f"bad record {path}: {exc}") from None


class CommandError(Exception):
    """What a command cannot do, in words: it exits 2 with this line on stderr."""


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record file; a malformed one exits 2 with one line of words, never a traceback."""
    result = read_record(args.file)
    game, final = result.game, result.final
    print(f"{game.title}: {len(result.actions)} actions replayed")
    print(json.dumps(game.state_to_json(final), indent=1, sort_keys=True))
    outcome = game.outcome(final)
    if outcome is None:
        print("result: the game goes on")
    else:
        names = [result.record.seats[w].name for w in outcome.winners]
        print(f"result: {' and '.join(names)} won")
    return 0


def play_match(game: Game[Any, Any], bots: Sequence[Any], seed: int, options: dict[str, Any]) -> tuple[Any, int]:
    """One game between ``bots`` (one per seat); returns (final state, actions)."""
    state = game.new(len(bots), options)
    pickers = [lambda g, s, _p, b=b: b.choose(g, s) for b in bots]
    final, actions = play_out(game, state, pickers, Dealer(seed))
    return final, len(actions)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a share of ``wins`` in ``n`` games.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _one_game(job: tuple[str, tuple[str, ...], int, dict[str, Any]]) -> tuple[tuple[float, ...], int, int]:
    """Play one seeded game (a worker process's unit): (returns, turns, actions)."""
    game_name, order, seed, options = job
    game = engine.get(game_name)
    bots = [make_bot(game, name, seed * 31 + seat) for seat, name in enumerate(order)]
    final, length = play_match(game, bots, seed, options)
    return tuple(game.returns(final)), game.turn_count(final), length


def play_games(
    game: Game[Any, Any], orders: Sequence[Sequence[str]], seed: int, options: dict[str, Any], jobs: int, progress: bool
) -> Iterator[tuple[tuple[str, ...], tuple[float, ...], int, int]]:
    """Every game of a run, in order: (bots by seat, returns, turns, actions).

    Game ``index`` is seeded with ``seed * 1_000_003 + index`` whatever the
    number of ``jobs`` (worker processes), so a run's figures do not depend
    on how many cores played it.
    """
    work = [(game.name, tuple(order), seed * 1_000_003 + index, options) for index, order in enumerate(orders)]
    if jobs > 1:
        # fork: the workers inherit games registered at run time (tests register Pig)
        pool = multiprocessing.get_context("fork").Pool(jobs)
        results: Iterator[tuple[tuple[float, ...], int, int]] = pool.imap(_one_game, work)
    else:
        pool = None
        results = map(_one_game, work)
    try:
        for index, (job, (returns, turns, length)) in enumerate(zip(work, results)):
            if progress:
                print(f"game {index + 1}/{len(work)}: " + ", ".join(f"{n} {r:g}" for n, r in zip(job[1], returns)),
                      file=sys.stderr, flush=True)
            yield job[1], returns, turns, length
    finally:
        if pool is not None:
            pool.terminate()


def _setup(args: argparse.Namespace) -> tuple[Game[Any, Any], list[str], dict[str, Any]]:
    game = engine.get(args.game)
    names = [n.strip() for n in (args.bots or "").split(",") if n.strip()]
    options = parse_json(args.options) if args.options else {}
    return game, names, options


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Seats keep their bots: the table shows each seat's share (seat fairness)."""
    try:
        game, names, options = _setup(args)
        names = names or ["random"] * game.min_seats  # no --bots: a random bot in every seat
        game.check_seats(len(names))
        for name in set(names):
            make_bot(game, name)  # an unknown bot name is refused before any game starts
        wins = [0.0] * len(names)
        turns = lengths = 0
        started = time.perf_counter()
        for _, returns, game_turns, length in play_games(
            game, [names] * args.games, args.seed, options, args.jobs, args.progress
        ):
            for seat, score in enumerate(returns):
                wins[seat] += score
            turns += game_turns
            lengths += length
    except (engine.UnknownGame, UnknownBot, BadOptions, ValueError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - started
    print(f"{game.title}: {args.games} games, seed {args.seed}, {elapsed:.1f} s")
    print(f"{'seat':>4}  {'bot':<14} {'wins':>7} {'share':>6}  95% interval")
    for seat, name in enumerate(names):
        low, high = wilson(wins[seat], args.games)
        print(f"{seat + 1:>4}  {name:<14} {wins[seat]:>7.1f} {wins[seat] / args.games:>6.1%}  {low:.1%}..{high:.1%}")
    print(f"average length: {turns / args.games:.1f} turns, {lengths / args.games:.0f} actions")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    """Seats rotate so that every bot plays every seat equally often."""
    try:
        game, names, options = _setup(args)
        names = names or ["random"]
        seats = args.seats or max(game.min_seats, len(names))
        game.check_seats(seats)
        lineup = [names[i % len(names)] for i in range(seats)]
        for name in set(names):
            make_bot(game, name)  # an unknown bot name is refused before any game starts
        wins: dict[str, float] = {name: 0.0 for name in names}
        orders = [lineup[index % seats:] + lineup[:index % seats] for index in range(args.games)]
        started = time.perf_counter()
        for order, returns, _, _ in play_games(game, orders, args.seed, options, args.jobs, args.progress):
            for seat, score in enumerate(returns):
                wins[order[seat]] += score
    except (engine.UnknownGame, UnknownBot, BadOptions, ValueError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - started
    print(f"{game.title} tournament: {args.games} games, {seats} seats, seats rotated, seed {args.seed}, {elapsed:.1f} s")
    print(f"{'bot':<16} {'seats':>5} {'wins':>7} {'share of games':>15}  95% interval")
    for name in dict.fromkeys(names):  # a bot named twice (two heuristic seats) is one row
        per_game = wins[name] / args.games
        low, high = wilson(wins[name], args.games)
        print(f"{name:<16} {lineup.count(name):>5} {wins[name]:>7.1f} {per_game:>15.1%}  {low:.1%}..{high:.1%}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    print(f"random playouts, CPython {sys.version.split()[0]}, {args.seconds:.0f} s per game")
    print(f"{'game':<12} {'playouts/s':>11} {'actions/s':>11} {'actions/playout':>16}")
    for name in args.games or engine.names():
        figures = bench(name, args.seconds)
        print(f"{name:<12} {figures['playouts_per_s']:>11.1f} {figures['actions_per_s']:>11.0f} "
              f"{figures['actions_per_playout']:>16.0f}")
        for line in figures["extra"]:
            print(f"{'':<12} {line}")
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    """Each seat's chance to win turn by turn, the turns that cost most, and the search's better move."""
    from engine.analysis import LEVELS, analyse

    played = read_record(args.file)
    turns = analyse(played, level=args.level)
    if args.json:
        print(json.dumps([turn.to_json() for turn in turns], indent=1))
        return 0
    names = [seat.name for seat in played.record.seats]
    depth = LEVELS[args.level]
    print(f"{played.game.title}: {len(turns)} turns, analysis level {args.level} ({depth.playouts} playouts a "
          f"reading, {depth.iterations} search iterations a better move); chances where each turn starts")
    print(f"{'turn':>4}  {'seat':<12} {'chances before → after':<34} {'flag':<10} actions  [better]")
    for turn in turns:
        chances = " ".join(f"{p:.2f}" for p in turn.before) + " → " + " ".join(f"{p:.2f}" for p in turn.after)
        better = f"  [better: {turn.better}]" if turn.better else ""
        print(f"{turn.turn:>4}  {names[turn.seat][:12]:<12} {chances:<34} {turn.flag or '':<10} "
              f"{', '.join(turn.actions)}{better}")
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    """The search's move for the seat to play in the record's last position, with why."""
    from engine.analysis import NoHint, hint

    played = read_record(args.file)
    try:
        found = hint(played.game, played.final, level=args.level, seed=played.record.seed or 0)
    except NoHint as exc:
        raise CommandError(f"no hint for {args.file}: {exc}") from None
    if args.json:
        print(json.dumps(found.to_json()))
    else:
        print(f"{found.action or 'roll'}\n{found.why}")
    return 0


def cmd_calibrate(args: argparse.Namespace) -> int:
    """Bot games read by the analysis, against who won: are its chances honest? (``--fit``: fit the map)"""
    from engine.analysis import calibration_maps
    from engine.calibration import (
        CONFIDENT,
        FIT_AT,
        MIDDLE,
        Reading,
        confident,
        ece,
        ece_interval,
        game_seeds,
        mapped,
        readings,
        table,
        write_fit,
    )

    try:
        at = FIT_AT if args.fit else tuple(sorted({MIDDLE, *(float(a) for a in args.at.split(",") if a.strip())}))
    except ValueError:
        print(f"--at takes shares of the turns, such as 0.25,0.5,0.75, not {args.at!r}", file=sys.stderr)
        return 2

    try:
        game, names, options = _setup(args)
        names = names or ["heuristic"] * game.min_seats
        game.check_seats(len(names))
        for name in set(names):
            make_bot(game, name)
        started = time.perf_counter()
        found: list[tuple[Reading, ...]] = []
        for index, read in enumerate(readings(game.name, names, args.games, args.seed, args.level, options,
                                              args.jobs, at)):
            found.append(read)
            if args.progress:
                mid = read[at.index(MIDDLE)]
                print(f"game {index + 1}/{args.games}: chances " + " ".join(f"{p:.2f}" for p in mid.chances)
                      + " scores " + " ".join(f"{r:g}" for r in mid.returns), file=sys.stderr, flush=True)
    except (engine.UnknownGame, UnknownBot, BadOptions, ValueError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - started
    if args.fit:
        path, entry = write_fit(game.name, names, args.games, args.seed, args.level, found)
        scores = ", ".join(f"{kind} {score:.4f}" for kind, score in entry["held_out_brier"].items())
        print(f"{game.title}: {args.games} games by {', '.join(names)}, seed {args.seed}, analysis level {args.level}, "
              f"{entry['readings']} seats' readings where the middle turn starts, {elapsed:.0f} s")
        print(f"held-out Brier score: {scores}; fitted: {entry['kind']}; written to {path}")
        return 0
    chance_map = calibration_maps(game).get(args.level)
    middle = [read[at.index(MIDDLE)] for read in found]
    every = [reading for read in found for reading in read]
    print(f"{game.title}: {args.games} games by {', '.join(names)}, seed {args.seed}, analysis level {args.level}, "
          f"chances read where the middle turn starts, {elapsed:.0f} s")
    if chance_map is None:
        print(f"no calibration map for level {args.level}: the readings are raw (fit one with --fit)")
    else:
        fitted = calibration_maps_entry(game, args.level)
        seen = range(fitted["seeds"][0], fitted["seeds"][1] + 1)
        mine = game_seeds(args.seed, args.games)
        overlap = max(0, min(seen[-1], mine[-1]) - max(seen[0], mine[0]) + 1)
        print(f"map: {chance_map.kind}, fitted on {fitted['games']} games of seed {fitted['seed']} ({fitted['date']})"
              + (f"; {overlap} of these games are the fit's own: not a check" if overlap else
                 "; none of these games is the fit's"))
    shown = [("raw reading", middle)] + ([("through the map", mapped(middle, chance_map))] if chance_map else [])
    for title, rows in shown:
        low, high = ece_interval(rows)
        print(f"{title}: expected calibration error {ece(rows):.1%} (95% interval {low:.1%}..{high:.1%}, "
              f"{len(rows)} games)")
        print(f"{'reading':<12} {'seats':>6} {'mean reading':>13} {'mean score':>11}  95% interval")
        for row in table(rows):
            if row.seats:
                low, high = wilson(row.won * row.seats, row.seats)
                print(f"{row.low:.1f}..{min(row.high, 1.0):.1f}     {row.seats:>6} {row.predicted:>13.1%}"
                      f" {row.won:>11.1%}  {low:.1%}..{high:.1%}")
    if chance_map is not None and len(at) > 1:
        print(f"at {', '.join(f'{a:.0%}' for a in at)} of the turns together: expected calibration error "
              f"{ece(every):.1%} raw, {ece(mapped(every, chance_map)):.1%} through the map")
    top = confident(mapped(middle, chance_map) if chance_map else middle)
    low, high = wilson(top.won * top.seats, top.seats)
    # the claim: a seat given more than 70% wins at least 70% of those games
    verdict = ("no game" if not top.seats else f"wins at least {CONFIDENT:.0%}: yes" if top.won >= CONFIDENT
               else f"wins at least {CONFIDENT:.0%}: NO")
    inside = "inside" if low <= top.predicted <= high else "outside"
    print(f"a seat given more than {CONFIDENT:.0%}: {top.seats} games, mean reading {top.predicted:.1%}, "
          f"won {top.won:.1%} ({low:.1%}..{high:.1%}, the mean reading {inside}): {verdict}")
    return 0


def calibration_maps_entry(game: Game[Any, Any], level: str) -> dict[str, Any]:
    """The stored entry of ``game``'s map at ``level``: its seeds, games and date."""
    from engine.analysis import calibration_path

    return json.loads(calibration_path(game).read_text(encoding="utf-8"))["maps"][level]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="validate and replay a game record")
    p.add_argument("file")
    p.set_defaults(run=cmd_replay)
    for command, run in (("selfplay", cmd_selfplay), ("tournament", cmd_tournament)):
        p = sub.add_parser(command, help=run.__doc__)
        p.add_argument("game")
        p.add_argument("--games", type=int, default=100)
        p.add_argument("--bots", default="", help="bots by seat, comma-separated (default: random in every seat)")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--options", default="", help="game options as JSON")
        p.add_argument("--jobs", type=int, default=1, help="worker processes (the figures do not depend on it)")
        p.add_argument("--progress", action="store_true", help="print each game's result to stderr")
        if command == "tournament":
            p.add_argument("--seats", type=int, default=0)
        p.set_defaults(run=run)
    for command, run in (("analyse", cmd_analyse), ("hint", cmd_hint)):
        from engine.analysis import DEFAULT_LEVEL, LEVELS

        p = sub.add_parser(command, help=run.__doc__)
        p.add_argument("file")
        p.add_argument("--level", choices=list(LEVELS), default=DEFAULT_LEVEL,
                       help="how hard to look: " + ", ".join(f"{k} ({v.playouts} playouts, {v.iterations} iterations)"
                                                             for k, v in LEVELS.items()))
        p.add_argument("--json", action="store_true", help="print JSON instead of a table")
        p.set_defaults(run=run)
    from engine.analysis import DEFAULT_LEVEL, LEVELS

    p = sub.add_parser("calibrate", help=cmd_calibrate.__doc__)
    p.add_argument("game")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--bots", default="", help="bots by seat, comma-separated (default: heuristic in every seat)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", default="", help="game options as JSON")
    p.add_argument("--level", choices=list(LEVELS), default=DEFAULT_LEVEL)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (the figures do not depend on it)")
    p.add_argument("--progress", action="store_true", help="print each game's reading to stderr")
    p.add_argument("--at", default="0.5",
                   help="the check's turns, as shares of a game's turns, comma-separated (the middle always)")
    p.add_argument("--fit", action="store_true",
                   help="fit the level's calibration map on these games and write engine/GAME/calibration.json")
    p.set_defaults(run=cmd_calibrate)
    p = sub.add_parser("bench", help="random playouts per second")
    p.add_argument("games", nargs="*")
    p.add_argument("--seconds", type=float, default=3.0)
    p.set_defaults(run=cmd_bench)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except CommandError as exc:
        print(exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
