"""A bound that only *equals* the window's edge cuts, in every search that
cuts on a tie: alpha-beta (alpha >= beta), quiescence's stand-pat
(stand_pat >= beta at MAX, <= alpha at MIN) and Star1 (a chance node whose
most possible value is <= alpha).  A search that waits for strictly beyond
returns the same value but reads more, so each test counts what was read,
with the count worked out here (by hand, or by a plain search written out
in the test), never copied from the library's output.
"""

import math

import pytest

from gametree import alpha_beta, trace_expectiminimax
from gametree.games import Kalah, store_difference
from gametree.games import alpha_beta as game_alpha_beta
from gametree.games.quiescence import kalah_noisy_moves
from gametree.tree import MAX


def test_alpha_beta_cuts_when_alpha_equals_beta():
    """All eight leaves 0, branching 2 (A; B, C; D to G):
    D reads both leaves (beta is +inf); E has beta = 0 from D, and its first
    leaf makes alpha = 0 >= 0: cut (3 leaves so far).  C has alpha = 0 from
    B; F reads both leaves (beta is +inf), then C's beta = 0 <= alpha: G is
    cut.  5 leaves.  A rule that cut only when alpha > beta would read all 8."""
    assert alpha_beta([0] * 8, 2) == [0, 5]


def _plain_alpha_beta(leaves, branching, maximizing=True, alpha=-math.inf, beta=math.inf):
    """(value, leaves read): AIMA's alpha-beta on the complete tree of ``leaves``,
    written out plainly, cutting when alpha >= beta."""
    if len(leaves) == 1:
        return leaves[0], 1
    width = len(leaves) // branching
    v, read = (-math.inf if maximizing else math.inf), 0
    for k in range(branching):
        value, below = _plain_alpha_beta(leaves[k * width:(k + 1) * width], branching,
                                         not maximizing, alpha, beta)
        read += below
        if maximizing:
            v = max(v, value)
            alpha = max(alpha, v)
        else:
            v = min(v, value)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return v, read


@pytest.mark.parametrize("branching, depth", [(2, 1), (2, 2), (2, 3), (2, 4), (3, 2), (3, 3)])
def test_on_equal_leaves_every_kind_of_node_cuts_on_a_tie(branching, depth):
    """Equal leaves make alpha = beta wherever a cut is possible: at MAX and
    MIN nodes, over leaves and over inner nodes (depths 2 to 4 have each)."""
    leaves = [0] * branching ** depth
    assert alpha_beta(leaves, branching) == list(_plain_alpha_beta(leaves, branching))


def test_star1_cuts_a_chance_node_whose_best_equals_alpha():
    """MIN node B = min(3, 3) = 3, so the root's alpha is 3.  Chance node C
    with leaves in [0, 6]: after its first outcome (probability 1/2, leaf 0)
    it is worth at most 0.5 * 0 + 0.5 * 6 = 3 <= alpha = 3, so the leaf 6 is
    never read: 3 leaves of 4.  (Waiting for < alpha would read all 4.)"""
    trace = trace_expectiminimax([[3, 3], [(0.5, 0), (0.5, 6)]], bounds=(0, 6))
    assert trace.value == 3
    assert trace.evaluated == 3
    assert trace.tree.leaf_scores == [3, 3, 0, 6]


def _plain_quiescence(game, state, depth, alpha, beta, counter):
    """Fail-soft alpha-beta with a depth limit and a quiescence search, as
    the textbooks write it (the reference the library is counted against):
    past the depth limit, at a noisy position, the player to move stands pat
    on the estimate when it already cuts (>= beta for MAX, <= alpha for
    MIN), and otherwise searches only the noisy moves, the estimate as the
    value to beat.  Counts every position it visits in ``counter``."""
    counter[0] += 1
    if game.is_over(state):
        return game.score(state)
    maximizing = game.to_move(state) is MAX
    if depth <= 0:
        stand_pat = store_difference(state)
        noisy = kalah_noisy_moves(state)
        if not noisy:
            return stand_pat
        if maximizing and stand_pat >= beta or not maximizing and stand_pat <= alpha:
            return stand_pat
        v, moves = stand_pat, noisy
    else:
        v, moves = (-math.inf if maximizing else math.inf), game.moves(state)
    if maximizing:
        alpha = max(alpha, v)
        for move in moves:
            v = max(v, _plain_quiescence(game, game.play(state, move), depth - 1, alpha, beta,
                                         counter))
            alpha = max(alpha, v)
            if v >= beta:
                break
    else:
        beta = min(beta, v)
        for move in moves:
            v = min(v, _plain_quiescence(game, game.play(state, move), depth - 1, alpha, beta,
                                         counter))
            beta = min(beta, v)
            if v <= alpha:
                break
    return v


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_quiescence_stands_pat_when_the_estimate_equals_the_bound(depth):
    """On Kalah(4, 3) (many equal store differences, so estimates often equal
    alpha or beta), the library visits exactly the positions the plain
    search above visits: standing pat on an equal estimate included."""
    game = Kalah(4, 3)
    counter = [0]
    expected = _plain_quiescence(game, game.initial, depth, -math.inf, math.inf, counter)
    result = game_alpha_beta(game, depth=depth, evaluate=store_difference,
                             quiescence=kalah_noisy_moves)
    assert (result.value, result.stats.nodes) == (expected, counter[0])
