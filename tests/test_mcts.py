"""Monte-Carlo tree search (gametree.games.mcts): UCT read like AIMA's
MONTE-CARLO-TREE-SEARCH, seeded, every iteration recorded.

The tests check the formula, the bookkeeping (every playout counted once
on every node it went through, wins only for the player each node counts
for, draws half), that the record replays to the final tree phase by
phase, that the search finds minimax's move given playouts enough, that
a player who moves twice in a row is handled, and that bad input is
refused before any work.
"""

from __future__ import annotations

import math
import random

import pytest

from gametree import MAX, MIN, Tree
from gametree.games import (
    Game,
    Kalah,
    KalahState,
    TicTacToe,
    TicTacToeState,
    TreeGame,
    alpha_beta,
    mcts_player,
    play_game,
    random_player,
    ucb1,
    uct_search,
)
from gametree.games.mcts import (
    MAX_ITERATIONS,
    MAX_PLAYOUT,
    PHASES,
    Phase,
    check_exploration,
    result_for,
    winner_of,
)

CORNER = TicTacToeState.from_text("XOX OOX ...")  # X to move: X8 wins, X7 draws, X6 loses
GAME = TicTacToe()


@pytest.fixture(scope="module")
def corner():
    return uct_search(GAME, CORNER, iterations=60, seed=3)


# --- UCB1 ----------------------------------------------------------------------------


@pytest.mark.parametrize("wins, visits, parent, c", [(2, 3, 10, math.sqrt(2)), (0.5, 4, 9, 1.0),
                                                     (7, 7, 50, 0.0), (1, 1, 1, 2.5)])
def test_ucb1_is_the_mean_plus_c_times_the_root_of_log_parent_over_visits(wins, visits, parent, c):
    assert ucb1(wins, visits, parent, c) == pytest.approx(wins / visits + c * math.sqrt(math.log(parent) / visits))


def test_a_node_never_visited_is_worth_infinity_and_c_zero_leaves_the_mean():
    assert ucb1(0, 0, 5) == math.inf
    assert ucb1(3, 4, 100, exploration=0) == 0.75


def test_results_are_one_half_or_zero_for_the_player_a_node_counts_for():
    assert [result_for(MAX, w) for w in (MAX, None, MIN)] == [1.0, 0.5, 0.0]
    assert [winner_of(s) for s in (5, 0, -0.5)] == [MAX, None, MIN]


# --- the bookkeeping -------------------------------------------------------------------


def test_the_root_counts_every_iteration_and_a_parent_at_least_its_childrens(corner):
    tree = corner.tree
    assert tree.root.visits == corner.iterations == 60
    for node in tree.nodes:
        assert 0 <= node.wins <= node.visits and (2 * node.wins).is_integer()
        assert node.visits >= sum(child.visits for child in tree.children(node))
        if node.visits:  # a node is visited once when added, and again each time a playout passes
            assert node.visits == (node.id != 0) * 1 + sum(c.visits for c in tree.children(node)) + \
                sum(1 for it in corner.record if it.expanded is None and it.path[-1] == node.id)


def test_each_node_counts_for_the_player_who_moved_into_it(corner):
    tree = corner.tree
    assert tree.root.counts_for is MIN  # X (MAX) is to move: the root counts for O, as in AIMA
    for node in tree.nodes[1:]:
        assert node.counts_for is tree[node.parent].player


def test_a_win_counts_only_on_the_winners_nodes_and_a_draw_half_on_every_node(corner):
    for it in corner.record:
        before = {node.id: node for node in corner.tree_after(it.number - 1).nodes}
        for update in it.updated:
            node = corner.tree[update.node]
            old_visits, old_wins = (before[node.id].visits, before[node.id].wins) if node.id in before else (0, 0)
            assert update.visits == old_visits + 1
            gain = 0.5 if it.winner is None else float(node.counts_for is it.winner)
            assert update.wins == old_wins + gain


def test_a_game_of_draws_gives_every_node_half_its_visits():
    result = uct_search(TreeGame(Tree.from_nested([[0, 0], [0, [0, 0]]])), iterations=25, seed=1)
    assert all(node.wins == node.visits / 2 for node in result.tree.nodes)


def test_the_answer_is_the_roots_child_with_the_most_playouts(corner):
    children = corner.tree.children(corner.tree.root)
    assert corner.move == max(children, key=lambda c: c.visits).move == corner.tree.best_move()
    assert corner.label == GAME.move_label(CORNER, corner.move)


