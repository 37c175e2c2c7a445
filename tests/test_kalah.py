"""Kalah: the rules on hand-made positions, small boards solved exactly, and
the extra turn seen in a trace (two MAX levels in a row)."""

import pickle
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import MAX, MIN
from gametree.games import (
    IllegalMoveError,
    Kalah,
    KalahState,
    TranspositionTable,
    alpha_beta,
    game_tree,
    minimax,
    negamax,
    trace_game,
)
from gametree.games.kalah import MAX_HOUSES, MAX_SEEDS


def board(text: str, player=MAX) -> KalahState:
    return KalahState.from_text(text, player)


# --- the board and its text ---------------------------------------------------------

def test_the_standard_game_starts_with_four_seeds_in_each_of_six_houses():
    game = Kalah()
    assert game.initial.pits == (4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0)
    assert game.to_move(game.initial) is MAX
    assert game.moves(game.initial) == [0, 1, 2, 3, 4, 5]
    assert not game.is_over(game.initial)


def test_text_is_read_as_drawn_min_row_right_to_left():
    """The top row is MIN's houses N2 N1 N0 left to right (counter-clockwise)."""
    state = board("""
        7  8  9
     5          6
        1  2  3
    """, MIN)
    assert state.houses(MAX) == (1, 2, 3) and state.store(MAX) == 6
    assert state.houses(MIN) == (9, 8, 7) and state.store(MIN) == 5
    assert state.player is MIN
    assert KalahState.from_text(str(state), MIN) == state


@pytest.mark.parametrize("text, words", [
    ("1 2 3 / 0 0", "has 2 rows"),
    ("1 2 3 / 0 / 1 2 3", "1 numbers in the middle row"),
    ("1 2 / 0 0 / 1 2 3", "2 houses in MIN's row but 3 in MAX's"),
    ("1 x 3 / 0 0 / 1 2 3", "contains 'x'"),
    ("1 -2 3 / 0 0 / 1 2 3", "contains '-2'"),
])
def test_a_badly_drawn_board_is_refused_with_the_reason(text, words):
    with pytest.raises(ValueError, match=words):
        KalahState.from_text(text)


@pytest.mark.parametrize("args, error, words", [
    ((0, 4), ValueError, "houses must be from 1 to 12, not 0"),
    ((13, 4), ValueError, "houses must be from 1 to 12, not 13"),
    ((6, 0), ValueError, "seeds must be from 1 to 100, not 0"),
    ((6, 101), ValueError, "seeds must be from 1 to 100, not 101"),
    ((6, 10 ** 9), ValueError, "not 1,000,000,000"),
    (("6", 4), TypeError, "houses must be a whole number"),
    ((6, 4.0), TypeError, "seeds must be a whole number"),
])
def test_bad_sizes_are_refused(args, error, words):
    with pytest.raises(error, match=words):
        Kalah(*args)


# --- the rules on hand-made positions ------------------------------------------------

def test_sowing_goes_counter_clockwise_and_the_mover_keeps_no_seed():
    game = Kalah()
    after = game.play(game.initial, 0)   # S0's four seeds into S1 .. S4
    assert after.pits == (0, 5, 5, 5, 5, 4, 0, 4, 4, 4, 4, 4, 4, 0)
    assert after.player is MIN


def test_sowing_continues_into_the_opponents_row():
    game = Kalah()
    after = game.play(game.initial, 5)   # S5: the store, then N0, N1, N2
    assert after.pits == (4, 4, 4, 4, 4, 0, 1, 5, 5, 5, 4, 4, 4, 0)
    assert after.player is MIN


def test_max_skips_mins_store_when_going_round():
    """S2's eight seeds: store, N0, N1, N2, (not N's store), S0, S1, S2, store."""
    game = Kalah(3, 1)
    state = board("1 1 1 / 0 0 / 0 0 8")
    after = game.play(state, 2)
    assert after == board("2 2 2 / 0 2 / 1 1 1", MAX)   # last seed in the store: MAX again


