"""Any shape to practise on: seeded uneven trees, MIN at the root, and the
checker, the sheets and the command line on them; the reorder puzzle
refuses uneven trees, where Knuth-Moore does not hold."""

import subprocess
import sys

import pytest

import gametree
from gametree.cli import main
from gametree.practice import Answer, Exercise, MistakeKind, check, check_reorder
from gametree.practice.shapes import check_root, uneven_tree, with_root
from gametree.practice.sheets import sheet_exercises
from gametree.tree import MAX, MIN
from gametree.view.sheets import write_sheet

SHAPES = [(2, 3), (3, 2), (3, 3), (4, 2), (2, 4)]


def leaf_depths(tree):
    return {leaf.depth for leaf in tree.leaves}


@pytest.mark.parametrize("branching, depth", SHAPES)
def test_uneven_trees_vary_children_and_leaf_depths(branching, depth):
    for seed in range(30):
        tree = gametree.Tree.from_nested(uneven_tree(seed, branching, depth))
        assert max(leaf_depths(tree)) == depth and len(leaf_depths(tree)) >= 2
        assert all(2 <= len(node.children) <= branching for node in tree if not node.is_leaf)
        assert tree.branching is None  # not complete


def test_an_uneven_tree_is_the_same_in_another_process():
    code = "from gametree.practice.shapes import uneven_tree; print(uneven_tree(123, 3, 3))"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert other == str(uneven_tree(123, 3, 3))


@pytest.mark.parametrize("root", ["MAX", "MIN"])
@pytest.mark.parametrize("uneven", [False, True])
def test_the_solution_of_every_shape_is_right_and_a_slip_is_caught(root, uneven):
    for seed in range(25):
        exercise = Exercise.random(seed, 3, 3, uneven=uneven, root=root, bounds="all")
        assert exercise.tree.root.player is check_root(root)
        assert exercise.complete is not uneven
        solution = exercise.solution()
        assert check(exercise, solution) == []
        assert solution.values[exercise.tree.root.name] == gametree.minimax(exercise.tree)
        name = exercise.tree.root.name
        slipped = Answer(values={**solution.values, name: solution.values[name] + 1},
                         pruned=solution.pruned, alphas=solution.alphas, betas=solution.betas)
        assert [(m.node, m.kind) for m in check(exercise, slipped)][:1] == [
            (name, MistakeKind.WRONG_VALUE)]
        assert [m.kind for m in check(exercise, Answer())] == [MistakeKind.EMPTY]


def test_min_at_the_root_is_said_in_the_task():
    exercise = Exercise.random(3, 2, 2, root="MIN")
    assert "The root A is a MIN node: MIN moves first." in exercise.text
    assert "MIN node" not in Exercise.random(3, 2, 2).text


def test_an_uneven_exercise_is_reproducible_and_round_trips_through_nested_lists():
    exercise = Exercise.random(9, 3, 3, uneven=True, root="MIN")
    assert exercise == Exercise.random(9, 3, 3, uneven=True, root="MIN")
    again = Exercise.from_nested(exercise.tree.to_nested(), root="MIN")
    assert again.tree == exercise.tree and again.shape == exercise.shape
    assert exercise.minimum is None  # Knuth-Moore holds only for complete trees


def test_uneven_orderings_sort_children_best_or_worst_first():
    best = Exercise.random(5, 3, 3, uneven=True, ordering="best")
    worst = Exercise.random(5, 3, 3, uneven=True, ordering="worst")
    assert best.trace.value == worst.trace.value
    assert best.trace.evaluated <= worst.trace.evaluated


