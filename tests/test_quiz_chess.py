"""The chess checkers of notebook 13 (gametree.practice.quiz_chess): empty,
unreadable, wrong and right answers, as tests/test_quiz_games.py checks the others."""

import pytest

from gametree.games.chess_puzzles import PUZZLES
from gametree.practice.quiz import Verdict
from gametree.practice.quiz_chess import check_first_searched, check_mating_move

SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
MORPHY, PHILIDOR = PUZZLES[1], PUZZLES[3]

CASES = {  # checker, an unreadable answer, a wrong one, the right one
    "mate in 1": (lambda a: check_mating_move(a, SCHOLAR, 1), "Qf9", "Qxe5+", "Qxf7#"),
    "mate in 2": (lambda a: check_mating_move(a, MORPHY.fen, 2), 42, "Rb1", "Ra6"),
    "first searched": (lambda a: check_first_searched(a, PHILIDOR.fen), "knight takes", "Nh6+", "Nxd8+"),
}


@pytest.mark.parametrize("name", CASES)
def test_each_answer_gets_its_verdict_and_a_wrong_one_no_answer(name):
    check, unreadable, wrong_answer, right_answer = CASES[name]
    assert check(None).verdict is Verdict.EMPTY
    assert check(None).text.startswith("Not answered yet: replace None with a move in SAN")
    assert check(unreadable).verdict is Verdict.INVALID
    assert check(unreadable).text.startswith("Cannot read that: ")
    feedback = check(wrong_answer)
    assert feedback.verdict is Verdict.WRONG and right_answer not in feedback.text
    assert check(right_answer).text.startswith("Right: ")


def test_table_saving_is_checked_against_the_searches_it_runs():
    """The table exercise's answer is worked out by running the two searches
    (its source holds no count): the difference is right; either search's own
    count, a negative number or another number is wrong without the answer."""
    from gametree.games import TranspositionTable, alpha_beta
    from gametree.games.chess import Chess, evaluate, zobrist
    from gametree.practice.quiz_chess import check_table_saving

    fen = PUZZLES[0].fen               # the back-rank position 4 plies deep: cheap, and the table saves
    game = Chess(fen, order=True)
    without = alpha_beta(game, depth=4, evaluate=evaluate).stats.nodes
    within = alpha_beta(game, depth=4, evaluate=evaluate, table=TranspositionTable(key=zobrist)).stats.nodes
    assert without > within
    assert check_table_saving(without - within, fen, 4).verdict is Verdict.RIGHT
    assert check_table_saving("139", fen, 4).verdict is Verdict.INVALID
    assert check_table_saving(True, fen, 4).verdict is Verdict.INVALID
    for answer in (without, -1, without - within + 1):
        feedback = check_table_saving(answer, fen, 4)
        assert feedback.verdict is Verdict.WRONG and f"{without - within:,}" not in feedback.text