def test_min_skips_maxs_store_when_going_round():
    game = Kalah(3, 1)
    state = board("8 0 0 / 0 0 / 1 1 1", MIN)            # N2 holds 8
    after = game.play(state, 2)
    assert after == board("1 1 1 / 2 0 / 2 2 2", MIN)   # MAX's store stays at 0


def test_the_last_seed_in_your_store_gives_another_move():
    game = Kalah()
    after = game.play(game.initial, 2)                   # 4 seeds from S2: S3 S4 S5 store
    assert after.store(MAX) == 1 and game.to_move(after) is MAX
    again = game.play(after, 3)                          # then S3's 5 seeds pass the store
    assert game.to_move(again) is MIN


def test_a_last_seed_in_your_empty_house_captures_the_seeds_opposite():
    game = Kalah(3, 1)
    state = board("0 3 1 / 5 2 / 1 0 4")                 # S1 is empty, N1 across holds 3
    after = game.play(state, 0)
    assert after == board("0 0 1 / 5 6 / 0 0 4", MIN)   # 3 + the capturing seed


def test_min_captures_too():
    game = Kalah(3, 1)
    state = board("0 0 1 / 0 0 / 2 5 1", MIN)           # N0 sows into the empty N1; S1 holds 5
    after = game.play(state, 0)
    # MIN's row is now empty, so the game ends and MAX's seeds go to MAX's store.
    assert after == KalahState((0, 0, 0, 3, 0, 0, 0, 6), MAX)
    assert game.is_over(after) and game.score(after) == 3 - 6


@pytest.mark.parametrize("text, move, expected", [
    # S0's seed lands in the empty S1, but N1 across is empty: no capture.
    ("1 0 1 / 0 0 / 1 0 4", 0, "1 0 1 / 0 0 / 0 1 4"),
    # S1's seed lands in S2, which is not empty: no capture.
    ("1 3 1 / 0 0 / 0 1 4", 1, "1 3 1 / 0 0 / 0 0 5"),
    # S2's two seeds: the store, then N0, which is empty but MIN's: no capture.
    ("1 1 0 / 0 0 / 1 1 2", 2, "1 1 1 / 0 1 / 1 1 0"),
])
def test_no_capture_without_the_three_conditions(text, move, expected):
    assert Kalah(3, 1).play(board(text), move) == board(expected, MIN)


def test_sowing_round_into_the_emptied_house_captures():
    """Thirteen seeds from S0 on a board of six: round the 13 pits (not MIN's
    store) and the last lands in S0 itself, which was emptied: a capture."""
    game = Kalah()
    state = KalahState((13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0), MAX)   # N4 holds 2
    after = game.play(state, 0)
    # Every pit but MIN's store got one seed; S0's 1 and N5's 1 are captured:
    # S0 faces N5.  Nothing else changes.
    assert after.pits == (0, 1, 1, 1, 1, 1, 1 + 2, 1, 1, 1, 1, 3, 0, 0)
    assert after.player is MIN


def test_when_a_row_empties_each_rows_seeds_go_to_its_owner():
    game = Kalah(3, 1)
    state = board("1 1 1 / 0 0 / 0 0 1")                 # MAX sows its last seed
    after = game.play(state, 2)
    assert after == KalahState((0, 0, 0, 1, 0, 0, 0, 3), MAX)   # MIN's 3 seeds to MIN's store
    assert game.is_over(after) and game.moves(after) == [] and game.score(after) == -2


def test_the_game_ends_when_the_opponents_row_empties():
    game = Kalah(3, 1)
    state = board("0 0 0 / 4 2 / 1 2 3")                 # a hand-made position with N's row empty
    assert game.is_over(state) and game.moves(state) == []
    assert game.score(state) == (2 + 6) - 4             # the row's seeds count for its owner
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play(state, 0)


