"""Chess on python-chess: perft through the wrapper, the rules' draws and
mate scores, the evaluation, quiescence and the mate puzzles."""

from __future__ import annotations

import chess
import pytest

from gametree import StepKind, trace_alpha_beta
from gametree.games import IllegalMoveError, TranspositionTable, alpha_beta, cutoff_tree, minimax
from gametree.games.chess import (
    MATE,
    BadFenError,
    Chess,
    evaluate,
    mate_tree,
    noisy_moves,
    perft,
    zobrist,
)
from gametree.games.chess_puzzles import HORIZON, PUZZLES

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize(("fen", "depth", "count"), [
    (chess.STARTING_FEN, 1, 20), (chess.STARTING_FEN, 2, 400), (chess.STARTING_FEN, 3, 8_902),
    (chess.STARTING_FEN, 4, 197_281),
    (KIWIPETE, 1, 48), (KIWIPETE, 2, 2_039), (KIWIPETE, 3, 97_862)])
def test_perft_through_the_wrapper(fen, depth, count):
    """The wrapper's states and moves give the published perft counts."""
    game = Chess(fen)
    assert perft(game, game.initial, depth) == count


def test_shorter_mate_is_worth_more():
    """A mate in 1 scores higher than the same mate reached two moves later."""
    game = Chess("6k1/5ppp/8/8/8/8/8/R6K w - - 0 1")
    mate_now = game.play(game.initial, game.parse(game.initial, "Ra8#"))
    later = game.initial
    for san in ("Kg2", "Kh8", "Ra8#"):
        later = game.play(later, game.parse(later, san))
    assert game.is_over(mate_now) and game.is_over(later)
    assert game.score(mate_now) > game.score(later) > 0


@pytest.mark.parametrize(("fen", "moves"), [
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ()),                                      # stalemate
    ("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80", ("Kd1",)),                          # fifty moves
    (chess.STARTING_FEN, ("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")),  # third time
])
def test_draws(fen, moves):
    """Stalemate, the fifty-move rule and the third repetition end the game at 0."""
    game = Chess(fen)
    state = game.initial
    for i, san in enumerate(moves):
        assert not game.is_over(state), f"over before move {i}"
        state = game.play(state, game.parse(state, san))
    assert game.is_over(state) and game.score(state) == 0 and game.moves(state) == []


def test_states_are_equal_by_position_and_history():
    """Two move orders to the same position give equal states and one Zobrist key."""
    game = Chess()
    a = b = game.initial
    for san in ("e4", "e5", "Nf3"):
        a = game.play(a, game.parse(a, san))
    for san in ("Nf3", "e5", "e4"):
        b = game.play(b, game.parse(b, san))
    assert a != b   # e4 then Nf3 is irreversible at different times: histories differ
    assert zobrist(a) == zobrist(b)
    c = game.play(game.initial, game.parse(game.initial, "e4"))
    assert c == game.play(game.initial, chess.Move.from_uci("e2e4")) and len({c, a}) == 2


@pytest.mark.parametrize("fen", ["not a fen", "8/8/8/8/8/8/8/8 w - - 0 1", 42])
def test_bad_fen_is_refused_with_a_sentence(fen):
    """A FEN python-chess rejects, or an illegal position, is a BadFenError (a ValueError)."""
    with pytest.raises(BadFenError, match="FEN"):
        Chess(fen)


def test_illegal_move_is_refused():
    """An illegal move in SAN or as a Move raises IllegalMoveError naming it."""
    game = Chess()
    with pytest.raises(IllegalMoveError, match="'Ke2' is not a legal move"):
        game.parse(game.initial, "Ke2")
    with pytest.raises(IllegalMoveError, match="e2e5"):
        game.play(game.initial, chess.Move.from_uci("e2e5"))


def test_evaluation_is_symmetric():
    """Michniewski's evaluation is 0 at the start and changes sign with the colours."""
    board = chess.Board(KIWIPETE)
    game = Chess()
    assert evaluate(game.initial) == 0
    assert evaluate(Chess(board.mirror().fen()).initial) == -evaluate(Chess(KIWIPETE).initial)


