"""NUMBERGAME: the judge sample, agreement with brute force, the game on the
common interface, the recording for drawings, the command and its errors."""

import random
import subprocess
import sys

import pytest

import gametree
from gametree.cli import UsageError, main
from gametree.cli.numbergame import MAX_ABS, MAX_CASES, MAX_CHARS, MAX_NUMBERS, read_cases
from gametree.games import (
    IllegalMoveError,
    NumberGame,
    NumberGameState,
    alpha_beta,
    memo_graph,
    minimax,
    negamax,
    number_game,
    record_number_game,
)
from gametree.games.numbergame import MAX_LENGTH
from gametree.tree import MAX, MIN

SAMPLE_IN = """3
5
-1000 -1000 -3 -1000 -1000
6
100 -1000 -1000 100 -1000 -1000
10
7 -5 8 5 1 -4 -8 6 7 9
"""
SAMPLE_OUT = "-1000\n1100\n7\n"


def brute_force(row: list[int]) -> int:
    """The mover's margin by trying every line of play, no memory: the rules
    read off the statement, independent of the package."""
    if not row:
        return 0
    options = [row[0] - brute_force(row[1:]), row[-1] - brute_force(row[:-1])]
    if len(row) >= 2:
        options += [-brute_force(row[2:]), -brute_force(row[:-2])]
    return max(options)


# --- the function -----------------------------------------------------------------

@pytest.mark.parametrize("board, expected", [
    ([-1000, -1000, -3, -1000, -1000], -1000),
    ([100, -1000, -1000, 100, -1000, -1000], 1100),
    ([7, -5, 8, 5, 1, -4, -8, 6, 7, 9], 7),
])
def test_judge_sample(board, expected):
    assert number_game(board) == expected
    assert gametree.number_game(board) == expected


@pytest.mark.parametrize("board, expected", [
    ([], 0),            # nothing to play for
    ([5], 5),           # take it
    ([-5], -5),         # one number: deleting needs two, so it must be taken
    ([-5, -6], 1),      # take -5: the other must take -6 (better than deleting both)
    ([-5, -6, -7], 7),  # delete -5 and -6: the other must take -7
    ([3, -1], 4),       # take 3, the other takes -1: 3 - (-1)
    ([1, 2, 3], 2),     # take 3, leaving 1 2: the other takes 2 and 1 is mine: 3 + 1 - 2
])
def test_small_rows_worked_by_hand(board, expected):
    assert number_game(board) == expected


def test_agrees_with_brute_force_on_random_rows_of_up_to_10():
    rng = random.Random(20260)
    for _ in range(60):
        board = [rng.randint(-1000, 1000) for _ in range(rng.randint(0, 10))]
        assert number_game(board) == brute_force(board), board


def test_agrees_with_brute_force_when_numbers_are_small_and_ties_many():
    rng = random.Random(7)
    for _ in range(60):
        board = [rng.randint(-3, 3) for _ in range(rng.randint(1, 9))]
        assert number_game(board) == brute_force(board), board


def test_fifty_numbers_solved_through_the_memo_graph():
    """n = 50 is instant because only the (lo, hi) pairs are solved: 1,326
    with the 51 empty rows, against about 10^21 calls without memory."""
    board = [random.Random(3).randint(-1000, 1000) for _ in range(50)]
    graph = memo_graph(board)
    assert len(graph.states) == 50 * 51 // 2 + 51
    assert graph.values[0] == number_game(board)
    assert number_game(board[:12]) == brute_force(board[:12])


def test_accepts_any_sequence_of_ints():
    assert number_game((7, -5, 8)) == number_game([7, -5, 8]) == brute_force([7, -5, 8])
    assert number_game(range(5)) == brute_force([0, 1, 2, 3, 4])


@pytest.mark.parametrize("board, error, words", [
    ("7 -5 8", TypeError, "must be a list of whole numbers .*not str"),
    (7, TypeError, "not int"),
    ([7, 2.5], TypeError, r"number 1 of the row is 2.5 \(float\)"),
    ([True, 1], TypeError, r"number 0 of the row is True \(bool\)"),
    ([1] * 501, ValueError, "501 numbers; number_game takes at most 500"),
])
def test_bad_boards_are_refused_with_a_sentence(board, error, words):
    with pytest.raises(error, match=words):
        number_game(board)


# --- the game on the common interface --------------------------------------------

def test_the_game_searches_agree_with_number_game():
    rng = random.Random(11)
    for _ in range(25):
        board = [rng.randint(-9, 9) for _ in range(rng.randint(1, 6))]
        game = NumberGame(board)
        expected = number_game(board)
        assert minimax(game).value == expected, board
        assert negamax(game).value == expected, board
        assert alpha_beta(game).value == expected, board


