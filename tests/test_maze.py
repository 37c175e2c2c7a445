"""The maze game (gametree.games.maze): rules, exact values against an
independent brute force, agents whose depth counts rounds, evaluations,
ghost policies, matches and their statistics."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest

from gametree import CHANCE, MAX, MIN
from gametree.games import IllegalMoveError, TicTacToe, alpha_beta, expectiminimax
from gametree.games.maze import (
    LAYOUTS,
    MAX_SIDE,
    MatchTally,
    Maze,
    MazeLayout,
    MazeState,
    alpha_beta_agent,
    expectimax_agent,
    ghost_move,
    maze_evaluation,
    mean_interval,
    minimax_agent,
    play_maze,
    run_match,
    score_evaluation,
    search_agent,
    wilson_interval,
)

TWO_GHOSTS = "#####/#R.1#/#.#.#/#2..#/#####"
"""A maze with two ghosts small enough to search to the end by brute force."""


@pytest.fixture(scope="module")
def small() -> Maze:
    return Maze("small")


# --- rules ----------------------------------------------------------------------------

def test_start_of_the_small_maze(small):
    """The small maze starts with the runner to move at (1, 1), one ghost at (3, 3)."""
    state = small.initial
    assert (state.runner, state.ghosts, len(state.dots), state.turn) == ((1, 1), ((3, 3),), 6, 0)
    assert small.to_move(state) is MAX and small.agent(state) == "runner"
    assert small.moves(state) == ["E", "S"]
    assert small.max_rounds == 8 and state.rounds_left == 8


def test_to_move_follows_the_model_per_ghost_and_agent_names_the_ghost():
    """Each ghost moves in turn; to_move says its model (MIN or CHANCE), agent its number."""
    game = Maze(model=("CHANCE", "MIN"))
    state = game.initial
    seen = []
    for move in ("E", "N", "N", "E"):
        seen.append((game.to_move(state), game.agent(state)))
        state = game.play(state, move)
    assert seen == [(MAX, "runner"), (CHANCE, "ghost 1"), (MIN, "ghost 2"), (MAX, "runner")]


def test_agent_defaults_to_the_name_of_to_move():
    """Games that do not name their agents say MAX, MIN or chance."""
    game = TicTacToe()
    assert game.agent(game.initial) == "MAX"
    assert game.agent(game.play(game.initial, 4)) == "MIN"


def test_eating_a_dot_and_paying_for_time(small):
    """A dot is worth 10, a move of the runner costs 1; a ghost's move costs nothing."""
    state = small.play(small.initial, "E")
    assert state.points == 9 and (1, 2) not in state.dots and state.rounds_left == 7
    assert small.play(state, "N").points == 9


def test_eating_the_last_dot_wins():
    """The last dot ends the game at once, before the ghosts move, with +100."""
    game = Maze("######/#R.1 #/######")
    after = game.play(game.initial, "E")
    assert game.is_over(after) and game.outcome(after) == "won"
    assert game.score(after) == 10 - 1 + 100 and game.moves(after) == []


def test_caught_when_the_runner_steps_onto_a_ghost_or_a_ghost_onto_it():
    """Either way round, sharing a square ends the game with -100."""
    game = Maze("######/#R1..#/######")
    stepped = game.play(game.initial, "E")
    assert stepped.caught and game.outcome(stepped) == "caught" and stepped.points == -1 - 100
    assert "X" in str(stepped) and "caught by ghost 1" in str(stepped)
    game = Maze("#######/#R.1..#/#######")
    state = game.play(game.initial, "E")            # onto the dot next to the ghost
    caught = game.play(state, "W")                   # the ghost steps onto the runner
    assert caught.caught and caught.points == 9 - 100 and game.is_over(caught)


def test_the_move_limit_ends_the_game_after_the_last_ghost_moves():
    """With max_rounds=1 the ghost still moves after the runner's one move, then it is over."""
    game = Maze(max_rounds=1)
    state = game.play(game.initial, "E")
    assert not game.is_over(state)
    state = game.play(game.play(state, "N"), "N")
    assert game.is_over(state) and game.outcome(state) == "out of rounds"
    assert state.summary().startswith("out of rounds")


