"""Depth-limited alpha-beta, iterative deepening, move ordering, the Kalah
evaluation functions and the players built on them."""

import ast
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree.games
from gametree import MAX, MIN, trace_alpha_beta
from gametree.games import (
    ORDERINGS,
    DepthStats,
    IllegalMoveError,
    Kalah,
    KalahState,
    TicTacToe,
    TranspositionTable,
    alpha_beta,
    cutoff_tree,
    depth_limited_alpha_beta,
    game_tree,
    greedy_player,
    iterative_deepening,
    kalah_evaluation,
    label_line,
    play_game,
    random_player,
    record_number_game,
    search_player,
    store_difference,
    trace_game,
    tree_states,
)

EVALUATIONS = [store_difference, kalah_evaluation]


def h_minimax(game, state, depth, evaluate):
    """AIMA's H-MINIMAX written out plainly: no pruning, no ordering."""
    if game.is_over(state):
        return game.score(state)
    if depth == 0:
        return evaluate(state)
    pick = max if game.to_move(state) is MAX else min
    return pick(h_minimax(game, game.play(state, move), depth - 1, evaluate) for move in game.moves(state))


def random_position(game, seed, plies):
    """The position after up to ``plies`` random moves from the start."""
    rng = random.Random(seed)
    state = game.initial
    for _ in range(plies):
        if game.is_over(state):
            break
        state = game.play(state, rng.choice(game.moves(state)))
    return state


def replay(game, state, line):
    for move in line:
        state = game.play(state, move)
    return state


# --- the depth-limited search --------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30), st.integers(0, 4), st.sampled_from(EVALUATIONS),
       st.sampled_from([(6, 4), (4, 3), (3, 3)]))
def test_depth_limited_alpha_beta_equals_h_minimax(seed, plies, depth, evaluate, size):
    """Pruning changes the work, never the value, at any depth."""
    game = Kalah(*size)
    state = random_position(game, seed, plies)
    result = depth_limited_alpha_beta(game, state, depth=depth, evaluate=evaluate)
    assert result.value == h_minimax(game, state, depth, evaluate)


@pytest.mark.parametrize("evaluate", EVALUATIONS)
@pytest.mark.parametrize("seed", range(6))
def test_at_depth_four_on_positions_from_random_games(seed, evaluate):
    """The same, on positions hypothesis might not reach: four moves deep,
    8 to 18 moves into a game of Kalah(6, 4)."""
    game = Kalah()
    state = random_position(game, seed, plies=8 + 2 * seed)
    result = depth_limited_alpha_beta(game, state, depth=4, evaluate=evaluate)
    assert result.value == h_minimax(game, state, 4, evaluate)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30), st.integers(1, 5), st.sampled_from(EVALUATIONS))
def test_the_principal_variation_leads_to_the_position_that_gives_the_value(seed, plies, depth, evaluate):
    """Playing the PV reaches a position at the depth limit (or the end of the
    game) whose estimate (or score) is the value; its first move is the move."""
    game = Kalah()
    state = random_position(game, seed, plies)
    result = depth_limited_alpha_beta(game, state, depth=depth, evaluate=evaluate)
    end = replay(game, state, result.pv)
    if game.is_over(state):
        assert result.pv == () and result.move is None
        return
    assert result.move == result.pv[0]
    if game.is_over(end):
        assert len(result.pv) <= depth and result.value == game.score(end)
    else:
        assert len(result.pv) == depth and result.value == evaluate(end)


def test_at_full_depth_the_search_is_exact_on_kalah_3_3():
    """Kalah(3, 3) games last at most as many moves as `longest` finds: searched
    that deep, the evaluation is never called and the value is the exact one."""
    game = Kalah(3, 3)

    @cache
    def longest(state):
        return 0 if game.is_over(state) else 1 + max(longest(game.play(state, m)) for m in game.moves(state))

    depth = longest(game.initial)
    exact = alpha_beta(game, table=TranspositionTable())
    result = depth_limited_alpha_beta(game, depth=depth, evaluate=store_difference)
    assert result.value == exact.value
    assert result.stats.evaluated == 0
    # Without a cutoff, it is alpha-beta itself: same nodes, same cutoffs.
    plain = alpha_beta(game)
    assert (result.stats.nodes, result.stats.cutoffs) == (plain.stats.nodes, plain.stats.cutoffs)


def test_the_search_works_on_other_games():
    """Tic-tac-toe searched 9 deep is solved: a draw."""
    result = depth_limited_alpha_beta(TicTacToe(), depth=9, evaluate=lambda state: 0)
    assert result.value == 0 and result.stats.evaluated == 0