def test_moves_and_their_effect():
    game = NumberGame([7, -5, 8])
    start = game.initial
    assert start == NumberGameState(0, 3, MAX, 0)
    assert game.play(start, "take left") == NumberGameState(1, 3, MIN, 7)
    assert game.play(start, "take right") == NumberGameState(0, 2, MIN, 8)
    assert game.play(start, "delete left") == NumberGameState(2, 3, MIN, 0)
    after = game.play(game.play(start, "delete right"), "take left")  # MIN takes 7
    assert after == NumberGameState(1, 1, MAX, -7) and game.is_over(after) and game.score(after) == -7
    last = NumberGameState(2, 3, MIN, 0)
    assert game.moves(last) == ["take left", "take right"]  # one number: no deleting two
    assert game.moves(after) == []


def test_illegal_moves_are_refused():
    game = NumberGame([7])
    with pytest.raises(IllegalMoveError, match="'delete left' is not a legal move here; choose one of take left, take right"):
        game.play(game.initial, "delete left")
    over = game.play(game.initial, "take left")
    with pytest.raises(IllegalMoveError, match="the row is empty"):
        game.play(over, "take left")


def test_best_first_move_of_the_sample():
    """In the third sample case, taking the 9 on the right is the first move
    that reaches 7; taking the 7 on the left does worse."""
    row = [7, -5, 8, 5, 1, -4, -8, 6, 7, 9]
    assert negamax(NumberGame(row), memo=True).move == "take right"
    assert 9 - brute_force(row[:-1]) == 7
    assert 7 - brute_force(row[1:]) < 7


# --- the recording for drawings ------------------------------------------------

def test_recursion_tree_and_memo_graph_of_a_small_row():
    board = [7, -5, 8, 5]
    record = record_number_game(board)
    # The calls without memory: T(n) = 1 + 2 T(n-1) + 2 T(n-2), T(0) = 1, T(1) = 3.
    sizes = [1, 3]
    for _ in range(2, 5):
        sizes.append(1 + 2 * sizes[-1] + 2 * sizes[-2])
    assert len(record.tree) == sizes[4] == 69
    assert len(record.intervals) == len(record.tree)
    assert record.intervals[0] == (0, 4)
    # Every interval in the tree is a memo state, and every memo state appears.
    assert set(record.intervals) == set(record.graph.states)
    # The tree's backed-up value is the answer (from MAX's side at the root).
    assert gametree.minimax(record.tree) == number_game(board)
    # Leaves are the empty rows.
    assert all(record.intervals[leaf.id][0] == record.intervals[leaf.id][1] for leaf in record.tree.leaves)


def test_memo_graph_values_and_edges():
    board = [7, -5, 8]
    graph = memo_graph(board)
    assert graph.board == (7, -5, 8)
    assert graph.states[0] == (0, 3)
    assert len(set(graph.states)) == len(graph.states) == 10
    for (lo, hi), value in zip(graph.states, graph.values, strict=True):
        assert value == brute_force(board[lo:hi])
    out_of = {}
    for start, end, label in graph.edges:
        out_of.setdefault(start, []).append((end, label))
    assert out_of[(0, 3)] == [((1, 3), "take left 7"), ((0, 2), "take right 8"),
                              ((2, 3), "delete left (7, -5)"), ((0, 1), "delete right (-5, 8)")]
    assert all(len(out_of.get(s, [])) == {0: 0, 1: 2}.get(s[1] - s[0], 4) for s in graph.states)
    # Calls: each of the 6 non-empty states makes 2 or 4 calls, plus the root's.
    assert graph.calls == 1 + sum(len(edges) for edges in out_of.values())


def test_recording_refuses_rows_whose_tree_is_too_big():
    with pytest.raises(ValueError, match="more than 5,000 nodes"):
        record_number_game(list(range(9)))
    assert len(record_number_game(list(range(8))).tree) == 3861


# --- the command ---------------------------------------------------------------------

def test_command_prints_the_judge_answers(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(SAMPLE_IN))
    assert main(["number-game"]) == 0
    assert capsys.readouterr() == (SAMPLE_OUT, "")


def test_command_reads_a_file(tmp_path, capsys):
    path = tmp_path / "cases.txt"
    path.write_text(SAMPLE_IN)
    assert main(["number-game", str(path)]) == 0
    assert capsys.readouterr().out == SAMPLE_OUT


def test_command_as_a_process():
    done = subprocess.run([sys.executable, "-m", "gametree", "number-game"], input=SAMPLE_IN,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, SAMPLE_OUT, "")