@pytest.mark.parametrize("move, words", [
    (1, "house S1 is empty; choose a house with seeds: 0, 2"),
    (3, "a move is a house number from 0 to 2, not 3"),
    (-1, "not -1"),
    ("0", "not '0'"),
    (True, "not True"),
])
def test_illegal_moves_are_refused_with_a_reason(move, words):
    with pytest.raises(IllegalMoveError, match=words):
        Kalah(3, 1).play(board("1 1 1 / 0 0 / 1 0 1"), move)


def test_a_position_of_another_size_is_refused():
    with pytest.raises(ValueError, match=r"has 3 houses a row but this game has 6; use Kalah\(3, \.\.\.\)"):
        Kalah().play(Kalah(3, 3).initial, 0)


def test_move_labels_say_whose_row():
    game = Kalah()
    assert game.move_label(game.initial, 4) == "S4"
    assert game.move_label(game.play(game.initial, 0), 4) == "N4"


# --- properties over random games ------------------------------------------------------

def mirror(state: KalahState) -> KalahState:
    """The same position with the players' rows and roles swapped."""
    n = state.n
    return KalahState(state.pits[n + 1:] + state.pits[: n + 1], state.player.other)


games = st.tuples(st.integers(1, 6), st.integers(1, 5)).map(lambda hs: Kalah(*hs))


@settings(max_examples=60, deadline=None)
@given(games, st.lists(st.integers(0, 11), max_size=60))
def test_random_games_keep_every_seed_and_the_rules_are_the_same_for_both(game, choices):
    """Seeds are never made or lost; MIN's moves are MAX's moves on the
    mirrored board; a finished game has every seed in a store."""
    state = game.initial
    for choice in choices:
        if game.is_over(state):
            break
        moves = game.moves(state)
        move = moves[choice % len(moves)]
        after = game.play(state, move)
        assert sum(after.pits) == game.seeds_in_play()
        assert min(after.pits) >= 0
        assert mirror(after) == game.play(mirror(state), move)
        assert hash(after) == hash(KalahState(tuple(after.pits), after.player))
        state = after
    if game.is_over(state):
        n = game.houses
        assert state.houses(MAX) == state.houses(MIN) == (0,) * n
        assert game.score(state) == state.store(MAX) - state.store(MIN)


# --- small boards solved exactly ---------------------------------------------------------

_SOLVERS = {}


def memoized_value(game: Kalah, state: KalahState) -> int:
    """Minimax with functools.cache: the plainest correct solver (one cache per board size)."""
    key = (game.houses, game.seeds)
    if key not in _SOLVERS:

        @cache
        def value(state):
            if game.is_over(state):
                return game.score(state)
            pick = max if state.player is MAX else min
            return pick(value(game.play(state, move)) for move in game.moves(state))

        _SOLVERS[key] = value
    return _SOLVERS[key](state)


@pytest.mark.parametrize("houses, seeds", [(2, 2), (3, 2), (2, 3), (3, 3)])
def test_small_boards_solved_by_alpha_beta_with_a_table_equal_memoized_minimax(houses, seeds):
    game = Kalah(houses, seeds)
    exact = memoized_value(game, game.initial)
    assert alpha_beta(game, table=TranspositionTable()).value == exact
    assert minimax(game, memo=True).value == exact
    assert negamax(game, memo=True).value == exact


def test_kalah_4_2_solved_by_alpha_beta_with_a_table_equals_memoized_minimax():
    """The biggest board here: 16 seeds, games up to 64 moves long."""
    game = Kalah(4, 2)
    assert alpha_beta(game, table=TranspositionTable()).value == memoized_value(game, game.initial)


def test_kalah_3_3_is_a_win_for_the_first_player_and_its_best_move_wins():
    game = Kalah(3, 3)
    result = alpha_beta(game, table=TranspositionTable())
    assert result.value > 0
    assert memoized_value(game, game.play(game.initial, result.move)) == result.value