def test_the_reorder_puzzle_refuses_uneven_trees_and_works_with_min_at_the_root():
    with pytest.raises(ValueError, match="the reorder task needs a complete tree"):
        Exercise.random(1, 3, 3, uneven=True, task="reorder")
    with pytest.raises(ValueError, match="Knuth-Moore minimum, which holds only for complete"):
        Exercise.from_nested([[1, [2, 3]], 4], task="reorder")
    puzzle = Exercise.random(4, 2, 3, task="reorder", root="MIN")
    best = gametree.best_order(puzzle.tree).leaf_scores
    assert check_reorder(puzzle, best).solved
    assert not check_reorder(puzzle, list(puzzle.leaves)).solved  # as given it prunes less


@pytest.mark.parametrize("options, error, words", [
    ({"uneven": True, "depth": 1}, ValueError, "an uneven tree needs depth 2 or more"),
    ({"root": "top"}, ValueError, "root must be 'MAX' or 'MIN'"),
    ({"root": 1}, TypeError, "root must be 'MAX' or 'MIN'"),
    ({"uneven": "yes"}, TypeError, "uneven must be True or False"),
    ({"branching": 4, "depth": 4, "uneven": True}, ValueError, "at most 243"),
])
def test_bad_shape_options_are_refused(options, error, words):
    arguments = {"branching": 3, "depth": 3, **options}
    with pytest.raises(error, match=words):
        Exercise.random(1, **arguments)


@pytest.mark.parametrize("shape, words", [
    ((2, 0, 0, 0), "does not describe a tree"),
    ((2, 0, 2, 0, 0), "has 3 leaves but 4 leaf scores"),
    ((0,), "does not describe a tree"),
    ((4, 0, 0, 0, 0), "at most 3"),
])
def test_a_shape_that_is_not_a_tree_is_refused(shape, words):
    with pytest.raises(ValueError, match=words):
        Exercise((1, 2, 3, 4), 3, shape=shape)


def test_with_root_keeps_the_scores_and_alternates_from_the_root():
    tree = with_root(gametree.Tree.from_nested([[1, [2, 3]], 4]), "min")
    assert [node.player for node in tree][:3] == [MIN, MAX, MAX]
    assert tree.leaf_scores == [1, 2, 3, 4]
    same = gametree.Tree.from_nested([[1, 2], [3, 4]])
    assert with_root(same, MAX) is same


def test_sheets_of_uneven_trees_with_min_at_the_root(tmp_path):
    exercises = sheet_exercises(5, 3, 3, 3, uneven=True, root="MIN")
    assert [e.seed for e in exercises] == [5001, 5002, 5003]
    assert all(not e.complete and e.root is MIN for e in exercises)
    files = write_sheet(tmp_path / "sheet.pdf", seed=5, count=3, branching=3, depth=3,
                        uneven=True, root="MIN", progress=lambda done, total: None)
    first = files.sheet[0].read_bytes()
    again = write_sheet(tmp_path / "again.pdf", seed=5, count=3, branching=3, depth=3,
                        uneven=True, root="MIN", progress=lambda done, total: None)
    assert again.sheet[0].read_bytes() == first  # same seed, same bytes


def test_the_command_line_takes_root_and_uneven(tmp_path, capsys):
    assert main(["alpha-beta", "--branching", "3", *["3", "12", "8", "2", "4", "6", "14", "5", "2"], "--root",
                 "MIN", "-q"]) == 0
    trace = gametree.trace_alpha_beta(with_root(gametree.Tree.from_leaves(
        [3, 12, 8, 2, 4, 6, 14, 5, 2], 3), "MIN"))
    assert capsys.readouterr().out.splitlines()[0] == f"value: {trace.value}"
    assert main(["exercises", "--seed", "2", "--count", "2", "--depth", "2", "--uneven",
                 "--root", "min", "--out", str(tmp_path / "s.pdf")]) == 0
    assert (tmp_path / "s-key.pdf").exists()
    assert main(["exercises", "--seed", "2", "--depth", "1", "--uneven",
                 "--out", str(tmp_path / "t.pdf")]) == 2
    assert "an uneven tree needs depth 2 or more" in capsys.readouterr().err
    assert not (tmp_path / "t.pdf").exists()
