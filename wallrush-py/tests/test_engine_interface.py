"""wallrush.engine: the python-chess-style interface over the built-in engines and
over external programs (fake ones written here in Python, and the real
`wallrush engine` when a build of it is at hand)."""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterator, List, Optional

import pytest

import wallrush
from wallrush import Move, Position, Seat, Variant
from wallrush.engine import (
    AnalysisComplete,
    Cp,
    EngineError,
    EngineTerminatedError,
    EngineTimeoutError,
    InfoDict,
    Limit,
    Mate,
    MateGiven,
    PovScore,
    Score,
    SimpleEngine,
    StrongProtocol,
    popen_gen,
    popen_uci,
)

REPO = Path(__file__).resolve().parents[2]

#: Fixed positions of every kind: the classic start, an opening, a smaller board, four
#: seats.
POSITIONS = {
    "classic": Position(),
    "opening": Position().play("e2").play("e8").play("d3h").play("c6h"),
    "size7": Position(Variant(size=7, walls=6)),
    "four": Position(Variant.four_player()),
}


#: A won race (see the test of it).
RACE = Position(Variant(walls=0)).play("d1").play("f9")


def play_line(pos: Position, pv: List[Move]) -> Position:
    for m in pv:
        pos = pos.play(m)  # raises IllegalMoveError on an illegal move
    return pos


@pytest.fixture(scope="module")
def strong() -> Iterator[SimpleEngine]:
    with SimpleEngine.strong(table_size=1 << 16) as engine:
        yield engine


# --- Scores -------------------------------------------------------------------------


def test_scores_order_as_results() -> None:
    ordered: List[Score] = [Mate(0), Mate(-1), Mate(-5), Cp(-300), Cp(0), Cp(250), Mate(7), Mate(1), MateGiven]
    assert sorted(reversed(ordered)) == ordered
    for a, b in zip(ordered, ordered[1:]):
        assert a < b and b > a and a <= b and not a >= b
        assert -b < -a
    assert Cp(20) == Cp(20) and Cp(20) != Cp(21) and Mate(3) != Cp(3)
    assert -Mate(0) == MateGiven and -MateGiven == Mate(0) and -Mate(4) == Mate(-4)


def test_scores_answer_as_python_chess_scores_do() -> None:
    assert Cp(35).score() == 35 and Cp(35).mate() is None and not Cp(35).is_mate()
    assert Mate(3).score() is None and Mate(3).score(mate_score=100_000) == 99_997
    assert Mate(-2).score(mate_score=100_000) == -99_998
    assert Mate(3).is_win() and not Mate(3).is_loss() and Mate(-2).is_loss() and Mate(0).is_loss()
    assert MateGiven.is_win() and MateGiven.score(mate_score=10) == 10
    assert (repr(Cp(5)), repr(Mate(-3)), str(Mate(2)), str(Cp(-40))) == ("Cp(+5)", "Mate(-3)", "#+2", "-40")
    assert Score.from_engine(wallrush.Engine.WIN - 5) == Mate(5)
    assert Score.from_engine(-(wallrush.Engine.WIN - 4)) == Mate(-4)
    assert Score.from_engine(-wallrush.Engine.WIN) == Mate(0)
    assert Score.from_engine(120) == Cp(120)


def test_a_pov_score_is_each_seats_view() -> None:
    s = PovScore(Cp(80), Seat.NORTH)
    assert s.relative == Cp(80) and s.pov(Seat.NORTH) == Cp(80) and s.pov("south") == Cp(-80)
    assert PovScore(Mate(3), Seat.SOUTH).pov(Seat.NORTH) == Mate(-3)
    assert s == PovScore(Cp(-80), Seat.SOUTH) and s != PovScore(Cp(80), Seat.SOUTH)
    assert PovScore(Mate(1), Seat.SOUTH).is_mate()


# --- The built-in engines -----------------------------------------------------------


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_analysis_deepens_with_legal_lines(strong: SimpleEngine, name: str) -> None:
    pos = POSITIONS[name]
    infos: List[InfoDict] = []
    with strong.analysis(pos, Limit(depth=4)) as analysis:
        for info in analysis:
            infos.append(info)
    assert len(infos) >= 2
    depths = [i["depth"] for i in infos]
    assert depths == sorted(set(depths)), depths  # one report an iteration, deeper each
    for info in infos:
        play_line(pos, info["pv"])
        assert info["score"].turn == pos.turn
        assert info["nodes"] > 0 and info["time"] >= 0 and info["nps"] >= 0
    best = analysis.wait().move
    assert best == infos[-1]["pv"][0]