# --- the phases -------------------------------------------------------------------------


def test_selection_descends_only_through_nodes_whose_moves_were_all_tried(corner):
    for it in corner.record:
        tree = corner.tree_after(it.number - 1)
        for parent, child, value in zip(it.path[:-1], it.path[1:], it.ucb, strict=True):
            assert tree[parent].expanded
            siblings = tree.children(parent)
            best = max(tree.ucb1(s) for s in siblings)
            assert value == tree.ucb1(child) == best
            assert child == next(s.id for s in siblings if tree.ucb1(s) == best)  # first among equals
        stop = tree[it.path[-1]]
        assert stop.over or not stop.expanded


def test_expansion_adds_the_first_untried_move_in_the_games_order(corner):
    for it in corner.record:
        if it.expanded is None:
            assert corner.tree[it.path[-1]].over
            continue
        parent = corner.tree[it.path[-1]]
        new = corner.tree[it.expanded]
        tried = [c.move for c in corner.tree_after(it.number - 1).children(parent)]
        untried = [m for m in GAME.moves(parent.state) if m not in tried]
        assert new.parent == parent.id and new.move == untried[0] and new.created == it.number


def test_a_playout_is_legal_random_play_to_the_end_with_the_recorded_score(corner):
    for it in corner.record:
        state = corner.tree[it.start].state
        for label in it.playout:
            move = next(m for m in GAME.moves(state) if GAME.move_label(state, m) == label)
            state = GAME.play(state, move)
        assert GAME.is_over(state) and GAME.score(state) == it.score and winner_of(it.score) is it.winner


def test_stepping_through_the_record_shows_each_phase_in_turn(corner):
    assert corner.steps == 4 * 60 + 1
    assert corner.step(0).tree.nodes == (corner.tree_after(0).root,) and corner.step(0).phase is None
    for index in range(1, 41):
        step = corner.step(index)
        it = corner.record[step.iteration - 1]
        assert step.phase is PHASES[(index - 1) % 4] and step.path == it.path
        assert step.caption.startswith(f"Iteration {it.number}, {step.phase}: ")
        before = corner.tree_after(it.number - 1)
        if step.phase is Phase.SELECT:
            assert step.tree == before and step.expanded is None and step.playout == ()
        elif step.phase in (Phase.EXPAND, Phase.SIMULATE):
            new = it.expanded
            assert len(step.tree) == len(before) + (new is not None)
            if new is not None:
                assert step.tree[new].visits == 0 and step.tree.nodes[:-1] == before.nodes[:-1] \
                    or new == len(before)
            assert (step.playout, step.winner) == ((it.playout, it.winner) if step.phase is Phase.SIMULATE
                                                   else ((), None))
        else:
            assert step.tree == corner.tree_after(it.number)
            assert step.updated == tuple(u.node for u in it.updated)
    assert corner.step(-1).tree == corner.tree


def test_the_new_node_appears_at_expand_with_no_playouts_and_is_counted_at_back_propagate(corner):
    it = next(it for it in corner.record if it.expanded is not None and it.number > 3)
    expand, backed = corner.step(4 * it.number - 2), corner.step(4 * it.number)
    assert expand.phase is Phase.EXPAND and expand.tree[it.expanded].visits == 0
    assert backed.tree[it.expanded].visits == 1


@pytest.mark.parametrize("index", [241, -242, 10**6])
def test_a_step_out_of_range_is_an_index_error(corner, index):
    with pytest.raises(IndexError, match="steps 0 to 240"):
        corner.step(index)


def test_a_step_must_be_a_whole_number(corner):
    with pytest.raises(TypeError, match="whole number"):
        corner.step(2.0)


# --- seeded, and the same without the record ---------------------------------------------


def test_the_same_seed_gives_the_same_search_and_another_seed_other_playouts():
    first = uct_search(GAME, iterations=40, seed=11)
    assert uct_search(GAME, iterations=40, seed=11) == first
    other = uct_search(GAME, iterations=40, seed=12)
    assert [it.playout for it in other.record] != [it.playout for it in first.record]


def test_the_search_uses_its_own_random_generator():
    random.seed(1)
    first = uct_search(GAME, CORNER, iterations=20, seed=5)
    random.seed(2)
    assert uct_search(GAME, CORNER, iterations=20, seed=5) == first