def test_depth_zero_is_the_evaluation_itself():
    state = KalahState.from_text("0 3 1 / 5 2 / 1 0 4")
    result = depth_limited_alpha_beta(Kalah(3, 3), state, depth=0, evaluate=kalah_evaluation)
    assert (result.value, result.move, result.pv) == (kalah_evaluation(state), None, ())
    assert (result.stats.nodes, result.stats.evaluated) == (1, 1)


def test_the_search_asks_who_moves_instead_of_alternating():
    """After S2 (last seed in the store) MAX moves again: the best two-move
    line is two MAX moves, S2 then S3, each putting a seed in the store."""
    game = Kalah()
    result = depth_limited_alpha_beta(game, depth=2, evaluate=store_difference)
    assert result.pv == (2, 3) and result.value == 2
    assert game.to_move(game.play(game.initial, 2)) is MAX


def test_a_finished_game_is_worth_its_score_and_has_no_move():
    game = Kalah(3, 1)
    over = KalahState.from_text("0 0 0 / 4 2 / 1 2 3")
    result = depth_limited_alpha_beta(game, over, depth=3, evaluate=kalah_evaluation)
    assert (result.value, result.move, result.pv) == (game.score(over), None, ())
    assert result.stats.terminals == 1 and result.stats.evaluated == 0


@pytest.mark.parametrize("kwargs, error, words", [
    ({"depth": -1, "evaluate": store_difference}, ValueError, "depth must be 0 or more, not -1"),
    ({"depth": 2.5, "evaluate": store_difference}, TypeError, r"depth must be a whole number, not 2.5 \(float\)"),
    ({"depth": 2, "evaluate": "store"}, TypeError, "evaluate must be a function"),
])
def test_bad_arguments_are_refused(kwargs, error, words):
    with pytest.raises(error, match=words):
        depth_limited_alpha_beta(Kalah(), **kwargs)


def test_a_non_game_is_refused():
    with pytest.raises(TypeError, match="expected a game"):
        depth_limited_alpha_beta([3, 5], depth=1, evaluate=store_difference)


# --- the same search as a tree --------------------------------------------------------

@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_cutoff_tree_traced_gives_the_same_value_and_leaf_count(depth):
    game = Kalah()
    state = random_position(game, seed=3, plies=6)
    tree = cutoff_tree(game, state, depth=depth, evaluate=store_difference)
    trace = trace_alpha_beta(tree)
    result = depth_limited_alpha_beta(game, state, depth=depth, evaluate=store_difference)
    assert trace.value == result.value
    assert trace.evaluated == result.stats.evaluated + result.stats.terminals


def test_the_cutoff_tree_shows_the_extra_turn_as_two_max_levels():
    tree = cutoff_tree(Kalah(), depth=2, evaluate=store_difference)
    s2 = next(node for node in tree.children(tree.root) if node.label == "S2")
    assert s2.player is MAX and tree.root.player is MAX
    assert all(child.label.startswith("S") for child in tree.children(s2))
    others = [node for node in tree.children(tree.root) if node.label != "S2"]
    assert all(node.player is MIN for node in others)


def test_a_cutoff_tree_refuses_an_evaluation_that_is_not_a_number():
    with pytest.raises(ValueError, match="returned NaN for the position KalahState"):
        cutoff_tree(Kalah(), depth=1, evaluate=lambda state: float("nan"))


def test_a_cutoff_tree_too_big_to_draw_is_refused():
    with pytest.raises(ValueError, match="more than 100 nodes"):
        cutoff_tree(Kalah(), depth=4, evaluate=store_difference, max_nodes=100)


# --- iterative deepening and move ordering ----------------------------------------------