def test_every_game_ends_within_its_rounds():
    """Random play from random starts ends by the move limit (rounds x agents moves)."""
    game = Maze(max_rounds=30)
    rng = random.Random(5)
    for seed in range(5):
        state, moves = game.random_start(seed), 0
        while not game.is_over(state):
            state = game.play(state, rng.choice(game.moves(state)))
            moves += 1
        assert moves <= 30 * 3


def test_states_are_immutable_hashable_and_print_themselves(small):
    """play returns a new state; a state's fields cannot be set; it prints the maze."""
    state = small.initial
    after = small.play(state, "S")
    assert state == small.initial and after != state and len({state, after, small.initial}) == 2
    with pytest.raises(AttributeError):
        state.runner = (1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.layout.rows = ()
    assert str(after).splitlines()[1] == "# ..#" and "ghost 1 to move" in str(after)
    assert repr(after).startswith("MazeState(runner=(2, 1)")


def test_illegal_moves_are_refused_with_the_moves_there(small):
    """A move into a wall, a word that is no direction, a move after the end."""
    with pytest.raises(IllegalMoveError, match=r"'N' is not a move runner can make here; choose one of \['E', 'S'\]"):
        small.play(small.initial, "N")
    with pytest.raises(IllegalMoveError, match="not a move"):
        small.play(small.initial, "up")
    over = Maze("######/#R1..#/######")
    ended = over.play(over.initial, "E")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        over.play(ended, "W")


def test_outcomes_of_a_random_ghost_are_its_moves_equally_likely():
    """A CHANCE ghost's outcomes are its legal moves, each 1/n, adding to 1."""
    game = Maze(model="CHANCE")
    state = game.play(game.initial, "E")
    assert game.outcomes(state) == [(0.5, "N"), (0.5, "E")]
    with pytest.raises(ValueError, match="outcomes are asked for where a ghost"):
        game.outcomes(game.initial)


@pytest.mark.parametrize("text, message", [
    ("#####/#R.1 /#####", "closed by walls: row 2 has ' ' at its end"),
    ("##.##/#R.1#/#####", "row 1 must be all '#'"),
    ("#####/#R.R#/#.1.#/#####", "one runner 'R', not 2"),
    ("#####/#..1#/#####", "one runner 'R', not 0"),
    ("#####/#R.2#/#####", r"numbered 1, 2, 3 in order, each once; this one has \['2'\]"),
    ("#####/#R.1#/#..1#/#####", "numbered 1, 2, 3 in order"),
    ("#####/#R 1#/#####", "at least one dot"),
    ("#####/#R.1#/####", "as long as the first"),
    ("#####/#R.x#/#####", "row 2 of the maze has 'x'"),
    ("########/#R.1#..#/########", "row 2, column 6 cannot be reached"),
    ("#####/#R.1#/###.#/#.###/#####", "row 4, column 2 has walls on all four sides"),
    ("##/#R", "3 to 15 rows"),
])
def test_bad_mazes_are_refused_with_a_sentence(text, message):
    with pytest.raises(ValueError, match=message):
        MazeLayout.from_text(text)


def test_the_size_limit_holds_at_the_limit_and_one_past():
    """15 rows are a maze; 16 are refused."""
    inner = ["#R" + "." * (MAX_SIDE - 4) + "1#"] + ["#" + "." * (MAX_SIDE - 2) + "#"] * (MAX_SIDE - 3)
    rows = ["#" * MAX_SIDE, *inner, "#" * MAX_SIDE]
    assert len(MazeLayout.from_text("\n".join(rows)).rows) == MAX_SIDE
    with pytest.raises(ValueError, match="3 to 15 rows"):
        MazeLayout.from_text("\n".join([rows[0], *inner, inner[-1], rows[-1]]))


def test_max_rounds_limits_hold_at_the_limit_and_one_past():
    assert Maze(max_rounds=1000).initial.rounds_left == 1000
    for bad in (0, 1001):
        with pytest.raises(ValueError, match="max_rounds must be from 1 to 1,000"):
            Maze(max_rounds=bad)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"model": ("MIN",)}, ValueError, "this maze has 2 ghosts, so model needs 2 entries"),
    ({"model": "MAX"}, ValueError, "modelled as 'MIN' .adversarial. or 'CHANCE'"),
    ({"model": 3}, TypeError, "model must be 'MIN', 'CHANCE' or one of them per ghost"),
    ({"layout": "pacman"}, ValueError, "there is no maze named 'pacman'; the named mazes are"),
    ({"layout": 7}, TypeError, "layout must be a maze's name"),
])
def test_bad_options_are_refused_with_a_sentence(kwargs, error, message):
    with pytest.raises(error, match=message):
        Maze(**kwargs)