def test_without_the_record_the_search_and_its_tree_are_the_same_but_cannot_be_stepped():
    recorded = uct_search(GAME, CORNER, iterations=30, seed=2)
    bare = uct_search(GAME, CORNER, iterations=30, seed=2, record=False)
    assert bare.record == () and (bare.move, bare.tree) == (recorded.move, recorded.tree)
    with pytest.raises(ValueError, match="record=False"):
        bare.step(1)
    with pytest.raises(ValueError, match="record=False"):
        bare.tree_after(3)
    assert bare.tree_after(30) == bare.tree


# --- it finds minimax's move ---------------------------------------------------------------


def _values(game, state):
    """Each move's minimax value from the mover's side."""
    sign = 1 if game.to_move(state) is MAX else -1
    return {m: sign * alpha_beta(game, game.play(state, m)).value for m in game.moves(state)}


@pytest.mark.parametrize("text", ["XOX OOX ...", "X.. .O. ..X", "XX. OO. ...", "O.. .X. ...",
                                  "X.O .X. ..."])
def test_given_playouts_enough_uct_plays_a_move_minimax_rates_best(text):
    state = TicTacToeState.from_text(text)
    values = _values(GAME, state)
    result = uct_search(GAME, state, iterations=3000, seed=1)
    assert values[result.move] == max(values.values())


def _extra_turn_game():
    """MAX moves at the root; after "a" MAX moves again (as after a Kalah
    move that ends in the store) and can win; after "b" MIN moves and
    holds a draw.  Minimax plays "a"; a search that assumed turns
    alternate would let MIN choose below "a", see a loss, and play "b"."""
    shape = {"": ("a", "b"), "a": ("a1", "a2", "a3"), "b": ("b1", "b2")}
    scores = {"a1": -1, "a2": -1, "a3": 1, "b1": 1, "b2": 0}
    return Tree.unfold("", lambda p: list(shape.get(p, ())), scores.get,
                       player=lambda p: MIN if p == "b" else MAX, label=lambda p: p)


def test_a_player_who_moves_twice_in_a_row_counts_for_themselves_twice():
    game = TreeGame(_extra_turn_game())
    result = uct_search(game, iterations=400, seed=4)
    a = next(c for c in result.tree.children(0) if c.label == "a")
    assert a.counts_for is MAX and {c.counts_for for c in result.tree.children(a)} == {MAX}
    assert result.label == "a"
    assert alpha_beta(game).move == "B"  # TreeGame names the child of "a" B, and minimax agrees


def test_in_kalah_every_node_counts_for_the_player_who_moved_into_it_extra_turns_included():
    game = Kalah(4, 3)
    result = uct_search(game, iterations=300, seed=5)
    extra = 0
    for node in result.tree.nodes[1:]:
        parent = result.tree[node.parent]
        assert node.counts_for is parent.player
        extra += node.player is parent.player and not node.over
    assert extra > 0  # some moves gave an extra turn, so this checked what it should


def test_the_player_plays_the_searchs_move_and_replays_with_its_seed():
    game = Kalah(3, 3)
    one = play_game(game, mcts_player(60, seed=1), random_player(seed=2))
    two = play_game(game, mcts_player(60, seed=1), random_player(seed=2))
    assert one == two and game.is_over(one.final)


# --- bad input, refused before any work ----------------------------------------------------


class Forever(Game):
    """A game that never ends: one move, back to the same position."""

    initial = 0

    def to_move(self, state):
        return MAX

    def moves(self, state):
        return [0]

    def play(self, state, move):
        return state

    def is_over(self, state):
        return False

    def score(self, state):
        return 0


class Countdown(Game):
    """A game of exactly ``n`` moves: the state counts the moves left."""

    def __init__(self, n):
        self.initial = n

    def to_move(self, state):
        return MAX if state % 2 else MIN

    def moves(self, state):
        return [] if state == 0 else [1]

    def play(self, state, move):
        return state - 1

    def is_over(self, state):
        return state == 0

    def score(self, state):
        return 1


def test_a_game_that_never_ends_stops_at_the_playout_limit_named_in_the_message():
    with pytest.raises(ValueError, match=r"made 50 moves \(max_playout\).*raise max_playout"):
        uct_search(Forever(), iterations=5, max_playout=50)