@pytest.mark.parametrize("ordering", ORDERINGS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_iterative_deepening_finds_the_value_of_each_depth(ordering, seed):
    game = Kalah()
    state = random_position(game, seed, plies=4)
    deepening = iterative_deepening(game, state, max_depth=5, evaluate=kalah_evaluation, ordering=ordering)
    assert [r.depth for r in deepening.iterations] == [1, 2, 3, 4, 5]
    for result in deepening.iterations:
        plain = depth_limited_alpha_beta(game, state, depth=result.depth, evaluate=kalah_evaluation)
        assert result.value == plain.value
        # The move may differ on a tie, but it must be worth the value too.
        after = game.play(state, result.move)
        assert h_minimax(game, after, result.depth - 1, kalah_evaluation) == result.value
    assert deepening.result is deepening.iterations[-1]
    assert deepening.nodes == sum(r.stats.nodes for r in deepening.iterations)


def test_without_ordering_each_iteration_is_the_plain_search():
    game = Kalah()
    deepening = iterative_deepening(game, max_depth=4, evaluate=store_difference, ordering="none")
    for result in deepening.iterations:
        assert result == depth_limited_alpha_beta(game, depth=result.depth, evaluate=store_difference)


def test_ordering_by_the_previous_best_visits_fewer_nodes():
    """On ten positions at depth 7: the previous iteration's best moves first
    cost fewer nodes than the PV alone, which costs fewer than no ordering."""
    game = Kalah()
    nodes = {ordering: 0 for ordering in ORDERINGS}
    for seed in range(10):
        state = random_position(game, seed, plies=6)
        for ordering in ORDERINGS:
            deepening = iterative_deepening(game, state, max_depth=7, evaluate=store_difference,
                                            ordering=ordering)
            nodes[ordering] += deepening.result.stats.nodes
    assert nodes["best"] < nodes["pv"] < nodes["none"]
    assert nodes["best"] * 2 < nodes["none"]


def test_deepening_the_whole_way_with_ordering_costs_less_than_one_plain_search():
    game = Kalah()
    ordered = iterative_deepening(game, max_depth=8, evaluate=store_difference)
    plain = depth_limited_alpha_beta(game, depth=8, evaluate=store_difference)
    assert ordered.result.value == plain.value
    assert ordered.nodes < plain.stats.nodes


def test_iterative_deepening_stops_at_a_finished_game():
    game = Kalah(3, 1)
    over = KalahState.from_text("0 0 0 / 4 2 / 1 2 3")
    deepening = iterative_deepening(game, over, max_depth=5, evaluate=store_difference)
    assert len(deepening.iterations) == 1 and deepening.result.move is None


@pytest.mark.parametrize("kwargs, words", [
    ({"max_depth": 0}, "max_depth must be 1 or more, not 0"),
    ({"max_depth": 3, "ordering": "PV first"}, "ordering must be one of 'none', 'pv', 'best', not 'PV first'"),
])
def test_bad_deepening_arguments_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        iterative_deepening(Kalah(), evaluate=store_difference, **kwargs)


# --- the evaluation functions -------------------------------------------------------------

def test_store_difference_is_the_score_without_the_houses():
    state = KalahState.from_text("9 9 9 / 5 2 / 0 0 1")
    assert store_difference(state) == 2 - 5
    assert store_difference(Kalah().initial) == 0


@pytest.mark.parametrize("text, player, gain, why", [
    ("0 3 1 / 5 2 / 1 0 4", MAX, 4, "S0 into the empty S1 captures N1's 3"),
    ("1 1 1 / 0 0 / 3 1 1", MAX, 1, "S0 ends in the store; no capture: S1 and S2 are full"),
    ("1 1 1 / 0 0 / 0 0 5", MAX, 1, "S2 passes the store"),
    ("0 0 2 / 0 0 / 1 0 1", MAX, 1, "S0 into the empty S1 but N1 across is empty; S2 ends in the store"),
    ("0 0 1 / 0 0 / 2 5 1", MIN, 6, "N0 into the empty N1 captures S1's 5"),
])
def test_kalah_evaluation_adds_the_movers_best_immediate_gain(text, player, gain, why):
    state = KalahState.from_text(text, player)
    sign = 1 if player is MAX else -1
    assert kalah_evaluation(state) == store_difference(state) + sign * gain, why


def test_kalah_evaluation_agrees_with_one_move_of_look_ahead_without_laps():
    """When no house can go round the board and no move gives a further extra
    turn that gains more, the gain in hand is what a one-move search finds."""
    game = Kalah(3, 3)
    state = KalahState.from_text("2 4 1 / 4 3 / 1 0 2", MAX)   # S0 captures N1's 4
    best = max(store_difference(game.play(state, m)) for m in game.moves(state))
    assert kalah_evaluation(state) == best


# --- players and games ------------------------------------------------------------------

def test_a_random_player_is_reproducible_from_its_seed():
    game = Kalah(4, 3)
    one = play_game(game, random_player(seed=5), random_player(seed=6))
    two = play_game(game, random_player(seed=5), random_player(seed=6))
    other = play_game(game, random_player(seed=7), random_player(seed=6))
    assert one == two and one.moves != other.moves
    assert replay(game, game.initial, one.moves) == one.final and game.score(one.final) == one.score


def test_the_greedy_player_takes_the_capture():
    game = Kalah(3, 3)
    state = KalahState.from_text("0 3 1 / 5 2 / 1 0 4")
    assert greedy_player(seed=0)(game, state) == 0


def test_the_search_player_plays_the_move_of_its_search():
    game = Kalah()
    state = random_position(game, seed=11, plies=5)
    player = search_player(4, kalah_evaluation)
    expected = iterative_deepening(game, state, max_depth=4, evaluate=kalah_evaluation).result.move
    assert player(game, state) == expected


def test_an_opening_is_played_before_the_players():
    game = Kalah()
    record = play_game(game, search_player(2, store_difference), search_player(2, store_difference),
                       opening=[0, 5])
    assert record.moves[:2] == (0, 5)
    assert game.is_over(record.final) and replay(game, game.initial, record.moves) == record.final


def test_a_deep_player_beats_a_random_one_on_a_small_board():
    """Kalah(3, 3) searched to the end by one side: it wins every game
    (the first player wins Kalah(3, 3) with perfect play)."""
    game = Kalah(3, 3)
    for seed in range(5):
        record = play_game(game, search_player(36, store_difference), random_player(seed))
        assert record.score > 0


# --- figures pinned: the work of the searches on Kalah(6, 4) ------------------------------

def test_depth_nine_from_the_start_is_pinned():
    """The figures the speed benchmark relies on: depth 9 with the store
    difference visits 103,731 positions and plays S5."""
    result = depth_limited_alpha_beta(Kalah(), depth=9, evaluate=store_difference)
    assert result.value == 5 and result.pv == (5, 1, 0, 2, 5, 3, 0, 5, 4)
    assert result.stats == DepthStats(nodes=103_731, terminals=1, evaluated=64_596, cutoffs=26_761)


@pytest.mark.parametrize("ordering, nodes", [
    ("none", [7, 24, 92, 390, 1_042, 3_786, 10_121, 30_823]),
    ("pv", [7, 17, 64, 238, 435, 1_130, 3_148, 9_755]),
    ("best", [7, 17, 64, 171, 230, 448, 1_121, 3_452]),
])
def test_the_nodes_of_each_iteration_are_pinned(ordering, nodes):
    deepening = iterative_deepening(Kalah(), max_depth=8, evaluate=store_difference, ordering=ordering)
    assert [r.stats.nodes for r in deepening.iterations] == nodes
    assert (deepening.result.value, deepening.result.pv) == (4, (2, 5, 1, 0, 3, 0, 5, 4))


# --- the node budget of iterative deepening -------------------------------------------

@pytest.fixture(scope="module")
def deepened_to_12():
    """Iterative deepening of Kalah to depth 12 without a budget, made once
    for every budget below (a frozen Deepening: nothing can change it)."""
    return iterative_deepening(Kalah(), max_depth=12, evaluate=kalah_evaluation)


@pytest.mark.parametrize("budget", [100, 1_000, 5_000])
def test_a_node_budget_keeps_the_deepest_finished_iteration(budget, deepened_to_12):
    """The iterations visit no more positions than the budget, and the answer
    is the deepest one that finished: the same as a search to that depth."""
    game = Kalah()
    full = deepened_to_12
    cut = iterative_deepening(game, max_depth=12, evaluate=kalah_evaluation, max_nodes=budget)
    assert cut.nodes <= budget < full.nodes
    assert cut.iterations == full.iterations[:len(cut.iterations)]
    finished = sum(r.stats.nodes for r in cut.iterations)
    assert cut.unfinished == budget - finished > 0          # the stopped iteration used the rest
    assert finished + full.iterations[len(cut.iterations)].stats.nodes > budget


def test_a_budget_exactly_large_enough_finishes_every_iteration():
    full = iterative_deepening(Kalah(), max_depth=5, evaluate=store_difference)
    exact = iterative_deepening(Kalah(), max_depth=5, evaluate=store_difference, max_nodes=full.nodes)
    assert exact == full and exact.unfinished == 0
    short = iterative_deepening(Kalah(), max_depth=5, evaluate=store_difference, max_nodes=full.nodes - 1)
    assert len(short.iterations) == 4


def test_the_first_iteration_always_finishes_so_there_is_a_move():
    deepening = iterative_deepening(Kalah(), max_depth=6, evaluate=store_difference, max_nodes=1)
    assert [r.depth for r in deepening.iterations] == [1] and deepening.result.move == 2


@pytest.mark.parametrize("bad, error", [(0, ValueError), (2.5, TypeError), (True, TypeError)])
def test_a_bad_budget_is_refused(bad, error):
    with pytest.raises(error, match="max_nodes must be"):
        iterative_deepening(Kalah(), max_depth=3, evaluate=store_difference, max_nodes=bad)


# --- what belongs to Kalah stays with Kalah; what is generic asks for a game ----------------

@pytest.mark.parametrize("module", ["search", "depth", "table", "base"])
def test_the_generic_search_modules_import_no_game(module):
    """The searches know nothing of any game: the Kalah evaluations and the
    greedy player live in kalah.py, next to the rules they read."""
    path = Path(gametree.games.__file__).parent / f"{module}.py"
    imported = {node.module for node in ast.walk(ast.parse(path.read_text()))
                if isinstance(node, ast.ImportFrom) and node.level == 1}   # from .x import ...
    assert not imported & {"kalah", "tictactoe", "numbergame", "tree"}
    assert greedy_player.__module__ == kalah_evaluation.__module__ == store_difference.__module__ \
        == "gametree.games.kalah"


@pytest.mark.parametrize("call, error, words", [
    (lambda: store_difference(TicTacToe().initial), TypeError, "store_difference evaluates a KalahState"),
    (lambda: greedy_player(seed=1)(TicTacToe(), TicTacToe().initial), TypeError,
     "the greedy player plays Kalah, not TicTacToe"),
    (lambda: greedy_player(seed="x"), TypeError, "seed must be a whole number"),
    (lambda: random_player(seed=1.5), TypeError, r"seed must be a whole number, such as 7, not 1.5 \(float\)"),
    (lambda: search_player(True, store_difference), TypeError, "depth must be a whole number"),
    (lambda: search_player(2, "x"), TypeError, "evaluate must be a function"),
    (lambda: search_player(2), TypeError, "missing 1 required positional argument: 'evaluate'"),
    (lambda: play_game(Kalah(2, 1), 3, random_player(1)), TypeError,
     "max_player must be a player: a function"),
    (lambda: play_game(Kalah(2, 1), random_player(1), lambda game, state: 99), IllegalMoveError,
     r"the MIN player \(<lambda>\) chose 99: a move is a house number from 0 to 1, not 99"),
    (lambda: label_line(Kalah(), TicTacToe().initial, [0]), TypeError, "expected a KalahState"),
    (lambda: cutoff_tree(Kalah(), depth=1, evaluate=store_difference, max_nodes=True), TypeError,
     "max_nodes must be a whole number"),
    (lambda: cutoff_tree(Kalah(), depth=1, evaluate=store_difference, max_nodes=2.5), TypeError,
     "max_nodes must be a whole number"),
    (lambda: cutoff_tree(Kalah(), depth=1, evaluate=store_difference, max_nodes=0), ValueError,
     "max_nodes must be from 1 to 1,000,000, not 0"),
    (lambda: cutoff_tree(Kalah(), depth=1, evaluate=store_difference, max_nodes=10 ** 7), ValueError,
     "max_nodes must be from 1 to 1,000,000, not 10,000,000"),
    (lambda: record_number_game([1, 2], max_nodes=1.5), TypeError, "max_nodes must be a whole number"),
])
def test_wrong_arguments_get_a_sentence(call, error, words):
    with pytest.raises(error, match=words):
        call()


NOT_A_GAME = [3, 12, 8]


@pytest.mark.parametrize("call", [
    lambda: alpha_beta(NOT_A_GAME),
    lambda: depth_limited_alpha_beta(NOT_A_GAME, depth=1, evaluate=store_difference),
    lambda: iterative_deepening(NOT_A_GAME, max_depth=1, evaluate=store_difference),
    lambda: cutoff_tree(NOT_A_GAME, depth=1, evaluate=store_difference),
    lambda: game_tree(NOT_A_GAME),
    lambda: trace_game(NOT_A_GAME),
    lambda: tree_states(NOT_A_GAME, None),
    lambda: label_line(NOT_A_GAME, None, []),
    lambda: play_game(NOT_A_GAME, random_player(1), random_player(2)),
], ids=["alpha_beta", "depth_limited", "deepening", "cutoff_tree", "game_tree", "trace_game",
        "tree_states", "label_line", "play_game"])
def test_every_function_of_games_refuses_what_is_not_a_game(call):
    with pytest.raises(TypeError, match=r"expected a game \(a subclass of gametree.games.Game, such as "
                                        r"TicTacToe\(\)\), not list"):
        call()