def test_check_state_refuses_positions_of_other_mazes(small):
    with pytest.raises(ValueError, match="on another maze"):
        small.check_state(Maze().initial)
    with pytest.raises(TypeError, match="a position of Maze is a MazeState"):
        small.check_state("R..1")
    with pytest.raises(ValueError, match="is not an open square"):
        small.check_state(small.initial._replace(runner=(0, 0)))


def test_every_named_maze_loads_with_one_to_three_ghosts():
    counts = {name: Maze(name).ghost_count for name in LAYOUTS}
    assert counts == {"small": 1, "default": 2, "three ghosts": 3}


# --- exact values against an independent brute force ---------------------------------

def brute_value(text: str, model: tuple[str, ...], rounds: int) -> float:
    """The exact value of the maze drawn in ``text``, with its own reading of the
    rules and a plain recursion (memoized on the whole position): shares no code
    with gametree but the rules as written in the module's docstring."""
    rows = text.split("/")
    open_ = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "#"}
    find = {ch: (r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)}
    start_ghosts = tuple(find[str(k)] for k in range(1, len(model) + 1))
    dots0 = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")

    def steps(cell):
        r, c = cell
        return [n for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if n in open_]

    @cache
    def value(runner, ghosts, dots, turn, left):
        # the points earned from here on; the points so far are added at the root
        if runner in ghosts:
            return 0.0
        if not dots or (turn == 0 and left == 0):
            return 0.0
        if turn == 0:
            best = -1e9
            for n in steps(runner):
                gain = -1
                if n in ghosts:
                    gain -= 100
                    v = gain
                else:
                    rest = dots - {n}
                    if n in dots:
                        gain += 10 + (100 if not rest else 0)
                    v = gain + value(n, ghosts, rest, 1, left - 1)
                best = max(best, v)
            return best
        values = []
        for n in steps(ghosts[turn - 1]):
            moved = ghosts[: turn - 1] + (n,) + ghosts[turn:]
            nxt = turn + 1 if turn < len(ghosts) else 0
            values.append(-100 if n == runner else value(runner, moved, dots, nxt, left))
        return min(values) if model[turn - 1] == "MIN" else sum(values) / len(values)

    return value(find["R"], start_ghosts, dots0, 0, rounds)


@pytest.mark.parametrize("model", ["MIN", "CHANCE"])
def test_the_small_maze_is_solved_exactly(model):
    """expectiminimax (with memory) of the small maze equals the brute force."""
    game = Maze("small", model=model)
    text = "/".join(game.layout.rows)
    exact = expectiminimax(game).value
    assert exact == pytest.approx(brute_value(text, (model,), game.max_rounds))
    if model == "MIN":
        assert alpha_beta(game).value == exact


def test_models_mixed_per_ghost_are_solved_exactly():
    """Ghost 1 adversarial, ghost 2 random: the values of the three models differ,
    and each equals its brute force."""
    values = {}
    for model in (("MIN", "MIN"), ("MIN", "CHANCE"), ("CHANCE", "CHANCE")):
        game = Maze(TWO_GHOSTS, model=model, max_rounds=6)
        values[model] = expectiminimax(game).value
        assert values[model] == pytest.approx(brute_value(TWO_GHOSTS, model, 6))
    assert values[("MIN", "MIN")] < values[("MIN", "CHANCE")] < values[("CHANCE", "CHANCE")]


# --- depth counted in rounds ---------------------------------------------------------

def rounds_value(game: Maze, state: MazeState, depth: int, evaluate) -> float:
    """CS188's depth-limited value, written plainly: an ended game is worth its
    score; the runner to move with no depth left, its evaluation; the runner's
    move uses up a round, the ghosts' do not."""
    if game.is_over(state):
        return game.score(state)
    if state.turn == 0 and depth == 0:
        return evaluate(state)
    below = depth - 1 if state.turn == 0 else depth
    values = [rounds_value(game, game.play(state, m), below, evaluate) for m in game.moves(state)]
    if state.turn == 0:
        return max(values)
    if game.model[state.turn - 1] is MIN:
        return min(values)
    return sum(values) / len(values)