def test_minimax_agrees_with_alpha_beta_on_a_small_ending():
    """The searches run unchanged: minimax and alpha-beta with a table agree on a mate in 2."""
    game = Chess(PUZZLES[1].fen)
    plain = alpha_beta(game, depth=3, evaluate=evaluate)
    table = alpha_beta(game, depth=3, evaluate=evaluate, table=TranspositionTable(key=zobrist))
    assert plain.value == table.value == MATE - 3
    tiny = Chess("k7/8/1K6/8/8/8/8/7R w - - 0 1")   # Rh8 mates
    assert alpha_beta(tiny, depth=1, evaluate=evaluate).value == MATE - 1
    assert minimax(Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).value == 0


def test_quiescence_sees_past_the_horizon():
    """At depth 1 plain search takes a pawn defended by a pawn with the queen;
    quiescence sees the recapture and does not."""
    fen = HORIZON
    game = Chess(fen, order=True)
    plain = alpha_beta(game, depth=1, evaluate=evaluate)
    quiet = alpha_beta(game, depth=1, evaluate=evaluate, quiescence=noisy_moves)
    assert game.move_label(game.initial, plain.move) == "Qxd5"
    assert game.move_label(game.initial, quiet.move) != "Qxd5"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_puzzles_are_solved(puzzle):
    """The engine finds each puzzle's key move and a mate in the given number of moves."""
    game = Chess(puzzle.fen, order=True)
    result = alpha_beta(game, depth=2 * puzzle.mate_in - 1, evaluate=evaluate,
                        table=TranspositionTable(key=zobrist))
    assert result.value == MATE - (game.initial.board.ply() + 2 * puzzle.mate_in - 1)
    assert game.move_label(game.initial, result.move) == puzzle.key


def test_command_line_prints_the_mate(capsys):
    """`python -m gametree chess` prints Morphy's key move and the mating line in SAN."""
    from gametree.cli import main
    assert main(["chess", "--fen", PUZZLES[1].fen, "--depth", "3"]) == 0
    out = capsys.readouterr().out
    assert "best move: Ra6" in out and "1. Ra6 bxa6 2. b7#" in out and "White mates in 2" in out


@pytest.mark.parametrize(("argv", "words"), [
    (["--fen", "bad"], "rejects the FEN"), (["--depth", "0"], "depth must be from 1 to 8"),
    (["--depth", "9"], "depth must be from 1 to 8"), (["--time", "0"], "more than 0"),
    (["--time", "60.5"], "at most 60"), (["--moves", "Ke2"], "'Ke2' is not a legal move")])
