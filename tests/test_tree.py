"""The tree model: names, players, builders and lookups."""

import pytest

import gametree
from gametree import MAX, MIN, Tree
from gametree.tree import node_name


def test_names_run_in_level_order_like_textbook_figures(fig52):
    tree = Tree.from_leaves(*fig52)
    assert [n.name for n in tree][:4] == ["A", "B", "C", "D"]
    assert tree["C"].children == (7, 8, 9)
    assert [tree[i].score for i in tree["C"].children] == [2, 4, 6]


def test_names_beyond_z_continue_like_spreadsheet_columns():
    names = [node_name(i) for i in range(28)]
    assert names[25:] == ["Z", "AA", "AB"]
    assert len(set(node_name(i) for i in range(10_000))) == 10_000


def test_levels_alternate_from_max(fig52):
    tree = Tree.from_leaves(*fig52)
    assert [tree[i].player for i in (0, 1, 4)] == [MAX, MIN, MAX]
    assert all(node.player is (MAX if node.depth % 2 == 0 else MIN) for node in tree)


def test_complete_tree_knows_its_shape(fig52):
    tree = Tree.from_leaves(*fig52)
    assert (tree.branching, tree.depth, len(tree), len(tree.leaves)) == (3, 2, 13, 9)
    assert tree.leaf_scores == fig52[0]


def test_uneven_tree_has_no_single_branching():
    tree = Tree.from_nested([[3, [1, 7]], [5]])
    assert tree.branching is None
    assert tree.leaf_scores == [3, 1, 7, 5]
    assert [leaf.leaf_index for leaf in tree.leaves] == [0, 1, 2, 3]
    # Leaves are numbered left to right even though 5 is shallower than 1 and 7.
    assert tree.leaves[3].depth == 2 and tree.leaves[1].depth == 3


def test_nested_round_trip():
    nested = [[3, [1, 7]], [5, 6, [2]]]
    assert Tree.from_nested(nested).to_nested() == nested


def test_from_leaves_equals_the_nested_form(fig52):
    assert Tree.from_leaves(*fig52) == Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert Tree.from_leaves(*fig52) != Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 3]])


def test_unfold_asks_each_position_whose_turn_it_is():
    # A game where MAX moves twice in a row (as after Kalah's extra turn).
    positions = {"s": ["a", "b"], "a": ["a1", "a2"], "b": ["b1", "b2"]}
    scores = {"a1": 1, "a2": 4, "b1": 2, "b2": 3}
    turn = {"s": MAX, "a": MAX, "b": MIN}
    tree = Tree.unfold("s", positions.get, scores.get,
                       player=lambda p: turn.get(p, MIN), label=lambda p: f"to {p}")
    assert [n.player for n in tree][:3] == [MAX, MAX, MIN]
    assert tree["B"].label == "to a" and tree.root.label == ""
    assert gametree.minimax(tree) == 4  # MAX takes a then a2


def test_lookup_by_unknown_name_says_which_names_exist(fig52):
    with pytest.raises(KeyError, match="nodes are named A to M"):
        Tree.from_leaves(*fig52)["Q"]


def test_path_and_subtree(fig52):
    tree = Tree.from_leaves(*fig52)
    assert [n.name for n in tree.path(tree["H"])] == ["A", "C", "H"]
    assert [n.name for n in tree.subtree(tree["C"])] == ["C", "H", "I", "J"]


def test_nodes_are_immutable(fig52):
    node = Tree.from_leaves(*fig52).root
    with pytest.raises(AttributeError):
        node.score = 5


def test_as_tree_refuses_a_flat_list_without_branching():
    with pytest.raises(ValueError, match="needs a branching factor"):
        gametree.as_tree([3, 5, 2, 9])


def test_repr_is_runnable_for_small_trees_and_a_summary_for_large():
    assert repr(Tree.from_nested([[3, 5], [2, 9]])) == "Tree.from_nested([[3, 5], [2, 9]])"
    big = gametree.random_tree(3, 5, seed=1)
    assert repr(big) == "<Tree of 364 nodes, 243 leaves, depth 5, branching 3>"


@pytest.mark.parametrize("branching, depth", [(2, 0), (2, 1), (2, 4), (3, 3), (5, 2)])
def test_computed_complete_tree_equals_the_built_one(branching, depth):
    leaves = gametree.random_leaves(branching, depth, seed=depth)
    computed = Tree.from_leaves(leaves, branching)
    nested = leaves
    for _ in range(depth):
        nested = [nested[i : i + branching] for i in range(0, len(nested), branching)]
    built = Tree.from_nested(nested[0] if depth else leaves[0])
    fields = ("id", "name", "player", "depth", "parent", "children", "score", "leaf_index", "label")
    assert len(computed) == len(built)
    for a, b in zip(computed, built, strict=True):
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]
    assert (computed.branching, computed.depth) == (built.branching, built.depth)
    assert computed.leaf_scores == built.leaf_scores