def test_analyse_returns_the_multipv_best_lines(strong: SimpleEngine) -> None:
    pos = POSITIONS["opening"]
    lines = strong.analyse(pos, Limit(depth=3), multipv=3)
    assert [i["multipv"] for i in lines] == [1, 2, 3]
    firsts = [i["pv"][0] for i in lines]
    assert len(set(firsts)) == 3
    for info in lines:
        play_line(pos, info["pv"])
        assert info["depth"] == 3
    assert lines[1]["score"].relative >= lines[2]["score"].relative
    single = strong.analyse(pos, Limit(depth=3))
    assert single["pv"][0] in pos.legal_moves and "multipv" in single


def test_a_won_race_scores_a_win_in_plies(strong: SimpleEngine) -> None:
    # No walls: a pure race. After d1 and f9 both pawns are eight steps away on files
    # two apart (so neither can jump the other) and South is to move: South arrives
    # first, on its eighth move, the fifteenth ply from here.
    pos = RACE
    info = strong.analyse(pos, Limit(depth=2))
    score = info["score"]
    assert score.relative == Mate(15), score
    assert score.pov(Seat.NORTH) == Mate(-15) and score.relative.is_win()
    assert len(info["pv"]) >= 1
    played = strong.play(pos, Limit(depth=2))
    assert played.move is not None and played.move.is_pawn


def test_play_and_limits(strong: SimpleEngine) -> None:
    game = wallrush.Game()
    for _ in range(4):
        result = strong.play(game, Limit(nodes=2_000))
        assert result.move is not None and result.move in game.legal_moves
        game.push(result.move)
    assert strong.play(game, Limit(time=0.05)).move in game.legal_moves
    with pytest.raises(wallrush.InvalidArgumentError, match="give a limit"):
        strong.analyse(game, Limit())
    with pytest.raises(wallrush.InvalidArgumentError, match="multipv"):
        strong.analyse(game, Limit(depth=1), multipv=0)
    with pytest.raises(wallrush.InvalidArgumentError):
        strong.analyse(game, Limit(depth=500))
    for bad in [dict(time=0), dict(time=-1.0), dict(time=float("nan")), dict(depth=0), dict(nodes=-5)]:
        with pytest.raises(wallrush.InvalidArgumentError, match="out of range"):
            Limit(**bad)  # type: ignore[arg-type]
    for wrong in [dict(time="1"), dict(depth=2.5), dict(nodes=True)]:
        with pytest.raises(TypeError):
            Limit(**wrong)  # type: ignore[arg-type]


def test_a_finished_game_has_no_move(strong: SimpleEngine) -> None:
    game = wallrush.Game(Variant(size=3, walls=0))
    while not game.is_game_over():
        game.push(next(iter(game.legal_moves)))
    assert strong.play(game, Limit(depth=2)).move is None
    info = strong.analyse(game, Limit(depth=2))
    assert info["pv"] == [] and info["score"].relative == Mate(0)
    winner = game.outcome().winner  # type: ignore[union-attr]
    assert winner is not None and info["score"].pov(winner) == MateGiven


@pytest.mark.parametrize("make", [SimpleEngine.beginner, SimpleEngine.random], ids=["beginner", "random"])
def test_the_bots_answer_the_same_calls(make: Callable[[Optional[int]], SimpleEngine]) -> None:
    with make(3) as engine:
        pos = Position()
        assert engine.play(pos, Limit()).move in pos.legal_moves
        info = engine.analyse(pos, Limit(depth=1))
        assert info["pv"][0] in pos.legal_moves and "score" not in info
        with pytest.raises(EngineError, match="one line"):
            engine.analyse(pos, Limit(depth=1), multipv=2)