def some_states(game: Maze, count: int, seed: int) -> list[MazeState]:
    """Positions with the runner to move, from seeded random play."""
    rng, found = random.Random(seed), list[MazeState]()
    while len(found) < count:
        state = game.random_start(rng.randrange(1000))
        for _ in range(rng.randrange(0, 12)):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.moves(state)))
        if not game.is_over(state) and state.turn == 0:
            found.append(state)
    return found


@pytest.mark.parametrize("model", [("MIN", "MIN"), ("CHANCE", "CHANCE"), ("MIN", "CHANCE")])
def test_depth_counts_rounds_as_cs188_does(model):
    """The engine's value with rounds=True equals the plain round-counting
    recursion, for every model, at depths 1 and 2."""
    from gametree.games import ChanceSolver

    game = Maze(model=model)
    for state in some_states(game, 3, seed=1):
        for depth in (1, 2):
            plain = rounds_value(game, state, depth, maze_evaluation)
            solver = ChanceSolver(game, depth=depth, evaluate=maze_evaluation, rounds=True)
            assert solver.value(state) == pytest.approx(plain)
            if CHANCE not in game.model:
                assert alpha_beta(game, state, depth=depth, evaluate=maze_evaluation,
                                  rounds=True).value == plain


def test_minimax_and_alpha_beta_agents_play_the_same_moves():
    """Pruning changes the work, never the move."""
    game = Maze()
    for state in some_states(game, 4, seed=2):
        assert minimax_agent(2)(game, state) == alpha_beta_agent(2)(game, state)


def test_agents_search_their_own_model_whatever_the_game_says():
    """The runner models the ghosts; the game it is handed may say otherwise."""
    state = some_states(Maze(), 1, seed=4)[0]
    for model in ("MIN", "CHANCE"):
        agent = search_agent(model, 2)
        assert agent(Maze(model="MIN"), state) == agent(Maze(model="CHANCE"), state)


def test_agent_depth_limits_hold_at_the_limit_and_one_past():
    assert callable(alpha_beta_agent(20))
    for bad in (0, 21):
        with pytest.raises(ValueError, match="depth must be from 1 to 20"):
            alpha_beta_agent(bad)
    with pytest.raises(TypeError, match="evaluate must be a function"):
        expectimax_agent(2, "maze")  # type: ignore[arg-type]


# --- evaluations, ghosts, matches ------------------------------------------------------

def test_the_evaluations_read_points_and_the_nearest_dot():
    """score_evaluation is the points; maze_evaluation subtracts the maze
    distance to the nearest dot (round the wall, not across it)."""
    game = Maze("######/#R#.1#/#  ..#/######")
    state = game.initial
    assert score_evaluation(state) == 0
    assert maze_evaluation(state) == 0 - 3                # down, right, right (the wall between)
    after = game.play(state, "S")
    assert score_evaluation(after) == -1 and maze_evaluation(after) == -1 - 2


def test_the_better_evaluation_scores_more_in_a_handful_of_games():
    """Far from every dot the points alone cannot steer the runner."""
    game = Maze()
    simple = run_match(game, expectimax_agent(1, score_evaluation), "random", games=4, seed=10)
    better = run_match(game, expectimax_agent(1, maze_evaluation), "random", games=4, seed=10)
    assert better.mean_score > simple.mean_score
    assert better.wins >= simple.wins


def test_chasing_ghosts_step_closer_and_random_ones_spread():
    game = Maze()
    state = game.play(game.initial, "E")
    far = state.layout.distances[state.runner]
    before = far[state.ghosts[0]]
    move = ghost_move(game, state, "chase", random.Random(0))
    assert far[game.play(state, move).ghosts[0]] == before - 1
    rng = random.Random(1)
    assert {ghost_move(game, state, "random", rng) for _ in range(40)} == {"N", "E"}
    assert ghost_move(game, state, "adversarial", rng) in game.moves(state)
    with pytest.raises(ValueError, match="a ghost moves 'random', 'chase' or 'adversarial'"):
        ghost_move(game, state, "angry", rng)


def test_play_maze_names_a_runner_that_breaks_the_rules(small):
    def into_the_wall(game, state):
        return "N"

    with pytest.raises(IllegalMoveError, match=r"the runner \(into_the_wall\) chose 'N'"):
        play_maze(small, into_the_wall)
    with pytest.raises(ValueError, match="ghosts must be one of"):
        play_maze(small, alpha_beta_agent(1), ("random", "random"))


