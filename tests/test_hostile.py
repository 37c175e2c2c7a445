"""A hostile sweep: every public function of the core, practice and command
line, each argument in turn replaced by a wrong type, a huge or absurd
number, NaN, an empty value or a malformed tree.  Each call either works or
raises TypeError, ValueError, IndexError or KeyError with one readable
sentence; never an OverflowError, RecursionError or AttributeError, never
Python's own "Exceeds the limit", never a hang (the per-test timeout)."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest

import gametree
from gametree.cli import main
from gametree.parse import read_number
from gametree.practice import Answer, Exercise, check, check_reorder, parse_value
from gametree.practice.sheets import sheet_exercises
from gametree.rules import CutRule
from gametree.text import fmt, pretty

HOSTILE = [
    None, "", "3", "x", 3.0, 2.5, True, -1, 0, 1, 10**20, -(10**20), 10**400, -(10**400),
    math.nan, math.inf, -math.inf, [], [[]], {}, object(), b"3", [1, "x"], [math.nan, 1],
    [10**400, 1], [1e308, 1e308], complex(1, 2), Decimal("1"), Fraction(1, 3), range(10**20),
    [[1]], [[[1]], 2], "[[1, 2]]", "1_000", "\uff11", [True, False], (1, 2, 3, 4), ["1", "2"],
    [[1, 2], 3],
]
"""39 values; with the arguments below, about 2,700 calls."""

FIG52 = (3, 12, 8, 2, 4, 6, 14, 5, 2)
TRACE = gametree.trace_alpha_beta(FIG52, 3)
EXERCISE = Exercise(FIG52, 3)
REORDER = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 1), 3, task="reorder")

CALLS = {
    "alpha_beta": (gametree.alpha_beta, [[5, 6, 7, 4], 2]),
    "minimax": (gametree.minimax, [[5, 6, 7, 4], 2]),
    "backed_up_values": (gametree.backed_up_values, [[5, 6, 7, 4], 2]),
    "principal_variation": (gametree.principal_variation, [[5, 6, 7, 4], 2]),
    "trace_alpha_beta": (lambda a, b, c, d: gametree.trace_alpha_beta(a, b, strict=c, fail_hard=d),
                         [[5, 6, 7, 4], 2, False, False]),
    "Trace.state": (TRACE.state, [0]),
    "Trace[]": (TRACE.__getitem__, [0]),
    "Tree.from_leaves": (gametree.Tree.from_leaves, [[5, 6, 7, 4], 2]),
    "Tree.from_nested": (gametree.Tree.from_nested, [[[1, 2], [3, 4]]]),
    "as_tree": (gametree.as_tree, [[[1, 2]], None]),
    "Tree.node": (TRACE.tree.node, ["B"]),
    "Tree.leaf": (TRACE.tree.leaf, [0]),
    "Tree[]": (TRACE.tree.__getitem__, [0]),
    "Tree.subtree": (TRACE.tree.subtree, ["B"]),
    "Tree.path": (TRACE.tree.path, ["B"]),
    "random_leaves": (lambda a, b, c, d, e, f: gametree.random_leaves(a, b, c, low=d, high=e,
                                                                       distinct=f),
                      [2, 2, 1, 0, 20, False]),
    "random_tree": (gametree.random_tree, [2, 2, 1]),
    "best_order": (gametree.best_order, [[5, 6, 7, 4], 2]),
    "worst_order": (gametree.worst_order, [[5, 6, 7, 4], 2]),
    "knuth_moore_minimum": (gametree.knuth_moore_minimum, [2, 3]),
    "parse_leaves": (gametree.parse_leaves, ["1 2"]),
    "parse_tree": (gametree.parse_tree, ["[[1, 2]]"]),
    "read_number": (read_number, ["1", "the score"]),
    "pseudocode": (lambda a, b: gametree.pseudocode(a, fail_hard=b), [False, False]),
    "CutRule.of": (CutRule.of, [False]),
    "Exercise": (lambda a, b, c, d, e, f, g: Exercise(a, b, strict=c, ask_bounds=d, task=e,
                                                      ordering=f, seed=g),
                 [FIG52, 3, False, (), "search", "random", None]),
    "Exercise.random": (lambda a, b, c, d, e, f, g, h, i: Exercise.random(
        a, b, c, strict=d, ordering=e, bounds=f, task=g, low=h, high=i),
        [1, 2, 2, False, "random", "some", "search", 0, 20]),
    "Answer": (lambda a, b, c, d: Answer(values=a, pruned=b, alphas=c, betas=d),
               [{"A": 3}, {"I"}, {}, {}]),
    "check": (check, [EXERCISE, Answer(values={"A": 3})]),
    "parse_value": (parse_value, ["3", "B's value"]),
    "check_reorder": (check_reorder, [REORDER, [3, 8, 12, 2, 4, 6, 1, 5, 14]]),
    "sheet_exercises": (sheet_exercises, [1, 2, 2, 2]),
    "fmt": (fmt, [3]),
    "pretty": (pretty, [3]),
}

ARGUMENTS = [(name, position) for name, (_, args) in CALLS.items() for position in range(len(args))]


@pytest.mark.parametrize("name, position", ARGUMENTS, ids=[f"{n}-{p}" for n, p in ARGUMENTS])
def test_each_argument_holds_against_every_hostile_value(name, position):
    function, arguments = CALLS[name]
    for value in HOSTILE:
        given = list(arguments)
        given[position] = value
        try:
            result = function(*given)
        except (TypeError, ValueError, IndexError, KeyError) as error:
            message = str(error.args[0]) if error.args else ""
            where = f"{name}, argument {position} = {value!r:.40}"
            assert message and "\n" not in message and len(message) < 400, where
            assert "Exceeds the limit" not in message and "Traceback" not in message, where
        else:
            if name in ("fmt", "pretty"):
                assert isinstance(result, str) and len(result) < 60


@pytest.mark.parametrize("value", ["", "x", "-1", "0", "1" * 30, "1e3", "\uff11", "nan",
                                   "1_000", "99999999999999999"])
@pytest.mark.parametrize("command", [
    ["alpha-beta", "--branching", "{}", "1", "2", "3", "4"],
    ["alpha-beta", "--branching", "2", "1", "{}", "3", "4"],
    ["alpha-beta", "--tree", "[[1, {}], [3, 4]]"],
    ["minimax", "--tree", "{}"],
    # (one small exercise where the value is fine: a whole sheet costs seconds)
    ["exercises", "--seed", "{}", "--count", "1", "--depth", "2", "--out", "OUT/s.pdf"],
    ["exercises", "--seed", "1", "--count", "{}", "--depth", "2", "--out", "OUT/s.pdf"],
    ["exercises", "--seed", "1", "--count", "1", "--depth", "{}", "--out", "OUT/s.pdf"],
    ["exercises", "--seed", "1", "--count", "1", "--depth", "2", "--out", "{}"],
    ["draw", "--tree", "[[1, 2], [3, 4]]", "--step", "{}", "--out", "OUT/x.png"],
], ids=lambda c: " ".join(c[:3]) if isinstance(c, list) else None)
def test_the_command_line_answers_hostile_input_in_one_line(command, value, tmp_path, capsys,
                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = [a.replace("{}", value).replace("OUT", str(tmp_path)) for a in command]
    status = main(argv)
    captured = capsys.readouterr()
    if status == 0:  # a value that happens to be fine
        return
    assert status == 2 and captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("gametree: error: ")
    assert "Exceeds the limit" not in captured.err and "Traceback" not in captured.err
    assert not [p for p in tmp_path.iterdir() if p.suffix in (".pdf", ".png", ".part")]