def stop_latency(engine: SimpleEngine, from_thread: bool) -> float:
    """Seconds from stop() to the end of an unlimited analysis of the opening."""
    analysis = engine.analysis(POSITIONS["opening"])
    for info in analysis:
        if info["depth"] >= 3:
            break
    time.sleep(0.05)  # well inside an iteration
    stopped: List[float] = []

    def stop() -> None:
        stopped.append(time.perf_counter())
        analysis.stop()

    if from_thread:
        t = threading.Thread(target=stop)
        t.start()
        t.join()
    else:
        stop()
    best = analysis.wait()
    latency = time.perf_counter() - stopped[0]
    assert best.move in POSITIONS["opening"].legal_moves
    with pytest.raises(AnalysisComplete):
        while True:
            analysis.get()
    return latency


def test_stop_ends_the_search_at_once(strong: SimpleEngine) -> None:
    latencies = [stop_latency(strong, from_thread=k % 2 == 1) for k in range(6)]
    # The search checks the flag at every node (a few microseconds); the rest is the
    # hand-over between threads. 50 ms is what an analyst notices; the bound leaves room
    # for a loaded machine.
    print(f"stop() latency: median {statistics.median(latencies) * 1000:.2f} ms, max {max(latencies) * 1000:.2f} ms")
    assert statistics.median(latencies) < 0.05
    assert max(latencies) < 0.25


def test_searches_release_the_gil(strong: SimpleEngine) -> None:
    counted = 0
    with strong.analysis(POSITIONS["classic"]) as analysis:
        deadline = time.perf_counter() + 0.2
        while time.perf_counter() < deadline:
            counted += 1
    assert analysis.info.get("depth", 0) >= 1
    assert counted > 1_000  # this thread ran on while the search did


def test_the_asyncio_flavour() -> None:
    async def main() -> List[int]:
        engine = StrongProtocol(1 << 14)
        depths = []
        result = await engine.analysis(POSITIONS["classic"], Limit(depth=3))
        async for info in result:
            depths.append(info["depth"])
        lines = await engine.analyse(POSITIONS["classic"], Limit(depth=2), multipv=2)
        assert len(lines) == 2
        played = await engine.play(POSITIONS["classic"], Limit(depth=2))
        assert played.move in POSITIONS["classic"].legal_moves
        async with await engine.analysis(POSITIONS["classic"]) as endless:
            await endless.get()
        await endless.wait()
        await engine.quit()
        return depths

    assert asyncio.run(main()) == [1, 2, 3]


# --- External programs ----------------------------------------------------------------

FAKE_UCI = r"""
import sys
mode = sys.argv[1]
def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        if mode == "hang-at-start":
            continue
        say("id name fake")
        say("uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "go":
        if mode == "hang":
            continue
        if mode == "die":
            sys.exit(3)
        if mode == "think":  # silent until `stop`
            continue
        if mode == "think-deaf":  # silent, and reads nothing more
            import time
            time.sleep(3600)
        say("info depth 1 nodes 10 score cp 25 pv e2 e8")
        say("info depth 2 nodes 40 score mate 2 pv e2 e8 e3")
        say("bestmove e2")
    elif words[0] == "stop" and mode == "think":
        say("info depth 9 nodes 90 score cp 5 pv e2 e8")
        say("bestmove e2")
    elif words[0] == "quit":
        break
"""


@pytest.fixture()
def fake_uci(tmp_path: Path) -> Path:
    script = tmp_path / "fake_uci.py"
    script.write_text(FAKE_UCI)
    return script


def is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (not yet reaped) counts as gone.
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split()[2] == "Z")


def pid_of(engine: SimpleEngine) -> int:
    transport = getattr(engine.protocol, "transport")
    return int(transport.get_pid())


def test_an_external_uci_engine_reports_its_lines(fake_uci: Path) -> None:
    with SimpleEngine.popen_uci([sys.executable, str(fake_uci), "ok"], timeout=5) as engine:
        assert engine.id["name"] == "fake"
        game = wallrush.Game()
        infos = list(engine.analysis(game, Limit(time=0.1)))
        assert [i["depth"] for i in infos] == [1, 2]
        assert infos[0]["score"].relative == Cp(25) and infos[1]["score"].relative == Mate(3)
        assert infos[0]["pv"] == [Move("e2"), Move("e8")]
        assert engine.play(game, Limit(depth=2)).move == Move("e2")
        with pytest.raises(EngineError, match="MultiPV"):
            engine.analyse(game, Limit(depth=2), multipv=2)
        with pytest.raises(EngineError, match="classic game only"):
            engine.play(wallrush.Game(Variant(size=7, walls=6)), Limit(depth=2))
        pid = pid_of(engine)
    assert not is_running(pid)