def test_nodes_are_made_once_and_reused(fig52):
    tree = Tree.from_leaves(*fig52)
    assert tree[4] is tree["E"] is tree.children(tree["B"])[0]


def test_index_errors_name_the_valid_range(fig52):
    with pytest.raises(IndexError, match="ids run 0 to 12"):
        Tree.from_leaves(*fig52)[13]


# --- naming nodes: one converter --------------------------------------------------------


def test_a_node_is_named_by_id_name_node_or_leaf_position_in_one_place(fig52):
    tree = Tree.from_leaves(*fig52)
    c = tree["C"]
    assert tree.node(c) == tree.node(2) == tree.node("C") == tree.node(" c ") == tree.node(-11) == c
    assert tree.leaf(3) == tree["H"] and tree.leaf(-1) == tree["M"]
    assert tree.children("C") == tree.children(c) == tree.children(2)
    assert [n.name for n in tree.path("I")] == ["A", "C", "I"]


@pytest.mark.parametrize("ref, words", [
    ("Q", "no node is named 'Q'; this tree's nodes are named A to M"),
    ("\u0100", "no node is named"),  # a letter past Z must not be read as an id
    ("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "no node is named"),
    (13, r"node 13 does not exist; ids run 0 to 12 \(names A to M\)"),
    (-14, "node -14 does not exist"),
    (10**400, "node a whole number of 401 digits does not exist"),
])
def test_a_node_the_tree_lacks_is_a_lookup_error_and_a_value_error(fig52, ref, words):
    tree = Tree.from_leaves(*fig52)
    with pytest.raises(gametree.tree.NoSuchNode, match=words) as info:
        tree.node(ref)
    assert isinstance(info.value, KeyError) and isinstance(info.value, ValueError)
    assert isinstance(info.value, IndexError)  # tree[13] keeps the sequence protocol
    assert str(info.value) == info.value.args[0]  # a sentence, not KeyError's quoted repr


@pytest.mark.parametrize("ref", [2.0, None, True, ["B"], b"B"])
def test_a_node_named_by_anything_else_is_a_type_error(fig52, ref):
    with pytest.raises(TypeError, match="name such as 'B', its id such as 1, or a Node"):
        Tree.from_leaves(*fig52).node(ref)


def test_a_node_of_another_tree_is_refused(fig52):
    other = Tree.from_nested([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="belongs to another tree"):
        Tree.from_leaves(*fig52).node(other["B"])


def test_leaf_positions_are_checked(fig52):
    tree = Tree.from_leaves(*fig52)
    with pytest.raises(ValueError, match="leaf 9 does not exist; this tree's 9 leaves are "
                                         "numbered 0 to 8"):
        tree.leaf(9)
    with pytest.raises(TypeError, match="leaf position must be a whole number"):
        tree.leaf("H")


def test_nodes_made_twice_are_equal(fig52):
    # Large trees do not keep every Node made; a node made again equals it.
    assert Tree.from_leaves(*fig52)["C"] == Tree.from_leaves(*fig52)["C"]
    assert Tree.from_leaves(*fig52)["C"] != Tree.from_leaves(*fig52)["D"]
    big = gametree.random_tree(2, 16, seed=1)  # the smallest binary tree with more nodes than it keeps made
    assert len(big) > gametree.tree._CACHE_LIMIT
    first = big[5]
    for node_id in range(gametree.tree._CACHE_LIMIT + 1):  # one more than it keeps
        big[node_id]
    assert big[5] is not first  # made again
    assert big[5] == first and hash(big[5]) == hash(first)


def test_single_child_chains_are_trees_like_any_other():
    tree = Tree.from_nested([[[7]]])
    assert (len(tree), tree.depth, tree.branching, tree.leaf_count) == (4, 3, 1, 1)
    assert [n.player for n in tree] == [MAX, MIN, MAX, MIN]
    assert gametree.minimax(tree) == gametree.backed_up_values(tree)[0] == 7
    assert gametree.best_order([[[7]]]) == [[[7]]]
    assert [n.name for n in gametree.principal_variation(tree)] == ["A", "B", "C", "D"]
