"""UCT plays the root's move with the most playouts (AIMA's Figure 5.11:
"the move ... whose node has highest number of playouts"), not the one
with the most wins: a move tried often and won less often is the one the
search trusts."""

from gametree.games import TicTacToe, TicTacToeState
from gametree.games.mcts import uct_search

POSITIONS = ["X.. .O. ...", "... ... ...", "XO. ... ..."]


def _first_with_most(children, statistic):
    """The first child (in the game's order) with the largest ``statistic``."""
    best = max(statistic(child) for child in children)
    return next(child for child in children if statistic(child) == best)


def test_uct_plays_the_move_with_the_most_playouts_not_the_most_wins():
    differ = 0
    for text in POSITIONS:
        for seed in range(4):
            result = uct_search(TicTacToe(), TicTacToeState.from_text(text), iterations=20,
                                seed=seed)
            children = result.tree.children(result.tree.root)
            most_visited = _first_with_most(children, lambda child: child.visits)
            assert result.move == most_visited.move == result.tree.best_move(), (text, seed)
            differ += _first_with_most(children, lambda child: child.wins) is not most_visited
    # The two rules part in some of these searches, so the test tells them apart.
    assert differ >= 3