def test_blank_lines_and_windows_line_ends_are_fine():
    text = "\r\n2\r\n\r\n1\r\n5\r\n2\r\n -1   3 \r\n\r\n"
    assert read_cases(text) == [[5], [-1, 3]]


@pytest.mark.parametrize("text, words", [
    ("", "the input is empty"),
    ("x\n", r"the number of cases \(line 1\) is 'x', which is not a whole number"),
    ("2 3\n", "line 1: expected the number of cases alone on its line, but found 2 items: 2 3"),
    ("0\n", "the number of cases is 0; it must be from 1 to 50"),
    ("51\n", "the number of cases is 51"),
    ("2\n1\n5\n", "case 2: the input ends, but the first line says there are 2 cases"),
    ("1\n3\n", "case 1: the input ends before the line of 3 numbers"),
    ("1\n3\n1 2\n", r"case 1 \(line 3\): n is 3 but the line has 2 numbers: 1 2"),
    ("1\n2\n1 2 3\n", r"case 1 \(line 3\): n is 2 but the line has 3 numbers"),
    ("1\n2\n1 2.5\n", r"case 1 \(line 3\): number 2 is '2.5', which is not a whole number"),
    ("1\n2\n1 two\n", "number 2 is 'two'"),
    ("1\nthree\n1 2 3\n", r"case 1 \(line 2\): n is 'three'"),
    ("1\n0\n\n", r"case 1 \(line 2\): n is 0; it must be from 1 to 50"),
    ("1\n51\n" + " 1" * 51 + "\n", "n is 51"),
    ("1\n2\n1 1001\n", "number 2 is 1001; numbers must be from -1000 to 1000"),
    ("1\n1 2\n", r"case 1 \(line 2\): expected n, the count of numbers, alone on its line"),
    ("1\n1\n5\n1\n", "line 4: the first line says there are 1 cases, but more input follows"),
])
def test_malformed_input_names_the_case_and_the_problem(text, words):
    with pytest.raises(UsageError, match=words):
        read_cases(text)


@pytest.mark.parametrize("text", ["1\n3\n1 2\n", "2\n1\n5\n", "1\n2\n1 x\n", "\xff\n"])
def test_malformed_input_exits_2_with_one_line_and_no_traceback(text):
    data = text.encode("latin-1")
    done = subprocess.run([sys.executable, "-m", "gametree", "number-game"], input=data,
                          capture_output=True, timeout=60)
    err = done.stderr.decode()
    assert done.returncode == 2
    assert done.stdout == b""  # nothing printed before the whole input is checked
    assert err.count("\n") == 1 and err.startswith("gametree: error: ")
    assert "Traceback" not in err


