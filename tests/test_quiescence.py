"""Quiescence search for Kalah: which moves are noisy, and a search that
goes on past the depth limit until the position is quiet."""

import random
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import MAX, MIN
from gametree.games import (
    Kalah,
    KalahState,
    NumberGame,
    alpha_beta,
    kalah_evaluation,
    store_difference,
)
from gametree.games.quiescence import depth_player, is_quiet, kalah_noisy_moves, quiescence_search


def positions(game, count, seed):
    """Seeded positions of ``game`` reached by random play, ended ones included."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.initial
        for _ in range(rng.randint(0, 40)):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.moves(state)))
        found.append(state)
    return found


def oracle_noisy(state: KalahState) -> list[int]:
    """The definition, sown one seed at a time: a move is noisy when its last
    seed lands in the mover's store, when it lands in an empty house of the
    mover's across from seeds, or when it leaves a row of houses empty."""
    n, me = state.n, state.player
    mine = range(0, n) if me is MAX else range(n + 1, 2 * n + 1)
    store, skip = (n, 2 * n + 1) if me is MAX else (2 * n + 1, n)
    noisy = []
    for move in range(n):
        pits = list(state.pits)
        pit = mine[move]
        seeds, pits[pit] = pits[pit], 0
        if seeds == 0 or state.over:
            continue
        while seeds:
            pit = (pit + 1) % (2 * n + 2)
            if pit != skip:
                pits[pit] += 1
                seeds -= 1
        capture = pit in mine and pits[pit] == 1 and pits[2 * n - pit] > 0
        if capture:
            pits[store] += 1 + pits[2 * n - pit]
            pits[pit] = pits[2 * n - pit] = 0
        ends = not any(pits[:n]) or not any(pits[n + 1 : 2 * n + 1])
        if pit == store or capture or ends:
            noisy.append(move)
    return noisy


@pytest.mark.parametrize("houses, seeds", [(6, 4), (3, 3), (4, 1), (2, 13), (1, 2)])
def test_noisy_moves_are_captures_extra_turns_and_endings(houses, seeds):
    game = Kalah(houses, seeds)
    for state in positions(game, 150, seed=houses * 100 + seeds):
        assert kalah_noisy_moves(state) == oracle_noisy(state), state
        assert is_quiet(state) == (not oracle_noisy(state))


def test_every_noisy_move_puts_seeds_into_a_store_for_good():
    """So a line of noisy moves is at most as long as the seeds on the board."""
    game = Kalah()
    for state in positions(game, 200, seed=5):
        for move in kalah_noisy_moves(state):
            after = game.play(state, move)
            assert after.store(MAX) + after.store(MIN) > state.store(MAX) + state.store(MIN)


def reference(game, state, depth, evaluate):
    """Depth-limited minimax with a quiescence search, without pruning:
    past the limit, the player to move takes the best of standing pat and
    its noisy moves."""
    if game.is_over(state):
        return game.score(state)
    best = max if game.to_move(state) is MAX else min
    if depth <= 0:
        values = [evaluate(state)] + [reference(game, game.play(state, m), depth - 1, evaluate)
                                      for m in kalah_noisy_moves(state)]
        return best(values)
    return best(reference(game, game.play(state, m), depth - 1, evaluate) for m in game.moves(state))


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_the_quiescence_search_returns_minimax_with_standing_pat(depth):
    game = Kalah(4, 3)
    for state in positions(game, 40, seed=depth):
        for evaluate in (store_difference, kalah_evaluation):
            expected = reference(game, state, depth, evaluate)
            assert alpha_beta(game, state, depth=depth, evaluate=evaluate,
                              quiescence=kalah_noisy_moves).value == expected


@settings(max_examples=50, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(1, 3))
def test_a_quiescence_search_keeps_fail_softs_promise_in_any_window(seed, depth):
    game = Kalah(4, 2)
    state = positions(game, 1, seed)[0]
    value = quiescence_search(game, state, depth=depth, evaluate=store_difference).value
    for low, high in ((value - 2, value - 1), (value, value + 1), (value - 1, value + 1), (-inf, value)):
        r = alpha_beta(game, state, depth=depth, evaluate=store_difference,
                       quiescence=kalah_noisy_moves, window=(low, high)).value
        assert (value <= r) if r <= low else (value >= r) if r >= high else (value == r)


def test_in_the_horizon_position_quiescence_changes_the_move():
    """Notebook 07: two moves deep, plain search plays S1 and walks into
    North's extra turn and capture; quiescence sees them and plays S2, as
    plain searches three to five moves deep do."""
    game = Kalah()
    horizon = KalahState.from_text("7 1 0 6 0 5 / 3 3 / 0 7 1 7 1 7")
    plain = alpha_beta(game, horizon, depth=2, evaluate=store_difference)
    quiet = quiescence_search(game, horizon, depth=2, evaluate=store_difference)
    assert (plain.move, quiet.move) == (1, 2)
    deeper = [alpha_beta(game, horizon, depth=d, evaluate=store_difference).move for d in (3, 4, 5)]
    assert deeper == [2, 2, 2]
    assert quiet.stats.nodes > plain.stats.nodes


def test_a_depth_player_plays_legal_moves_with_and_without_quiescence():
    game = Kalah(4, 3)
    for quiescence in (False, True):
        player = depth_player(2, store_difference, quiescence=quiescence)
        for state in positions(game, 20, seed=9):
            if not game.is_over(state):
                assert player(game, state) in game.moves(state)
    assert depth_player(2, store_difference, quiescence=True).__name__ == "depth 2 + quiescence"


@pytest.mark.parametrize("call, error, words", [
    (lambda: kalah_noisy_moves((1, 2)), TypeError, r"kalah_noisy_moves reads a KalahState, not \(1, 2\)"),
    (lambda: quiescence_search(NumberGame([1, 2]), depth=1, evaluate=store_difference), TypeError,
     "quiescence_search plays Kalah"),
    (lambda: depth_player(0, store_difference), ValueError, "depth must be 1 or more, not 0"),
    (lambda: depth_player(2, 3), TypeError, "evaluate must be a function"),
    (lambda: depth_player(2, store_difference, quiescence=1), TypeError,
     "quiescence must be True or False"),
])
def test_bad_input_is_refused_with_a_sentence(call, error, words):
    with pytest.raises(error, match=words):
        call()