def test_command_line_refuses_bad_input(capsys, argv, words):
    """Bad input is one line on stderr and exit status 2."""
    from gametree.cli import main
    assert main(["chess", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_engine_stops_when_its_time_is_spent(monkeypatch):
    """With a time budget, iterative deepening answers from the deepest search
    finished in time: a clock already past the budget after the first
    iteration gives the depth-1 answer, and a clock that never moves lets it
    reach the depth asked.  (A fake clock, so a busy machine cannot fail it.)"""
    import types

    import gametree.games.chess as chess_module
    from gametree.games.chess import engine

    def clock(readings):
        values = iter(readings)
        last = [0.0]

        def perf_counter():
            last[0] = next(values, last[0])
            return last[0]
        return types.SimpleNamespace(perf_counter=perf_counter)

    game = Chess(order=True)
    one, two = engine(game, depth=1), engine(game, depth=2)
    assert one.stats.nodes != two.stats.nodes
    monkeypatch.setattr(chess_module, "time", clock([0.0, 1.0]))
    late = engine(game, depth=2, seconds=0.3)
    assert (late.move, late.stats.nodes) == (one.move, one.stats.nodes)
    monkeypatch.setattr(chess_module, "time", clock([0.0]))
    ample = engine(game, depth=2, seconds=0.3)
    assert (ample.move, ample.stats.nodes) == (two.move, two.stats.nodes)


def test_ordering_and_killers_change_the_work_not_the_value():
    """On Morphy's mate in 2, MVV-LVA ordering visits fewer nodes than python-chess's
    order, and killer moves (through first and best_moves) keep the value."""
    from gametree.games.chess import Killers
    puzzle = PUZZLES[1]
    plain = alpha_beta(Chess(puzzle.fen), depth=3, evaluate=evaluate)
    game = Chess(puzzle.fen, order=True)
    ordered = alpha_beta(game, depth=3, evaluate=evaluate)
    killers = Killers()
    for depth in (1, 2, 3):
        with_killers = alpha_beta(game, depth=depth, evaluate=evaluate, first=killers,
                                  best_moves=killers)
    assert ordered.stats.nodes < plain.stats.nodes
    assert plain.value == ordered.value == with_killers.value == MATE - 3
    assert killers.killers and all(len(slots) <= 2 for slots in killers.killers.values())


def test_the_package_players_and_uct_run_on_chess():
    """play_game, search_player, random_player and UCT run on Chess unchanged."""
    from gametree.games import play_game, random_player, search_player, uct_search
    game = Chess("k7/8/1K6/8/8/8/8/7R w - - 0 1")
    record = play_game(game, search_player(1, evaluate), random_player(1))
    assert [game.move_label(game.initial, record.moves[0])] == ["Rh8#"] and record.score == MATE - 1
    assert uct_search(game, iterations=60, seed=1).move in game.moves(game.initial)


def _stepped(fen, depth, after=()):
    """The set's alpha-beta recorded on a puzzle's tree ``depth`` plies deep
    (after the moves ``after``, in SAN), as notebook 13 steps it; with the
    game and the position searched."""
    game = Chess(fen, order=True)
    state = game.initial
    for san in after:
        state = game.result(state, game.parse(state, san))
    return trace_alpha_beta(cutoff_tree(game, state, depth=depth, evaluate=evaluate)), game, state


@pytest.mark.parametrize(("puzzle", "after", "value", "cutoffs"), [
    (PUZZLES[0], (), MATE - 1, 0),          # the back-rank mate: one ply, every move read
    (PUZZLES[1], ("Ra6",), MATE - 3, 6)])   # Morphy's, after the key move: Black's 7 replies
def test_stepped_search_finds_the_mate_with_moves_in_san(puzzle, after, value, cutoffs):
    """The traced search on a puzzle's tree (notebook 13's Stepper) finds
    the mate the untraced one finds, and every edge of the tree it steps
    is labelled with the SAN of a legal move, each legal move once."""
    trace, game, start = _stepped(puzzle.fen, 2 * puzzle.mate_in - 1 - len(after), after)
    assert trace.value == value == alpha_beta(game, start, depth=trace.tree.depth,
                                              evaluate=evaluate).value
    assert len(trace.cutoffs) == cutoffs
    states = {trace.tree.root.id: start}
    for node in trace.tree:            # parents before children
        if node.children:
            here = states[node.id]
            labels = [child.label for child in trace.tree.children(node)]
            assert sorted(labels) == sorted(here.board.san(m) for m in here.board.legal_moves)
            for child in trace.tree.children(node):
                states[child.id] = game.play(here, game.parse(here, child.label))
    returned = {step.child.label: step.value for step in trace
                if step.kind is StepKind.UPDATE and step.node.parent is None}
    assert list(returned) == [child.label for child in trace.tree.children(trace.tree.root)]
    if after:       # every reply of Black's is refuted by a mate
        assert set(returned.values()) == {value}
    else:           # the mate is the key move, and the only one
        assert [san for san, v in returned.items() if v == value] == [puzzle.key]


def test_mate_tree_proves_the_mate_from_the_puzzle():
    """notebook 13's stepped mate in 2: from the puzzle's own position, the key
    move the engine finds, every legal reply of Black's (in SAN), only checks
    at White's last move; every leaf scored 1 is a checkmate and the traced
    search proves the mate (value 1) reading every leaf."""
    puzzle = PUZZLES[1]
    game = Chess(puzzle.fen, order=True)
    tree = mate_tree(game, mate_in=2)
    (key,) = tree.children(tree.root)
    assert key.label == puzzle.key
    after = game.play(game.initial, game.parse(game.initial, key.label))
    replies = [node.label for node in tree.children(key)]
    assert replies == [after.board.san(m) for m in game.moves(after)]
    for reply in tree.children(key):
        there = game.play(after, game.parse(after, reply.label))
        for leaf in tree.children(reply):
            board = game.play(there, game.parse(there, leaf.label)).board
            assert there.board.gives_check(board.peek())
            assert leaf.score == (1 if board.is_checkmate() else 0)
    trace = trace_alpha_beta(tree)
    assert trace.value == 1 and trace.evaluated == len(tree.leaves)


@pytest.mark.parametrize(("fen", "mate_in", "words"), [
    (PUZZLES[1].fen, 1, "no mate in exactly 1"),                 # the mate takes two moves
    (PUZZLES[0].fen, 2, "no mate in exactly 2"),                 # a mate in 1 is shorter
    (PUZZLES[0].fen, 4, "mate_in must be")])                     # past MAX_MATE_IN
def test_mate_tree_refuses_a_wrong_length(fen, mate_in, words):
    """A mate length the position does not have, or one past the limit, gets a sentence."""
    with pytest.raises(ValueError, match=words):
        mate_tree(Chess(fen, order=True), mate_in=mate_in)


def _distance(point, segment):
    """Pixels from ``point`` to the segment ``((x0, y0), (x1, y1))``."""
    (px, py), ((x0, y0), (x1, y1)) = point, segment
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)))
    return ((px - x0 - t * dx) ** 2 + (py - y0 - t * dy) ** 2) ** 0.5