def test_missing_file_is_one_line(capsys, tmp_path):
    assert main(["number-game", str(tmp_path / "nope.txt")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gametree: error: cannot read ") and err.count("\n") == 1


# --- limits, at them and one past them -----------------------------------------------

def memoized_by_recursion(board):
    """The recursion of the definition with functools.cache: as deep as the row is long."""
    from functools import cache

    @cache
    def best(lo, hi):
        if lo == hi:
            return 0
        options = [board[lo] - best(lo + 1, hi), board[hi - 1] - best(lo, hi - 1)]
        if hi - lo >= 2:
            options += [-best(lo + 2, hi), -best(lo, hi - 2)]
        return max(options)

    return best(0, len(board))


def called_at_depth(frames, function):
    """``function()`` called from under ``frames`` nested calls, as from a
    notebook kernel whose stack is already deep."""
    return function() if frames == 0 else called_at_depth(frames - 1, function)


def test_a_row_of_max_length_is_solved_even_from_a_deep_stack():
    """500 numbers, the limit: the recursive solver needs about 1,000 frames
    (it raised RecursionError at 498); number_game needs none, so it works
    with 900 frames already on the stack."""
    board = [random.Random(500).randint(-1000, 1000) for _ in range(MAX_LENGTH)]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)
    try:
        expected = memoized_by_recursion(board)
    finally:
        sys.setrecursionlimit(limit)
    assert called_at_depth(limit - 100, lambda: number_game(board)) == expected
    with pytest.raises(ValueError, match="the row has 501 numbers; number_game takes at most 500"):
        number_game(board + [1])


def test_a_huge_row_is_refused_before_its_numbers_are_read():
    """The length is checked first: a row of a billion numbers is refused at once."""
    with pytest.raises(ValueError, match="the row has 1,000,000,000 numbers"):
        number_game(range(10 ** 9))


@pytest.mark.parametrize("call, error, words", [
    (lambda g: g.move_label(g.initial, "jump"), IllegalMoveError,
     "'jump' is not a legal move here; choose one of take left, take right, delete left, delete right"),
    (lambda g: g.move_label(NumberGameState(1, 2, MIN), "delete left"), IllegalMoveError,
     "'delete left' is not a legal move here; choose one of take left, take right"),
    (lambda g: g.play(NumberGameState(5, 9), "take left"), ValueError,
     r"NumberGameState\(lo=5, hi=9\) is not a slice of this row of 2 numbers"),
    (lambda g: g.play(None, "take left"), TypeError, "expected a NumberGameState"),
    (lambda g: NumberGameState(2, 1), ValueError, "needs 0 <= lo <= hi, not lo = 2, hi = 1"),
    (lambda g: NumberGameState(0, "2"), TypeError, r"hi must be a whole number, not '2' \(str\)"),
    (lambda g: NumberGameState(0, 2, "MAX"), TypeError, "player must be gametree.MAX or gametree.MIN"),
])
def test_unknown_moves_and_impossible_positions_get_a_sentence(call, error, words):
    with pytest.raises(error, match=words):
        call(NumberGame([7, -5]))


def judge_input(cases):
    return f"{len(cases)}\n" + "".join(f"{len(row)}\n{' '.join(map(str, row))}\n" for row in cases)


def test_the_judge_takes_every_documented_limit():
    """50 cases, 50 numbers a row, numbers of size 1,000: all at once."""
    rng = random.Random(50)
    cases = [[rng.choice([-MAX_ABS, MAX_ABS, rng.randint(-MAX_ABS, MAX_ABS)]) for _ in range(MAX_NUMBERS)]
             for _ in range(MAX_CASES)]
    assert read_cases(judge_input(cases)) == cases
    assert MAX_CASES == MAX_NUMBERS == 50 and MAX_ABS == 1000


@pytest.mark.parametrize("text, words", [
    (judge_input([[1]] * 51), "the number of cases is 51; it must be from 1 to 50"),
    (judge_input([[1] * 51]), r"case 1 \(line 2\): n is 51; it must be from 1 to 50"),
    (judge_input([[1, 1001]]), r"number 2 is 1001; numbers must be from -1000 to 1000"),
    (judge_input([[-1001]]), r"number 1 is -1001"),
])
def test_the_judge_refuses_one_past_each_limit(text, words):
    with pytest.raises(UsageError, match=words):
        read_cases(text)


@pytest.mark.parametrize("token", ["1_000", "４", "٣", "²", "1e3", "0x10", "--1"])
def test_the_judge_reads_only_ascii_digits(token):
    """int() would read '1_000' as 1000 and '４' as 4; the judge's input is
    ASCII, so they are refused, in our words."""
    with pytest.raises(UsageError, match="which is not a whole number written with the digits 0 to 9"):
        read_cases(f"1\n1\n{token}\n")


def test_the_judge_refuses_a_number_of_thousands_of_digits_in_our_words():
    """int() would refuse it with "Exceeds the limit (4300 digits)"."""
    with pytest.raises(UsageError, match=r"number 1 is '99999999999999999'\.\.\., a number far too large"):
        read_cases(f"1\n1\n{'9' * 5000}\n")


def test_the_judge_reads_signs_and_padding():
    assert read_cases("1\n3\n+5 -0 007\n") == [[5, 0, 7]]


def test_the_judge_input_may_be_as_long_as_the_limit_and_no_longer():
    legal = judge_input([[3, 4]])
    padded = legal + " " * (MAX_CHARS - len(legal))
    assert len(padded) == MAX_CHARS and read_cases(padded) == [[3, 4]]
    with pytest.raises(UsageError, match="the input has more than 1,000,000 characters"):
        read_cases(padded + " ")


class Endless:
    """Standard input that never ends, and remembers what was asked of it."""

    def __init__(self):
        self.asked = []

    def read(self, size=-1):
        self.asked.append(size)
        if size < 0:
            raise AssertionError("the judge read the whole input")
        return " " * size


def test_the_judge_reads_no_more_than_the_limit_before_refusing(monkeypatch, capsys):
    stdin = Endless()
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["number-game"]) == 2
    assert stdin.asked == [MAX_CHARS + 1]
    err = capsys.readouterr().err
    assert err == f"gametree: error: the input has more than {MAX_CHARS:,} characters; a judge input " \
                  f"(50 cases of at most 50 numbers) is far shorter\n"


def test_a_file_longer_than_the_limit_is_refused_in_one_line(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text(judge_input([[1]]) + " " * MAX_CHARS)
    done = subprocess.run([sys.executable, "-m", "gametree", "number-game", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "more than 1,000,000 characters" in done.stderr
