"""The fast paths equal the readable ones.

* ``alpha_beta`` without per-position options runs its kernel, ``_kernel``; with any
  option (here ``max_nodes``, which changes nothing when large) it runs the full
  search.  Both give the same value, move, line and statistics.
* ``Game.result`` (the searches' trusted move) returns what ``play`` returns.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import MAX, MIN, Tree
from gametree.games import (
    DiceRace,
    Kalah,
    NumberGame,
    TicTacToe,
    TicTacToeState,
    TranspositionTable,
    TreeGame,
    alpha_beta,
    canonical,
    kalah_evaluation,
    store_difference,
)
from gametree.games.tictactoe import positions

BIG = 10**9  # a node limit never reached: forces the full search, changes nothing else

_leaf = st.integers(-20, 20)
_nested = st.recursive(_leaf, lambda kids: st.tuples(st.sampled_from([MAX, MIN]),
                                                     st.lists(kids, min_size=1, max_size=4)),
                       max_leaves=30)


def _tree(nested) -> Tree:
    return Tree.unfold(nested, lambda item: None if isinstance(item, int) else item[1],
                       lambda item: item,
                       player=lambda item: MAX if isinstance(item, int) else item[0])


@settings(max_examples=150, deadline=None, derandomize=True)
@given(_nested, st.sampled_from([None, 1, 2, 3]), st.booleans(),
       st.sampled_from([(-float("inf"), float("inf")), (-3, 4), (0, 1)]))
def test_the_bare_search_equals_the_full_one_on_random_games(nested, depth, rounds, window):
    """Players that may move twice in a row, with and without a depth limit counted in
    moves or rounds, any window: the same result, line and counts."""
    game = TreeGame(_tree(nested))
    options = {} if depth is None else {"depth": depth, "evaluate": lambda node: node.id % 7 - 3,
                                        "rounds": rounds}
    bare = alpha_beta(game, window=window, **options)
    full = alpha_beta(game, window=window, max_nodes=BIG, **options)
    assert bare == full


def test_the_bare_search_equals_the_full_one_on_tictactoe():
    game = TicTacToe()
    assert alpha_beta(game) == alpha_beta(game, max_nodes=BIG)
    state = TicTacToeState.from_text("X.. .O. ...")
    for depth in (1, 2, 3):
        evaluate = lambda s: s.cells.count("X") - s.cells.count("O")  # noqa: E731
        assert alpha_beta(game, state, depth=depth, evaluate=evaluate) == \
            alpha_beta(game, state, depth=depth, evaluate=evaluate, max_nodes=BIG)


@pytest.mark.parametrize("evaluate", [store_difference, kalah_evaluation])
@pytest.mark.parametrize("rounds", [False, True])
def test_the_bare_search_equals_the_full_one_on_kalah(evaluate, rounds):
    game = Kalah(4, 3)
    for depth in (0, 2, 4):
        assert alpha_beta(game, depth=depth, evaluate=evaluate, rounds=rounds) == \
            alpha_beta(game, depth=depth, evaluate=evaluate, rounds=rounds, max_nodes=BIG)


def test_result_equals_play_on_every_tictactoe_position():
    game = TicTacToe()
    for state in positions():
        for move in game.moves(state):
            assert game.result(state, move) == game.play(state, move)


@pytest.mark.parametrize("game", [Kalah(), Kalah(3, 2), Kalah(6, 6)])
def test_result_equals_play_on_kalah_games(game):
    """Along seeded random games (captures, extra turns, laps and endings included)."""
    rng = random.Random(7)
    for _ in range(30):
        state = game.initial
        while not game.is_over(state):
            for move in game.moves(state):
                assert game.result(state, move) == game.play(state, move)
            state = game.play(state, rng.choice(game.moves(state)))


@pytest.mark.parametrize("game", [DiceRace(4, 4), NumberGame([3, -1, 4, 1, -5])])
def test_result_is_play_where_a_game_does_not_override_it(game):
    state = game.initial
    for move in game.moves(state):
        assert game.result(state, move) == game.play(state, move)


def reference_sow(pits, me, house, n):
    """Kalah's move sown one seed at a time (as ../shared/baselines/plain_searches.py does):
    an independent check of the lap arithmetic of Kalah.result."""
    p = list(pits)
    start = house if me == 0 else n + 1 + house
    mine, theirs = (n, 2 * n + 1) if me == 0 else (2 * n + 1, n)
    seeds, p[start], i = p[start], 0, start
    while seeds:
        i = (i + 1) % (2 * n + 2)
        if i != theirs:
            p[i] += 1
            seeds -= 1
    again = i == mine
    if not again and p[i] == 1 and (i < n if me == 0 else n < i < 2 * n + 1) and p[2 * n - i] > 0:
        p[mine] += p[i] + p[2 * n - i]
        p[i] = p[2 * n - i] = 0
    if not any(p[:n]) or not any(p[n + 1:2 * n + 1]):
        p[n] += sum(p[:n])
        p[2 * n + 1] += sum(p[n + 1:2 * n + 1])
        p[:n] = p[n + 1:2 * n + 1] = [0] * n
    return tuple(p), again


@pytest.mark.parametrize("houses, seeds", [(6, 4), (3, 9), (6, 20)])
def test_kalah_result_sows_as_one_seed_at_a_time(houses, seeds):
    """Laps round the board (more seeds than pits), captures, extra turns and endings."""
    game, rng = Kalah(houses, seeds), random.Random(seeds)
    for _ in range(20):
        state = game.initial
        while not game.is_over(state):
            me = 0 if state.player is MAX else 1
            for move in game.moves(state):
                after = game.result(state, move)
                pits, again = reference_sow(state.pits, me, move, houses)
                assert after.pits == pits
                if not after.over:
                    assert (after.player is state.player) == again
            state = game.result(state, rng.choice(game.moves(state)))


@pytest.mark.parametrize("key", [None, canonical])
def test_the_bare_table_search_equals_the_full_one_on_tictactoe(key):
    """With a TranspositionTable alone the kernel runs: the same result, counts and
    stored entries as the full search, from the start and from a position."""
    game = TicTacToe()
    for state in (None, TicTacToeState.from_text("X.. .O. ...")):
        bare, full = TranspositionTable(key=key), TranspositionTable(key=key)
        assert alpha_beta(game, state, table=bare) == alpha_beta(game, state, table=full, max_nodes=BIG)
        assert bare.entries == full.entries and len(bare) > 0
        assert alpha_beta(game, state, table=bare) == alpha_beta(game, state, table=full, max_nodes=BIG)


@pytest.mark.parametrize("rounds", [False, True])
def test_the_bare_table_search_equals_the_full_one_on_kalah(rounds):
    """Depth-limited, in moves or rounds, with a table: the same result, counts and entries."""
    game = Kalah(4, 3)
    bare, full = TranspositionTable(), TranspositionTable()
    for depth in (0, 2, 4, 5):
        assert alpha_beta(game, depth=depth, evaluate=store_difference, rounds=rounds, table=bare) == \
            alpha_beta(game, depth=depth, evaluate=store_difference, rounds=rounds, table=full,
                       max_nodes=BIG)
    assert bare.entries == full.entries and any(entry.bound != "exact" for entry in bare.entries.values())