def test_a_playout_may_be_exactly_max_playout_moves_long_and_not_one_more():
    # The first iteration expands one move, then plays out the other 9.
    assert uct_search(Countdown(10), iterations=1, max_playout=9).record[0].playout == ("1",) * 9
    with pytest.raises(ValueError, match="made 8 moves"):
        uct_search(Countdown(10), iterations=1, max_playout=8)


@pytest.mark.parametrize("iterations, error", [(0, ValueError), (-3, ValueError),
                                               (MAX_ITERATIONS + 1, ValueError), (2.5, TypeError),
                                               (True, TypeError), ("10", TypeError)])
def test_iterations_must_be_a_whole_number_from_one_to_the_limit(iterations, error):
    with pytest.raises(error, match="iterations must be"):
        uct_search(GAME, CORNER, iterations=iterations)


def test_the_iteration_limit_itself_is_accepted():
    assert callable(mcts_player(MAX_ITERATIONS))  # checked as uct_search checks it, without the run
    with pytest.raises(ValueError, match="iterations must be from 1 to 1,000,000"):
        mcts_player(MAX_ITERATIONS + 1)
    assert uct_search(GAME, CORNER, iterations=1).iterations == 1


@pytest.mark.parametrize("exploration, error, words", [
    (-0.01, ValueError, "0 or more"), (math.inf, ValueError, "finite"), (math.nan, ValueError, "finite"),
    (-math.inf, ValueError, "finite"), ("1.4", TypeError, "a number"), (True, TypeError, "a number"),
    (None, TypeError, "a number")])
def test_the_exploration_constant_must_be_a_finite_number_zero_or_more(exploration, error, words):
    with pytest.raises(error, match=words):
        uct_search(GAME, CORNER, iterations=5, exploration=exploration)


def test_exploration_zero_is_allowed_and_means_the_best_mean_alone():
    result = uct_search(GAME, CORNER, iterations=30, exploration=0, seed=1)
    assert result.exploration == 0 == check_exploration(0)
    for it in result.record:
        tree = result.tree_after(it.number - 1)
        for child, value in zip(it.path[1:], it.ucb, strict=True):
            assert value == tree[child].mean


def test_max_playout_is_from_one_to_its_limit():
    assert uct_search(GAME, CORNER, iterations=3, max_playout=MAX_PLAYOUT).move in (6, 7, 8)
    for bad in (0, MAX_PLAYOUT + 1):
        with pytest.raises(ValueError, match="max_playout must be"):
            uct_search(GAME, CORNER, iterations=3, max_playout=bad)


@pytest.mark.parametrize("game, state, error, words", [
    ([3, 12, 8], None, TypeError, "expected a game"),
    (TicTacToe(), Kalah().initial, TypeError, "TicTacToeState"),
    (Kalah(3, 3), Kalah().initial, ValueError, "6 houses a row"),
    (TicTacToe(), TicTacToeState.from_text("XXX OO. ..."), ValueError, "the game is over"),
    (Kalah(), KalahState.from_text("0 0 0 0 0 0 / 20 28 / 0 0 0 0 0 0"), ValueError, "the game is over"),
])
def test_what_is_not_a_game_or_a_position_with_a_move_to_find_is_refused(game, state, error, words):
    with pytest.raises(error, match=words):
        uct_search(game, state, iterations=5)


@pytest.mark.parametrize("options, error, words", [({"seed": "a"}, TypeError, "seed"),
                                                  ({"seed": 1.0}, TypeError, "seed"),
                                                  ({"record": 1}, TypeError, "record")])
def test_seed_and_record_have_their_types_checked(options, error, words):
    with pytest.raises(error, match=words):
        uct_search(GAME, CORNER, iterations=5, **options)


def test_bad_input_is_refused_before_any_playout(monkeypatch):
    from gametree.games import mcts

    def no_playout(*args):
        raise AssertionError("a playout ran before the input was checked")

    monkeypatch.setattr(mcts, "simulate", no_playout)
    for options in ({"iterations": 0}, {"iterations": 5, "exploration": -1},
                    {"iterations": 5, "max_playout": 0}, {"iterations": 5, "seed": None}):
        with pytest.raises((TypeError, ValueError)):
            uct_search(GAME, CORNER, **options)


def test_ucb1_of_the_root_is_refused_with_a_reason(corner):
    with pytest.raises(ValueError, match="root has no parent"):
        corner.tree.ucb1(0)
    with pytest.raises(KeyError, match="no node"):
        corner.tree["ZZ"]
