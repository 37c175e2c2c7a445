"""The drill page (issue 24): seeded trees, keys from the exercises, the same page for the same seed."""

from __future__ import annotations

import json
import re

import pytest

from gametree import Tree
from gametree.cli import main
from gametree.cli.drill import WORDS, drill_page, drill_trees
from gametree.practice.checker import MistakeKind
from gametree.practice.exercise import Exercise
from gametree.practice.sheets import MAX_COUNT, sheet_exercises
from gametree.view.pages.drill import MAX_DRILL_LEAVES, DrillTree, drill_html


def _keys(page: str) -> list[dict]:
    found = re.search(r'<script type="application/json" id="drill-data">(.*?)</script>', page, re.S)
    assert found is not None
    return json.loads(found.group(1).replace("<\\/", "</"))["keys"]


def test_same_seed_same_bytes(tmp_path):
    first, second, other = tmp_path / "a.html", tmp_path / "b.html", tmp_path / "c.html"
    for seed, out in ((42, first), (42, second), (43, other)):
        assert main(["drill", "--seed", str(seed), "--count", "10", "--out", str(out)]) == 0
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() != other.read_bytes()


def test_keys_are_the_exercises_solutions():
    exercises = [e for e in sheet_exercises(42, 10, bounds="none") if isinstance(e, Exercise)]
    keys = _keys(drill_page(42, 10))
    assert len(keys) == len(exercises) == 10
    for exercise, key in zip(exercises, keys, strict=True):
        solution = exercise.solution()
        assert exercise.check(solution) == []
        assert key["values"] == {name: float(v) for name, v in solution.values.items()}
        assert set(key["pruned"]) == set(solution.pruned)


def test_page_says_it_is_for_practice_and_names_mistakes_as_the_checker_does():
    page = drill_page(42, 2)
    assert "for practice, not for grading" in page
    expected = {"value": MistakeKind.WRONG_VALUE.value, "cutoff": MistakeKind.MISSED_CUTOFF.value,
                "over": MistakeKind.OVER_PRUNED.value, "empty": MistakeKind.EMPTY.value}
    assert expected == WORDS
    assert all(f'"{word}"' in page for word in WORDS.values())


def test_every_edge_and_box_has_an_accessible_name():
    tree = sheet_exercises(42, 1)[0].tree
    page = drill_page(42, 1)
    for node in tree:
        if node.parent is not None:
            assert f'aria-label="edge to {node.name}"' in page
        if not node.is_leaf:
            assert f'aria-label="value of {node.name}"' in page


def test_shape_options_reach_the_trees():
    page = drill_page(7, 2, 2, 2, uneven=True, root="MIN")
    trees = drill_trees([e for e in sheet_exercises(7, 2, 2, 2, uneven=True, root="MIN",
                                                    bounds="none") if isinstance(e, Exercise)])
    assert all(str(t.tree.root.player) == "MIN" for t in trees)
    assert [sorted(k["values"]) for k in _keys(page)] == [sorted(t.values) for t in trees]


def test_most_trees_a_page_takes(tmp_path):
    out = tmp_path / "drill.html"
    assert main(["drill", "--seed", "1", "--count", str(MAX_COUNT), "--branching", "2",
                 "--depth", "2", "--out", str(out)]) == 0
    assert len(_keys(out.read_text(encoding="utf-8"))) == MAX_COUNT


@pytest.mark.parametrize("argv, words", [
    (["--count", str(MAX_COUNT + 1)], f"count must be from 1 to {MAX_COUNT}"),
    (["--count", "0"], "count must be from 1"),
    (["--out", "drill.pdf"], "end the name with .html"),
])
def test_command_refuses_bad_input(tmp_path, monkeypatch, capsys, argv, words):
    monkeypatch.chdir(tmp_path)
    assert main(["drill", "--seed", "42", *argv]) == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_command_defaults_to_handouts(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["drill", "--seed", "42", "--count", "1"]) == 0
    assert (tmp_path / "handouts" / "drill.html").is_file()


def test_drill_html_refuses_a_key_of_another_tree_and_too_many_leaves():
    tree = Tree.from_nested([[3, 5], [2, 9]])
    with pytest.raises(ValueError, match="names Z, which the tree does not have"):
        drill_html([DrillTree(tree, "", {"Z": 1}, frozenset())])
    with pytest.raises(ValueError, match="at least one tree"):
        drill_html([])
    big = Tree.from_leaves(list(range(MAX_DRILL_LEAVES + 1)), MAX_DRILL_LEAVES + 1)
    with pytest.raises(ValueError, match=f"more than the {MAX_DRILL_LEAVES}"):
        drill_html([DrillTree(big, "", {}, frozenset())])
    at_limit = Tree.from_leaves(list(range(MAX_DRILL_LEAVES)), MAX_DRILL_LEAVES)
    assert "edge to" in drill_html([DrillTree(at_limit, "", {}, frozenset())])
