"""The game-agnostic searches: minimax, negamax and alpha-beta on any Game,
and a transposition table that stays correct under alpha-beta."""

import random
from dataclasses import FrozenInstanceError
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import MAX, MIN, Tree, backed_up_values, trace_alpha_beta
from gametree.games import (
    Bound,
    Entry,
    Game,
    IllegalMoveError,
    Kalah,
    NaiveTable,
    NumberGame,
    NumberGameState,
    OutOfNodes,
    SearchResult,
    Stats,
    TicTacToe,
    TicTacToeState,
    TranspositionTable,
    TreeGame,
    alpha_beta,
    canonical,
    minimax,
    negamax,
)
from gametree.trace import StepKind

# --- random game trees where a player may move twice in a row -----------------

_leaf = st.integers(-20, 20)
_nested = st.recursive(_leaf, lambda kids: st.tuples(st.sampled_from([MAX, MIN]),
                                                     st.lists(kids, min_size=1, max_size=4)),
                       max_leaves=40)


def _tree(nested) -> Tree:
    """A Tree from (player, [children]) / int nesting: each node says who moves."""
    return Tree.unfold(
        nested,
        lambda item: None if isinstance(item, int) else item[1],
        lambda item: item,
        player=lambda item: MAX if isinstance(item, int) else item[0],
    )


SEARCHES = {
    "minimax": lambda game: minimax(game),
    "minimax memo": lambda game: minimax(game, memo=True),
    "negamax": lambda game: negamax(game),
    "negamax memo": lambda game: negamax(game, memo=True),
    "alpha_beta": lambda game: alpha_beta(game),
    "alpha_beta table": lambda game: alpha_beta(game, table=TranspositionTable()),
}


@settings(max_examples=200, deadline=None, derandomize=True)
@given(_nested)
def test_every_search_finds_the_backed_up_value_and_the_first_best_move(nested):
    """On any tree, players alternating or not, every search returns the
    minimax value and the leftmost move that reaches it."""
    tree = _tree(nested)
    values = backed_up_values(tree)
    game = TreeGame(tree)
    for name, search in SEARCHES.items():
        result = search(game)
        assert result.value == values[0], name
        if tree.root.is_leaf:
            assert result.move is None, name
        else:
            first_best = next(tree[c] for c in tree.root.children if values[c] == values[0])
            assert result.move == first_best.name, name


@settings(max_examples=200, deadline=None, derandomize=True)
@given(_nested)
def test_alpha_beta_does_exactly_the_work_the_trace_records(nested):
    """alpha_beta's statistics count what trace_alpha_beta records on the same
    tree: positions entered, leaves evaluated, cutoffs that pruned something."""
    tree = _tree(nested)
    trace = trace_alpha_beta(tree)
    stats = alpha_beta(TreeGame(tree)).stats
    assert stats.terminals == trace.evaluated
    assert stats.cutoffs == len(trace.cutoffs)
    assert stats.nodes == sum(step.kind in (StepKind.ENTER, StepKind.LEAF) for step in trace)
    assert stats.table_hits == 0


@settings(max_examples=100, deadline=None, derandomize=True)
@given(_nested)
def test_minimax_visits_every_node_and_prunes_nothing(nested):
    tree = _tree(nested)
    for search in (minimax, negamax):
        stats = search(TreeGame(tree)).stats
        assert stats == Stats(nodes=len(tree), terminals=len(tree.leaves), cutoffs=0, table_hits=0)