def test_a_hung_engine_times_out_and_is_killed(fake_uci: Path) -> None:
    with SimpleEngine.popen_uci([sys.executable, str(fake_uci), "hang"], timeout=0.5) as engine:
        pid = pid_of(engine)
        start = time.perf_counter()
        with pytest.raises(EngineTimeoutError, match=r"did not answer within 0\.5 s"):
            engine.play(Position(), Limit(depth=3))
        waited = time.perf_counter() - start
        assert 0.4 < waited < 5
        assert not is_running(pid)
        with pytest.raises(EngineTerminatedError, match="killed"):
            engine.play(Position(), Limit(depth=3))


def test_a_dead_engine_raises_terminated(fake_uci: Path) -> None:
    with SimpleEngine.popen_uci([sys.executable, str(fake_uci), "die"], timeout=5) as engine:
        with pytest.raises(EngineTerminatedError, match="exit code: 3"):
            engine.analyse(Position(), Limit(depth=3))
        with pytest.raises(EngineTerminatedError):
            engine.play(Position(), Limit(depth=3))


def test_an_analysis_without_a_limit_may_outlast_the_timeout(fake_uci: Path) -> None:
    # The program says nothing for several timeouts but answers `isready`: it is alive.
    with SimpleEngine.popen_uci([sys.executable, str(fake_uci), "think"], timeout=0.3) as engine:
        analysis = engine.analysis(wallrush.Game())
        time.sleep(1.2)
        analysis.stop()
        assert analysis.wait().move == Move("e2")
        assert analysis.info["depth"] == 9
        assert is_running(pid_of(engine))
    # One that answers nothing is killed after its `isready` goes unanswered.
    with SimpleEngine.popen_uci([sys.executable, str(fake_uci), "think-deaf"], timeout=0.3) as engine:
        pid = pid_of(engine)
        analysis = engine.analysis(wallrush.Game())
        with pytest.raises(EngineTimeoutError, match="killed"):
            analysis.wait()
        assert not is_running(pid)


def test_a_program_silent_at_start_fails_its_handshake(fake_uci: Path) -> None:
    start = time.perf_counter()
    with pytest.raises(EngineTimeoutError):
        SimpleEngine.popen_uci([sys.executable, str(fake_uci), "hang-at-start"], timeout=0.3)
    assert time.perf_counter() - start < 5
    with pytest.raises(OSError):
        SimpleEngine.popen_uci(["/nonexistent/engine"], timeout=1)


FAKE_GEN = r"""
import sys
for line in sys.stdin:
    words = line.split()
    if words[0] == "name":
        print("ok fakegen", flush=True)
    elif words[0] in ("new", "play"):
        print("ok", flush=True)
    elif words[0] == "genmove":
        print("ok d3h", flush=True)
    elif words[0] == "quit":
        break
"""


def test_the_arena_line_protocol_in_asyncio(tmp_path: Path) -> None:
    script = tmp_path / "fake_gen.py"
    script.write_text(FAKE_GEN)

    async def main() -> Optional[Move]:
        transport, engine = await popen_gen([sys.executable, str(script)], timeout=5)
        assert engine.id["name"] == "fakegen"
        game = wallrush.Game(Variant(size=7, walls=6))
        game.push("d2")
        result = await engine.play(game, Limit(time=0.05))
        await engine.quit()
        assert transport.get_returncode() is not None
        return result.move

    assert asyncio.run(main()) == Move("d3h")


FAKE_QTP = r"""
import sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    log.write(line)
    log.flush()
    words = line.split()
    if words[0] == "protocol_version":
        print("= 2\n", flush=True)
    elif words[0] == "time_settings":
        print("? unknown command\n", flush=True)
    elif words[0] in ("clear_board", "play"):
        print("=\n", flush=True)
    elif words[0] == "genmove":
        print("= e2\n", flush=True)
    elif words[0] == "quit":
        break
"""