def test_the_stepped_mate_in_2_writes_every_move_by_its_own_edge():
    """Notebook 13's Stepper of the mate in 2 (``wide=True``: the whole cell's
    width, the pseudocode folded under it) writes every move in SAN at 12 px
    or more, on no other label and crossed by no edge, each nearer its own
    edge than any other: the shallow edges of Black's seven replies take
    their moves above or below them.  ``wide`` must be True or False."""
    from gametree.view.labels import segment_crosses_box
    from gametree.widgets import Stepper

    trace = trace_alpha_beta(mate_tree(Chess(PUZZLES[1].fen, order=True), mate_in=2))
    with pytest.raises(TypeError, match="wide must be True or False"):
        Stepper(trace, wide="yes")
    stepper = Stepper(trace, wide=True)
    assert stepper.layout_mode == "below" and stepper.picture_size[0] <= 1100
    plot = stepper.plot
    plot.show(len(trace) - 1)
    labels = plot.label_boxes()
    moves = {label.node: label for label in labels if label.kind == "move"}
    assert {trace.tree[i].label for i in moves} >= {"Ra6", "bxa6", "Bc7", "Bh2", "b7#", "Rxa7#"}
    assert len(moves) == len(trace.tree) - 1          # every edge has its move
    segments = plot.edge_segments()                   # the edge into node i at index i - 1
    for node, label in moves.items():
        x0, y0, x1, y1 = label.box
        assert label.font >= 12 and label.text == trace.tree[node].label
        inner = (x0 + 1, y0 + 1, x1 - 1, y1 - 1)
        assert not any(segment_crosses_box(segment, inner) for segment in segments), label.text
        assert not any(other is not label and min(x1, other.box[2]) - max(x0, other.box[0]) > 0.5
                       and min(y1, other.box[3]) - max(y0, other.box[1]) > 0.5 for other in labels)
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        nearest = min(range(len(segments)), key=lambda k: _distance(centre, segments[k]))
        assert nearest == node - 1, f"{label.text} sits nearer the edge into {trace.tree[nearest + 1].name}"