def test_statement_tree_as_a_game():
    """AIMA's Figure 5.2 played as a game: value 3 by move B; alpha-beta
    evaluates 7 leaves and makes one cutoff that prunes (at C)."""
    game = TreeGame(Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    assert alpha_beta(game) == SearchResult(3, "B", Stats(nodes=11, terminals=7, cutoffs=1), pv=("B", "E"))
    assert minimax(game) == SearchResult(3, "B", Stats(nodes=13, terminals=9))


def test_search_from_a_later_state():
    tree = Tree.from_nested([[3, 12], [2, [4, 6]]])
    game = TreeGame(tree)
    node_c = tree["C"]  # MIN to move over 2 and a MAX node worth 6
    for search in (minimax, negamax, alpha_beta):
        assert search(game, node_c).value == 2
        assert search(game, node_c).move == "F"


def test_negamax_reports_max_side_value_when_min_moves_first():
    tree = Tree.from_nested([[3, 12], [2, 9]], root=MIN)  # min(max(3, 12), max(2, 9)) = 9, by C
    game = TreeGame(tree)
    assert negamax(game).value == minimax(game).value == 9
    assert negamax(game).move == "C"


def test_results_are_frozen():
    result = minimax(TreeGame(Tree.from_nested([1, 2])))
    with pytest.raises(FrozenInstanceError):
        result.value = 5
    with pytest.raises(FrozenInstanceError):
        result.stats.nodes = 0


@pytest.mark.parametrize("search", [minimax, negamax, alpha_beta])
def test_a_non_game_is_refused_with_a_sentence(search):
    with pytest.raises(TypeError, match="expected a game .*not list"):
        search([3, 12, 8])


def test_game_is_abstract():
    class Half(Game):
        def to_move(self, state):
            return MAX

    with pytest.raises(TypeError, match="abstract"):
        Half()


# --- the transposition table ------------------------------------------------------

@pytest.mark.parametrize(
    "value, alpha, beta, bound",
    [(5, 5, 9, Bound.UPPER), (4, 5, 9, Bound.UPPER), (9, 5, 9, Bound.LOWER),
     (12, 5, 9, Bound.LOWER), (6, 5, 9, Bound.EXACT), (0, -inf, inf, Bound.EXACT)],
)
def test_store_files_a_value_under_the_bound_its_window_proves(value, alpha, beta, bound):
    """Fail-soft contract: r <= alpha proves v* <= r; r >= beta proves v* >= r;
    anything inside the window is exact."""
    table = TranspositionTable()
    table.store("s", value, alpha, beta)
    assert table["s"] == Entry(value, bound)
    assert "s" in table and len(table) == 1


@pytest.mark.parametrize(
    "entry, alpha, beta, expected",
    [
        (Entry(5, Bound.EXACT), -inf, inf, (5, -inf, inf)),      # exact: answers any window
        (Entry(5, Bound.EXACT), 7, 9, (5, 7, 9)),
        (Entry(9, Bound.LOWER), 2, 8, (9, 9, 8)),                # v* >= 9 >= beta: fail high
        (Entry(4, Bound.LOWER), 2, 8, (None, 4, 8)),             # only raises alpha
        (Entry(4, Bound.LOWER), 6, 8, (None, 6, 8)),             # tells nothing new
        (Entry(1, Bound.UPPER), 2, 8, (1, 2, 1)),                # v* <= 1 <= alpha: fail low
        (Entry(5, Bound.UPPER), 2, 8, (None, 2, 5)),             # only lowers beta
    ],
)
def test_probe_uses_an_entry_only_where_it_is_valid(entry, alpha, beta, expected):
    table = TranspositionTable()
    table.entries["s"] = entry
    assert table.probe("s", alpha, beta) == expected


def test_probe_of_an_unknown_state_leaves_the_window_alone():
    assert TranspositionTable().probe("s", 1, 2) == (None, 1, 2)


def test_naive_table_ignores_windows():
    """The teaching variant: whatever was stored is returned as the answer."""
    table = NaiveTable()
    table.store("s", 9, 2, 8)  # a fail-high: only v* >= 9 is known
    assert table["s"] == Entry(9, Bound.EXACT)
    assert table.probe("s", -inf, inf) == (9, -inf, inf)


def test_key_function_shares_entries():
    table = TranspositionTable(key=abs)
    table.store(-3, 1, -inf, inf)
    assert 3 in table and table[3] == Entry(1, Bound.EXACT)


class DagGame(Game):
    """A seeded random game with many transpositions: layers of ``width``
    states; each state moves to 2 or 3 states of the next layer; the last
    layer is scored.  Who moves is random per state (extra turns happen)."""

    def __init__(self, seed, depth=7, width=5):
        rng = random.Random(seed)
        self.depth = depth
        self.edges = {(d, i): sorted(rng.sample(range(width), rng.choice([2, 3])))
                      for d in range(depth) for i in range(width)}
        self.players = {(d, i): rng.choice([MAX, MIN]) for d in range(depth + 1) for i in range(width)}
        self.scores = {i: rng.randint(-9, 9) for i in range(width)}
        self.initial = (0, 0)

    def to_move(self, state):
        return self.players[state]

    def moves(self, state):
        return [] if self.is_over(state) else self.edges[state]

    def play(self, state, move):
        return (state[0] + 1, move)

    def is_over(self, state):
        return state[0] == self.depth

    def score(self, state):
        return self.scores[state[1]]


@pytest.mark.parametrize("seed", range(60))
def test_alpha_beta_with_the_table_equals_minimax_on_games_with_transpositions(seed):
    game = DagGame(seed)
    expected = minimax(game)
    result = alpha_beta(game, table=TranspositionTable())
    assert (result.value, result.move) == (expected.value, expected.move)
    assert negamax(game, memo=True).value == expected.value
    assert minimax(game, memo=True).value == expected.value


def test_one_table_shared_by_searches_from_many_positions_stays_correct():
    """Bounds stored while searching one position remain true bounds when
    another search meets that position in a different window."""
    for seed in range(20):
        game = DagGame(seed)
        table = TranspositionTable()
        states = [(d, i) for d in range(game.depth, -1, -1) for i in range(5)]
        random.Random(seed).shuffle(states)
        for state in states:
            assert alpha_beta(game, state, table=table).value == minimax(game, state).value


def test_the_table_saves_work_and_is_used():
    game = DagGame(1, depth=10)
    plain, cached = alpha_beta(game), alpha_beta(game, table=TranspositionTable())
    assert cached.stats.table_hits > 0
    assert cached.stats.nodes < plain.stats.nodes


def test_the_naive_table_gives_wrong_values_on_some_games():
    """Storing a cutoff's bound as if it were exact goes wrong on some of
    these seeded games."""
    wrong = [seed for seed in range(60)
             if alpha_beta(DagGame(seed), table=NaiveTable()).value != minimax(DagGame(seed)).value]
    assert wrong, "the naive table should fail on at least one of 60 games"


@pytest.mark.parametrize("call, words", [
    (lambda g: alpha_beta(g, table=True), "table must be a TranspositionTable, e.g. table=TranspositionTable()"),
    (lambda g: alpha_beta(g, table={}), "table must be a TranspositionTable"),
    (lambda g: minimax(g, memo="yes"), "memo must be True or False, not 'yes'"),
    (lambda g: negamax(g, memo=1), "memo must be True or False, not 1"),
])
def test_options_of_the_wrong_kind_are_refused(call, words):
    with pytest.raises(TypeError, match=words):
        call(TreeGame(Tree.from_nested([1, 2])))


# --- figures pinned: the work each search does on the classic games ------------------

@pytest.mark.parametrize("search, expected", [
    (lambda g: alpha_beta(g), Stats(nodes=18_297, terminals=7_330, cutoffs=4_237)),
    (lambda g: alpha_beta(g, table=TranspositionTable()),
     Stats(nodes=4_781, terminals=1_050, cutoffs=1_164, table_hits=1_546)),
    (lambda g: alpha_beta(g, table=TranspositionTable(key=canonical)),
     Stats(nodes=1_085, terminals=242, cutoffs=256, table_hits=342)),
    (lambda g: alpha_beta(g, table=NaiveTable()),
     Stats(nodes=4_575, terminals=946, cutoffs=1_169, table_hits=1_565)),
    (lambda g: minimax(g, memo=True), Stats(nodes=16_168, terminals=2_862, table_hits=8_786)),
    (lambda g: negamax(g, memo=True), Stats(nodes=16_168, terminals=2_862, table_hits=8_786)),
], ids=["alpha-beta", "table", "symmetry table", "naive table", "minimax memo", "negamax memo"])
def test_the_work_of_each_search_on_tic_tac_toe_is_pinned(search, expected):
    """Each search from the empty board finds the draw by X0 with exactly this
    work (the figures notebook 06 shows); a refactoring must not change them."""
    result = search(TicTacToe())
    assert (result.value, result.move, result.stats) == (0, 0, expected)


def test_the_work_on_kalah_3_3_is_pinned():
    game = Kalah(3, 3)
    plain, table = alpha_beta(game), alpha_beta(game, table=TranspositionTable())
    assert (plain.value, plain.move, plain.stats) == (2, 0, Stats(nodes=3_366, terminals=870, cutoffs=543))
    assert (table.value, table.move, table.stats) == (
        2, 0, Stats(nodes=2_345, terminals=499, cutoffs=410, table_hits=133))


# --- the one search's options, and what it refuses -----------------------------------

def test_a_table_serves_one_game_and_refuses_another():
    """Two rows of NUMBERGAME have positions that look alike (lo, hi, player,
    margin) but are worth different things: a table used for one would answer
    wrongly for the other, so the second search refuses it."""
    table = TranspositionTable()
    alpha_beta(NumberGame([1, 2, 3]), table=table)
    with pytest.raises(ValueError, match=r"this table holds positions of NumberGame\(\[1, 2, 3\]\), not of "
                                         r"NumberGame\(\[5, -9, 3\]\); a table serves one game, so give "
                                         r"each game its own TranspositionTable\(\)"):
        alpha_beta(NumberGame([5, -9, 3]), table=table)
    with pytest.raises(ValueError, match="give each game its own NaiveTable()"):
        naive = NaiveTable()
        alpha_beta(NumberGame([1]), table=naive)
        alpha_beta(NumberGame([2]), table=naive)


def test_a_table_serves_equal_games():
    """Two TicTacToe() or two Kalah(3, 3) are the same rules: one table serves both."""
    table = TranspositionTable()
    assert alpha_beta(TicTacToe(), table=table).value == alpha_beta(TicTacToe(), table=table).value == 0
    kalah = TranspositionTable()
    assert alpha_beta(Kalah(3, 3), table=kalah).value == alpha_beta(Kalah(3, 3), table=kalah).value
    assert Kalah(3, 3) == Kalah(3, 3) != Kalah(3, 2) and hash(Kalah(3, 3)) == hash(Kalah(3, 3))


def test_the_root_is_never_answered_from_a_reused_table():
    """Searched again with the table that already holds its exact value, the
    root is still searched, so the best move is known (an answer from the
    table would have no move)."""
    game = TicTacToe()
    table = TranspositionTable()
    first = alpha_beta(game, table=table)
    assert table[game.initial].bound is Bound.EXACT
    again = alpha_beta(game, table=table)
    assert again.move == first.move == 0 and again.value == first.value
    assert again.stats.nodes > 1 and again.stats.table_hits == again.stats.nodes - 1


def kalah_at(seed):
    """A position of Kalah(6, 4) a few seeded random moves in."""
    game, rng = Kalah(), random.Random(seed)
    state = game.initial
    for _ in range(6):
        state = game.play(state, rng.choice(game.moves(state)))
    return game, state


@pytest.mark.parametrize("bad, error, words", [
    (float("nan"), ValueError, r"returned NaN for the position KalahState\(pits=\(.*\); an evaluation "
                               r"must return a number that can be compared"),
    ("3", TypeError, r"returned '3' \(str\) for the position KalahState\(.*\); an evaluation must "
                     r"return a number"),
    (None, TypeError, r"returned None \(NoneType\)"),
    (True, TypeError, r"returned True \(bool\)"),
])
def test_an_evaluation_that_is_not_a_number_is_refused_naming_the_position(bad, error, words):
    """A NaN compares false with everything, so the search would silently
    back up nonsense (it returned inf); it stops at the first such estimate."""
    game, state = kalah_at(1)

    def evaluate(position):
        return bad

    with pytest.raises(error, match=f"evaluate {words}"):
        alpha_beta(game, state, depth=2, evaluate=evaluate)


def test_evaluations_may_be_ints_floats_and_infinities():
    game, state = kalah_at(2)
    for evaluate in (lambda s: 1.5, lambda s: float("inf"), lambda s: -7):
        assert alpha_beta(game, state, depth=2, evaluate=evaluate).value == evaluate(state)


@pytest.mark.parametrize("options, error, words", [
    ({"depth": 2}, TypeError, "depth and evaluate go together"),
    ({"evaluate": lambda s: 0}, TypeError, "depth and evaluate go together"),
    ({"depth": 2, "evaluate": 7}, TypeError, "evaluate must be a function"),
    ({"first": [1, 2]}, TypeError, r"first must be a dict from positions to moves, not \[1, 2\] \(list\)"),
    ({"best_moves": ()}, TypeError, r"best_moves must be a dict to fill in"),
    ({"max_nodes": 0}, ValueError, "max_nodes must be 1 or more, not 0"),
    ({"max_nodes": 5.0}, TypeError, r"max_nodes must be a whole number, not 5.0 \(float\)"),
    ({"max_nodes": False}, TypeError, r"not False \(bool\)"),
])
def test_options_that_do_not_fit_together_are_refused(options, error, words):
    with pytest.raises(error, match=words):
        alpha_beta(TicTacToe(), **options)


def test_max_nodes_stops_the_search_at_the_limit_and_not_before():
    """The search from the empty board visits 18,297 positions: a limit of
    exactly that lets it finish, one fewer stops it."""
    assert alpha_beta(TicTacToe(), max_nodes=18_297).stats.nodes == 18_297
    with pytest.raises(OutOfNodes, match="reached its limit of 18,296 positions"):
        alpha_beta(TicTacToe(), max_nodes=18_296)


class Chain(Game):
    """A game of one move a turn, ``length`` moves long: a line longer than
    Python's recursion can follow."""

    def __init__(self, length):
        self.length, self.initial = length, 0

    def to_move(self, state):
        return MAX if state % 2 == 0 else MIN

    def moves(self, state):
        return [] if self.is_over(state) else ["on"]

    def play(self, state, move):
        return state + 1

    def is_over(self, state):
        return state == self.length

    def score(self, state):
        return 1

    def __repr__(self):
        return f"Chain({self.length})"


def test_a_game_too_long_to_search_to_the_end_is_refused_with_a_sentence():
    """The search says so instead of raising Python's RecursionError."""
    for search in (alpha_beta, minimax, negamax):
        with pytest.raises(ValueError, match=r"a line of play of Chain\(5000\) is longer than the search "
                                             r"can follow .* depth=\.\.\., evaluate=\.\.\."):
            search(Chain(5000))
        assert search(Chain(100)).value == 1


@pytest.mark.parametrize("game, state, error, words", [
    (TicTacToe(), "XO.......", TypeError, "expected a TicTacToeState"),
    (TicTacToe(), TicTacToeState("XX......."), ValueError, "cannot happen in a game"),
    (Kalah(), TicTacToe().initial, TypeError, "expected a KalahState"),
    (Kalah(), Kalah(3, 3).initial, ValueError, r"use Kalah\(3, \.\.\.\) for it"),
    (NumberGame([1, 2]), (0, 2), TypeError, "expected a NumberGameState"),
    (NumberGame([1, 2]), NumberGameState(0, 5), ValueError, "not a slice of this row of 2 numbers"),
    (TreeGame(Tree.from_nested([1, 2])), "A", TypeError, "a position of this TreeGame is a node of its tree"),
    (TreeGame(Tree.from_nested([1, 2])), Tree.from_nested([1, 2]).root, TypeError, "a node of its tree"),
])
def test_a_state_that_is_not_a_position_of_the_game_is_refused_before_searching(game, state, error, words):
    for search in (alpha_beta, minimax, negamax):
        with pytest.raises(error, match=words):
            search(game, state)


@pytest.mark.parametrize("game, words", [
    (TicTacToe(), "expected a TicTacToeState"),
    (Kalah(), "expected a KalahState"),
    (NumberGame([1, 2]), "expected a NumberGameState"),
    (TreeGame(Tree.from_nested([1, 2])), "a position of this TreeGame is a node of its tree"),
])
@pytest.mark.parametrize("method", ["to_move", "moves", "is_over", "score"])
def test_every_question_of_the_interface_refuses_what_is_not_a_position(game, words, method):
    with pytest.raises(TypeError, match=words):
        getattr(game, method)(None)


def test_a_kalah_move_label_needs_a_house():
    with pytest.raises(IllegalMoveError, match="a move is a house number from 0 to 5, not 'x'"):
        Kalah().move_label(Kalah().initial, "x")