def test_qtp_flips_the_rows_both_ways(tmp_path: Path) -> None:
    script = tmp_path / "fake_qtp.py"
    script.write_text(FAKE_QTP)
    log = tmp_path / "commands.txt"
    with SimpleEngine.popen_qtp([sys.executable, str(script), str(log)], timeout=5) as engine:
        game = wallrush.Game()
        game.push("e2")
        game.push("e8")
        game.push("d3h")
        # North to move: QTP's e2 is wallrush's e8, its d6h (row 9 - 3) wallrush's d3h.
        assert engine.play(game, Limit(time=1)).move == Move("e8")
        with pytest.raises(EngineError, match="classic game only"):
            engine.play(wallrush.Game(Variant(size=7, walls=6)), Limit(time=1))
    sent = log.read_text().splitlines()
    assert sent[:7] == [
        "protocol_version",
        "clear_board",
        "time_settings 0 1 1",
        "play b e8",
        "play w e2",
        "play b d6h",
        "genmove w",
    ]


def wallrush_program() -> Optional[Path]:
    """A build of the `wallrush` program in this checkout (the newest), if any."""
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    builds = [p for p in (target / "release" / "wallrush", target / "debug" / "wallrush") if p.is_file()]
    return max(builds, key=lambda p: p.stat().st_mtime) if builds else None


def test_the_real_wallrush_engine() -> None:
    program = wallrush_program()
    if program is None:
        pytest.skip("no build of the wallrush program under target/ (cargo build -p wallrush-cli makes one)")

    async def main() -> None:
        _, engine = await popen_uci([str(program), "engine"], timeout=60)
        assert engine.id["name"].startswith("wallrush")
        game = wallrush.Game(Variant(size=7, walls=6))
        game.push("d2")
        info = await engine.analyse(game, Limit(depth=2))
        assert info["depth"] == 2 and info["pv"][0] in game.legal_moves
        assert info["score"].turn == Seat.NORTH
        race_game = wallrush.Game(Variant(walls=0))
        race_game.push("d1")
        race_game.push("f9")
        race = await engine.analyse(race_game, Limit(depth=2))
        assert race["score"].relative == Mate(15)
        played = await engine.play(game, Limit(nodes=500))
        assert played.move in game.legal_moves
        # Every iteration is reported as the search deepens.
        analysis = await engine.analysis(game, Limit(depth=3))
        depths = [info["depth"] async for info in analysis]
        assert depths == [1, 2, 3]
        assert (await analysis.wait()).move == analysis.info["pv"][0]
        # The K best lines, best first, each with its own first move.
        lines = await engine.analyse(game, Limit(depth=2), multipv=3)
        assert [info["multipv"] for info in lines] == [1, 2, 3]
        assert all(info["depth"] == 2 for info in lines)
        assert len({info["pv"][0] for info in lines}) == 3
        assert all(info["pv"][0] in game.legal_moves for info in lines)
        assert lines[0]["score"].relative >= lines[1]["score"].relative >= lines[2]["score"].relative
        # Without a limit the search runs until stop(), which ends it.
        analysis = await engine.analysis(game)
        first = await analysis.get()
        assert first["depth"] == 1
        analysis.stop()
        best = await asyncio.wait_for(analysis.wait(), 60)
        assert best.move in game.legal_moves
        played = await engine.play(game, Limit(depth=1))
        assert played.info["depth"] == 1 and "nps" in played.info and "time" in played.info
        with pytest.raises(EngineError, match="one limit"):
            await engine.play(game, Limit(depth=2, nodes=100))
        await engine.quit()

    asyncio.run(main())


def test_every_public_name_is_documented() -> None:
    from wallrush import engine

    assert set(engine.__all__) <= set(dir(engine))
    missing = []
    for name in engine.__all__:
        value = getattr(engine, name)
        if not (getattr(value, "__doc__", None) or "").strip():
            missing.append(name)
        for attr, raw in vars(value).items() if isinstance(value, type) else []:
            if not attr.startswith("_") and callable(raw) and not (raw.__doc__ or "").strip():
                missing.append(f"{name}.{attr}")
    assert missing == []
    assert "engine" in dir(wallrush) and wallrush.engine is engine