def test_positions_of_kalah_3_3_solved_with_a_shared_table():
    """One table reused across many searches (a game being played) stays correct."""
    game, table = Kalah(3, 3), TranspositionTable()
    state = game.initial
    for _ in range(12):
        if game.is_over(state):
            break
        result = alpha_beta(game, state, table=table)
        assert result.value == memoized_value(game, state)
        state = game.play(state, game.moves(state)[-1])   # not the best move: new positions


# --- the extra turn in the tree and the trace ---------------------------------------------

def test_the_trace_of_a_small_kalah_has_two_max_levels_in_a_row():
    game = Kalah(2, 2)
    trace = trace_game(game)
    tree = trace.tree
    repeated = [node for node in tree if node.parent is not None and not node.is_leaf
                and node.player is MAX and tree[node.parent].player is MAX]
    assert repeated, "some MAX move must give MAX another move"
    # S0's two seeds go to S1 and the store: MAX moves again.
    again = next(node for node in tree.children(tree.root) if node.label == "S0")
    assert again.player is MAX and again in repeated
    assert trace.value == memoized_value(game, game.initial)
    assert len(game_tree(game)) == len(tree)


# --- hand-built positions and text: checked, with the limits at and past them -----------

@pytest.mark.parametrize("pits, player, error, words", [
    ((1, 0, 2, 3, -1, 0), MAX, ValueError, "pit 4 of the position holds -1 seeds; every pit holds 0 seeds or more"),
    ((1, 0, 2), MAX, ValueError, r"a position has 2n \+ 2 pits for n = 1 to 12 houses a row \(4, 6, \.\.\., 26\), not 3"),
    ((1, 0), MAX, ValueError, "not 2"),
    ((0,) * 28, MAX, ValueError, "not 28"),
    ((1, 0, 2.0, 0), MAX, TypeError, r"pit 2 of the position holds 2.0 \(float\)"),
    ((1, 0, True, 0), MAX, TypeError, r"pit 2 of the position holds True \(bool\)"),
    ("1020", MAX, TypeError, "pits must be a tuple of seed counts"),
    ((1, 0, 1, 0), "MAX", TypeError, "player must be gametree.MAX or gametree.MIN, not 'MAX'"),
])
def test_a_hand_built_position_is_refused_with_the_reason(pits, player, error, words):
    """Today's rules would hang or go wrong on them (negative seeds never run out)."""
    with pytest.raises(error, match=words):
        KalahState(pits, player)


def test_a_position_holds_at_most_as_many_seeds_as_the_largest_game_of_its_size():
    most = 2 * 3 * MAX_SEEDS
    assert sum(KalahState((most, 0, 0, 0, 0, 0, 0, 0), MAX).pits) == most
    with pytest.raises(ValueError, match=f"the position holds {most + 1:,} seeds; a board of 3 houses a row "
                                         f"holds at most {most:,}"):
        KalahState((most, 0, 0, 0, 1, 0, 0, 0), MAX)
    with pytest.raises(ValueError, match="holds at most"):
        KalahState((most, 0, 0, 0, 0, 0, 0, 0), MAX)._replace(pits=(most, 0, 0, 0, 1, 0, 0, 0))


def test_the_largest_game_is_accepted_and_plays():
    game = Kalah(MAX_HOUSES, MAX_SEEDS)
    after = game.play(game.initial, 0)
    assert sum(after.pits) == game.seeds_in_play() == 2 * MAX_HOUSES * MAX_SEEDS