def test_a_record_holds_every_state_and_move(small):
    record = play_maze(small, expectimax_agent(2), "random", seed=3)
    state = small.initial
    for move, after in zip(record.moves, record.states[1:], strict=True):
        state = small.play(state, move)
        assert state == after
    assert record.score == small.score(record.final) and record.outcome == small.outcome(state)


def test_matches_are_seeded_and_tallied():
    game = Maze("small")
    one = run_match(game, alpha_beta_agent(1), "random", games=5, seed=7)
    two = run_match(game, alpha_beta_agent(1), "random", games=5, seed=7)
    assert one == two and one.games == 5 and one.wins + one.caught + one.timeouts == 5
    low, high = one.win_interval
    assert low <= one.win_rate <= high
    s_low, s_high = one.score_interval
    assert s_low <= one.mean_score <= s_high
    assert f"won {one.wins} of 5" in str(one)


def test_pessimism_and_optimism_in_a_handful_of_games():
    """On the same seeded games: the pessimist (every ghost MIN) scores less among
    random ghosts than the runner whose model is right, and the optimist (every
    ghost CHANCE) is caught more often by adversarial ghosts than the pessimist."""
    pessimist, right = (run_match(Maze(), search_agent(model, 2), "random", games=3, seed=20)
                        for model in ("MIN", "CHANCE"))
    assert pessimist.mean_score < right.mean_score
    cautious, optimist = (run_match(Maze("small"), search_agent(model, 2), "adversarial",
                                    games=6, seed=20) for model in ("MIN", "CHANCE"))
    assert optimist.caught > cautious.caught


def test_wilson_interval_at_its_ends():
    """0 of n starts at 0 and n of n ends at 1; the textbook value for 8 of 10."""
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert [round(x, 3) for x in wilson_interval(8, 10)] == [0.49, 0.943]
    assert mean_interval([5]) == (5, 5)
    with pytest.raises(ValueError, match="at least one game"):
        mean_interval([])


def test_a_tally_counts_outcomes():
    tally = MatchTally("r", ("random",), (1, 2, 3), ("won", "caught", "out of rounds"))
    assert (tally.games, tally.wins, tally.caught, tally.timeouts) == (3, 1, 1, 1)
    assert tally.mean_score == 2


def test_wrong_models_cost_exactly_on_the_small_maze():
    """Exact values: each model's own column is the best any runner gets there,
    so the wrong model is worth less: the pessimist among random ghosts and,
    far more, the optimist against adversarial ones."""
    from gametree.games.maze import exact_model_values

    values = exact_model_values(Maze("small"))
    assert values[("MIN", "adversarial")] == alpha_beta(Maze("small", model="MIN")).value
    assert values[("CHANCE", "random")] == pytest.approx(
        expectiminimax(Maze("small", model="CHANCE")).value)
    assert values[("MIN", "random")] < values[("CHANCE", "random")]
    assert values[("CHANCE", "adversarial")] < values[("MIN", "adversarial")]


def test_exact_values_are_refused_past_the_limit():
    from gametree.games.maze import EXACT_LIMIT, exact_model_values

    assert len(exact_model_values(Maze("small", max_rounds=EXACT_LIMIT))) == 4
    with pytest.raises(ValueError, match="only a maze of at most 12 open squares and 12 rounds"):
        exact_model_values(Maze("small", max_rounds=EXACT_LIMIT + 1))


def test_match_sizes_hold_at_the_limits_and_past_them():
    """One game is a match; none, or more than 10,000, are refused before any is played."""
    assert run_match(Maze("small"), alpha_beta_agent(1), games=1).games == 1
    for bad in (0, 10_001):
        with pytest.raises(ValueError, match="games must be from 1 to 10,000"):
            run_match(Maze("small"), alpha_beta_agent(1), games=bad)


def test_at_most_three_ghosts():
    """Three ghosts are a maze; a fourth is refused, saying what a ghost is written as."""
    assert Maze("######/#R123#/#....#/######").ghost_count == 3
    with pytest.raises(ValueError, match="row 2 of the maze has '4'.*1 to 3 for the ghosts"):
        Maze("#######/#R1234#/#.....#/#######")