@pytest.mark.parametrize("text, words", [
    ("４ 1 / 0 0 / 1 1", "contains '４'; write each pit's seeds with the digits 0 to 9"),
    ("٣ 1 / 0 0 / 1 1", "contains '٣'"),
    ("² 1 / 0 0 / 1 1", "contains '²'"),
    ("1_000 1 / 0 0 / 1 1", "contains '1_000'"),
    ("+3 1 / 0 0 / 1 1", r"contains '\+3'"),
    ("9" * 5000 + " 1 / 0 0 / 1 1", r"has a pit of '9999999999999999\.\.\. seeds; no board holds more than 2,400"),
    ("2401 0 / 0 0 / 0 0", "has a pit of '2401' seeds; no board holds more than 2,400"),
])
def test_text_with_other_digits_or_too_many_seeds_is_refused_in_our_words(text, words):
    """Only the digits 0 to 9 count: Python's int() would read '４' as 4 and
    '1_000' as 1000, and fail on '²' with its own message."""
    with pytest.raises(ValueError, match=words):
        KalahState.from_text(text)


def test_text_up_to_the_seed_limit_is_read():
    most = 2 * MAX_HOUSES * MAX_SEEDS
    row = " ".join(["0"] * (MAX_HOUSES - 1))
    state = KalahState.from_text(f"{row} 0 / 0 0 / {most} {row}")
    assert state.pits[0] == most and state.n == MAX_HOUSES


def sow_one_by_one(state: KalahState, house: int) -> KalahState:
    """The rules read literally: one seed a pit, counter-clockwise, skipping
    the opponent's store; then the extra turn, the capture and the end."""
    n, pits, me = state.n, list(state.pits), state.player
    mine = range(n) if me is MAX else range(n + 1, 2 * n + 1)
    store, skip = (n, 2 * n + 1) if me is MAX else (2 * n + 1, n)
    pit = mine[house]
    seeds, pits[pit] = pits[pit], 0
    while seeds:
        pit = (pit + 1) % len(pits)
        if pit != skip:
            pits[pit] += 1
            seeds -= 1
    mover = me if pit == store else me.other
    if pit in mine and pits[pit] == 1 and pits[2 * n - pit] > 0:
        pits[store] += 1 + pits[2 * n - pit]
        pits[pit] = pits[2 * n - pit] = 0
    if not any(pits[:n]) or not any(pits[n + 1: 2 * n + 1]):
        pits[n], pits[2 * n + 1] = pits[n] + sum(pits[:n]), pits[2 * n + 1] + sum(pits[n + 1: 2 * n + 1])
        pits[:n] = pits[n + 1: 2 * n + 1] = [0] * n
    return KalahState(tuple(pits), mover)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.sampled_from([MAX, MIN]), st.data())
def test_sowing_whole_laps_by_division_equals_sowing_one_seed_at_a_time(n, player, data):
    """Houses that go round the board several times (up to nearly every seed
    of the largest game of the size in one house) end where the literal rule ends."""
    pits = data.draw(st.lists(st.integers(0, 20), min_size=2 * n + 2, max_size=2 * n + 2))
    house = data.draw(st.integers(0, n - 1))
    mine = house if player is MAX else n + 1 + house
    pits[n + 1 if player is MAX else 0] += 1           # the opponent's row is not empty
    pits[mine] = 0
    pits[mine] = data.draw(st.integers(1, 2 * n * MAX_SEEDS - sum(pits)))
    state = KalahState(tuple(pits), player)
    after = Kalah(n).play(state, house)
    assert after == sow_one_by_one(state, house)
    assert after.over == KalahState(after.pits, after.player).over


def test_states_made_by_play_and_by_hand_are_equal_and_hash_alike():
    game = Kalah(3, 3)
    after = game.play(game.initial, 1)
    rebuilt = KalahState(after.pits, after.player)
    assert after == rebuilt and hash(after) == hash(rebuilt) and after.over is rebuilt.over is False
    assert repr(rebuilt) == "KalahState(pits=(3, 0, 4, 1, 4, 3, 3, 0), player=<Player.MIN: 'MIN'>)"
    assert pickle.loads(pickle.dumps(after)) == after
