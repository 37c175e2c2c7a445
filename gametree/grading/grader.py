"""The grader: read a submission, run it apart, compare it with the
reference, and say what it did wrong first.

Each answer is graded on what it returns and on the states it expanded:
every ``game.play`` call on the game the grader hands it (``moves`` and
``outcomes`` do not count) and every ``evaluate`` call.  Alpha-beta must
make exactly the reference's sequence of calls, since generating children
one at a time and cutting as soon as alpha >= beta *is* the algorithm;
minimax and expectimax the same calls in any order (a multiset).  The
feedback names the first divergence in the student's terms (the state,
the move, what the reference did instead) and, when the submission's
calls are exactly those of one classic mistake
(:data:`~gametree.grading.reference.MISTAKES`), names the mistake.

The reference runs here, in the grader's process; the student's code runs
in its own (:mod:`gametree.grading.sandbox`), which never sees an
expected answer.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..tree import Value
from .assignments import (
    ASSIGNMENTS,
    SEED_FILE_VARIABLE,
    SEED_VARIABLE,
    Assignment,
    Case,
    grading_seed,
)
from .games import (
    EVALUATIONS,
    GameSpec,
    RecordingEvaluation,
    RecordingGame,
    encode_maze,
    key,
    state_text,
)
from .reference import (
    ALPHA_BETA,
    EXPECTIMAX,
    MINIMAX,
    MISTAKES,
    Rules,
    best_move,
    search_value,
    tree_alpha_beta,
    tree_minimax,
)
from .sandbox import MEMORY_LIMITS, Limits, Session, isolation

__all__ = ["Verdict", "Report", "SubmissionError", "read_submission", "notebook_pieces", "grade", "grade_file",
           "MISTAKE_LABELS"]

RULES = {"minimax_move": MINIMAX, "alpha_beta_move": ALPHA_BETA, "expectimax_move": EXPECTIMAX}
"""The reference search of each move function."""

SUSPECTS = {
    "alpha_beta": ("strict", "swapped", "no pruning"),
    "minimax": (),
    "minimax_move": ("plies", "one agent", "non-leaf"),
    "alpha_beta_move": ("children first", "strict", "swapped", "no pruning", "plies", "one agent",
                        "non-leaf"),
    "expectimax_move": ("plies", "one agent", "non-leaf", "no averaging"),
}
"""The classic mistakes each function is checked for, most telling first."""

MISTAKE_LABELS = {name: label for name, (label, _) in MISTAKES.items()} | {
    "no averaging": "treating the ghosts as adversaries (expectimax averages over every move "
                    "of an agent other than MAX)",
    "value": "returning a value instead of a move",
    "weak evaluation": "an evaluation that wins too few games or scores too little",
}
"""Every mistake the grader names, as its feedback says it."""

DEFAULT_LIMITS = Limits()
"""5 s per test, 1 GB of memory."""

_SCORE_LINE = re.compile(r"score\s*[:=]?\s*\d+(\.\d+)?\s*/\s*\d+", re.IGNORECASE)


class SubmissionError(ValueError):
    """A submission that cannot be graded at all: a missing or unreadable
    file, or one that defines none of the assignment's functions."""


@dataclass(frozen=True)
class Verdict:
    """The grade of one case."""

    case: Case
    earned: float
    """Points earned (0 to ``case.points``)."""
    message: str
    """"passed", or the sentence saying what went wrong first."""
    mistake: str | None = None
    """The classic mistake it looks like (a key of :data:`MISTAKE_LABELS`),
    "error" when the code failed, "other" for another divergence, None when passed."""

    @property
    def line(self) -> str:
        return f"{self.case.label}: {self.earned:g}/{self.case.points:g} {self.message}"


@dataclass(frozen=True)
class Report:
    """A graded submission: notes, one verdict per case, the score."""

    assignment: str
    verdicts: tuple[Verdict, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def score(self) -> float:
        return sum(verdict.earned for verdict in self.verdicts)

    @property
    def total(self) -> float:
        return sum(verdict.case.points for verdict in self.verdicts)

    def part(self, name: str) -> tuple[float, float]:
        """(earned, most) for one function."""
        mine = [v for v in self.verdicts if v.case.part == name]
        return sum(v.earned for v in mine), sum(v.case.points for v in mine)

    def lines(self, part: str | None = None) -> list[str]:
        """The report as printed: notes, a line per case, and ``score: N/M``."""
        verdicts = [v for v in self.verdicts if part is None or v.case.part == part]
        earned, most = sum(v.earned for v in verdicts), sum(v.case.points for v in verdicts)
        return [*self.notes, *(v.line for v in verdicts), f"score: {earned:g}/{most:g}"]


# --- reading a submission ---------------------------------------------------

def _is_grader_cell(cell: dict[str, Any], source: str) -> bool:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return "gametree.grading" in source or (meta.get("grade") and not meta.get("solution"))


def _strip_magics(source: str) -> str:
    """IPython's ``%`` and ``!`` lines as blank lines (the line numbers stay)."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                     for line in source.splitlines())


def read_submission(path: str | Path) -> list[tuple[str, str]]:
    """The code of a notebook or ``.py`` file as ``(label, source)`` pieces,
    run one after the other in the student's process: a notebook's code
    cells (the grader's own cells left out), a file's top-level statements.

    Raises SubmissionError with a sentence for a missing or unreadable file.
    """
    path = Path(path)
    if path.suffix not in (".ipynb", ".py"):
        raise SubmissionError(f"{path} is neither a notebook (.ipynb) nor a Python file (.py): "
                              f"hand in the assignment's notebook or a .py file")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SubmissionError(f"{path} does not exist: check the path") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SubmissionError(f"{path} cannot be read ({error}): hand in a UTF-8 text file") from None
    if path.suffix == ".py":
        return _statements(text)
    try:
        return notebook_pieces(json.loads(text))
    except (ValueError, KeyError, TypeError, AttributeError):
        raise SubmissionError(f"{path} is not a readable notebook (its JSON has no list of cells): "
                              f"save it again from Jupyter") from None


def notebook_pieces(notebook: dict[str, Any]) -> list[tuple[str, str]]:
    """A notebook's code cells as ``(label, source)`` pieces, the grader's
    own cells (autograder tests, cells that call gametree.grading) left out."""
    pieces = []
    for number, cell in enumerate(notebook["cells"], 1):
        if cell.get("cell_type") != "code":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        if not _is_grader_cell(cell, source):
            pieces.append((f"cell {number}", _strip_magics(source)))
    return pieces


def _statements(text: str) -> list[tuple[str, str]]:
    """A file's top-level statements, each with the blank lines before it
    that keep its line numbers (or the whole file, when it does not parse:
    the student's process then reports the syntax error)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return [("the file", text)]
    lines = text.splitlines(keepends=True)
    pieces = []
    for node in tree.body:
        start = node.lineno
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.decorator_list:
            start = node.decorator_list[0].lineno
        end = node.end_lineno or node.lineno
        pieces.append((f"line {start}", "\n" * (start - 1) + "".join(lines[start - 1: end])))
    return pieces


def defined_names(pieces: Sequence[tuple[str, str]]) -> set[str]:
    """The names a submission binds at top level (functions, classes,
    assignments), read without running it."""
    names = set()
    for _, source in pieces:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(t.id for t in targets if isinstance(t, ast.Name))
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


# --- judging one case -------------------------------------------------------

def _move_text(test: dict[str, Any], move: str) -> str:
    name = test["game"]["name"]
    return f"square {move}" if name == "tictactoe" else f"move {move}"


def _play_text(test: dict[str, Any], play: tuple[str, str]) -> str:
    return f"{_move_text(test, play[1])} at {state_text(play[0])}"


def _sequence_divergence(test: dict[str, Any], mine: list, theirs: list) -> str | None:
    for number, (a, b) in enumerate(zip(mine, theirs, strict=False), 1):
        if a != b:
            return (f"play {number}: you played {_play_text(test, a)}, where the reference "
                    f"played {_play_text(test, b)}")
    if len(mine) < len(theirs):
        return (f"you stopped after {len(mine)} plays; the reference's play {len(mine) + 1} "
                f"is {_play_text(test, theirs[len(mine)])}")
    if len(mine) > len(theirs):
        return (f"play {len(theirs) + 1}: you played {_play_text(test, mine[len(theirs)])}, after "
                f"the reference had finished with {len(theirs)} plays")
    return None


def _multiset_divergence(test: dict[str, Any], mine: list, theirs: list) -> str | None:
    extra, missing = Counter(mine) - Counter(theirs), Counter(theirs) - Counter(mine)
    for play in mine:
        if extra[play]:
            return (f"you played {_play_text(test, play)}, which the reference does not "
                    f"(it plays {len(theirs)} times, you {len(mine)})")
    for play in theirs:
        if missing[play]:
            return (f"the reference plays {_play_text(test, play)}, which you did not "
                    f"(it plays {len(theirs)} times, you {len(mine)})")
    return None


def _eval_divergence(mine: list, theirs: list, expanded: set[str]) -> tuple[str, bool] | None:
    """(the first difference in evaluate calls, whether it is an evaluation
    at a state the reference searches further)."""
    extra, missing = Counter(mine) - Counter(theirs), Counter(theirs) - Counter(mine)
    for state in mine:
        if extra[state]:
            inner = state in expanded
            why = (" (the reference plays on from there: it is not a leaf of the search)"
                   if inner else "")
            return f"you called evaluate on {state_text(state)}, which the reference does not{why}", inner
    for state in theirs:
        if missing[state]:
            return f"the reference calls evaluate on {state_text(state)}, which you did not", False
    return None


def _generates_ahead(mine: list, theirs: list) -> bool:
    """Whether the first difference is a second child generated at the
    state just played from, where the reference searched the first child
    before generating the next (the mark of generating every child first)."""
    for number, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        if a != b:
            return number > 0 and a[0] == mine[number - 1][0] and b[0] != theirs[number - 1][0]
    return False


def _run_reference(test: dict[str, Any], rules: Rules) -> tuple[str, list, list]:
    spec = GameSpec(**test["game"])
    game = RecordingGame(spec.build())
    evaluate = RecordingEvaluation(game._game, test["evaluate"])
    move = best_move(game, spec.state(test["state"]), test["depth"], evaluate, rules)
    return key(move), game.plays, evaluate.calls


def _mistaken_rules(part: str, name: str) -> Rules:
    if name == "no averaging":
        return MINIMAX
    return MISTAKES[name][1](RULES.get(part, ALPHA_BETA))


def judge_game(case: Case, result: dict[str, Any]) -> Verdict:
    """The verdict on one game case from what the student's code did."""
    test, part = case.test, case.part
    exact = part == "alpha_beta_move"
    move, plays, evals = _run_reference(test, RULES[part])
    mine = [tuple(play) for play in result.get("plays", [])]
    my_evals = list(result.get("evals", []))
    answer = result["answer"]
    expanded_right = _same_search((mine, my_evals), (plays, evals), exact)
    if expanded_right and answer["key"] == move:
        return Verdict(case, case.points, "passed")
    reference = f"the reference's move is {_move_text(test, move)}"
    if expanded_right:
        divergence, mistake, inner = *_return_divergence(test, part, answer["key"], reference), False
    else:
        divergence, inner = _expansion_divergence(test, exact, (mine, my_evals), (plays, evals))
        mistake = _suspect(test, part, (mine, my_evals), exact)
    if mistake is None and exact and _generates_ahead(mine, plays):
        mistake = "children first"
    if mistake is None and answer["key"] != move:
        returned = _value_returned(test, part, answer, reference)
        if returned is not None:
            mistake, divergence = "value", returned
    if mistake is None and inner:
        mistake = "non-leaf"
    message = divergence + "."
    if mistake is not None:
        message += f" This looks like {MISTAKE_LABELS[mistake]}."
    return Verdict(case, 0.0, message, mistake or "other")


def _return_divergence(test: dict[str, Any], part: str, returned: str,
                       reference: str) -> tuple[str, str | None]:
    """For a search that did the reference's work but returned another
    move: that in a sentence, and "no averaging" if the move is minimax's
    where expectimax's was asked."""
    divergence = (f"you expanded the same states as the reference but returned "
                  f"{returned}; {reference} (the first best in game.moves order)")
    if part == "expectimax_move" and returned == _run_reference(test, MINIMAX)[0]:
        return divergence, "no averaging"
    return divergence, None


def _same_search(mine: tuple[list, list], theirs: tuple[list, list], exact: bool) -> bool:
    """Whether two searches, each (states played, states evaluated), did the
    same work: the plays in the same order when ``exact``, else the same
    plays in any order, and the same evaluations in any order."""
    (my_plays, my_evals), (plays, evals) = mine, theirs
    same_plays = my_plays == plays if exact else Counter(my_plays) == Counter(plays)
    return same_plays and Counter(my_evals) == Counter(evals)


def _expansion_divergence(test: dict[str, Any], exact: bool, mine: tuple[list, list],
                          theirs: tuple[list, list]) -> tuple[str, bool]:
    """The first place the student's search did other work than the
    reference's, in a sentence, and whether it is an evaluation of a state
    that is no leaf of the search."""
    (my_plays, my_evals), (plays, evals) = mine, theirs
    divergence = (_sequence_divergence if exact else _multiset_divergence)(test, my_plays, plays)
    if divergence is not None:
        return divergence, False
    found = _eval_divergence(my_evals, evals, {state for state, _ in plays})
    assert found is not None   # the plays or the evaluations differ
    return found


def _suspect(test: dict[str, Any], part: str, mine: tuple[list, list], exact: bool) -> str | None:
    """The first classic mistake of ``part`` whose search does exactly the
    student's work, if any."""
    for name in SUSPECTS[part]:
        _, their_plays, their_evals = _run_reference(test, _mistaken_rules(part, name))
        if _same_search(mine, (their_plays, their_evals), exact):
            return name
    return None


def _value_returned(test: dict[str, Any], part: str, answer: dict[str, Any],
                    reference: str) -> str | None:
    """The sentence for a search that returned the root's value (or some
    other number that is no move) instead of a move, or None if it did not."""
    spec = GameSpec(**test["game"])
    game, root = spec.build(), spec.state(test["state"])
    evaluation = EVALUATIONS[test["evaluate"]]
    value = search_value(game, root, test["depth"], lambda state: evaluation(game, state),
                         RULES[part])
    legal = {key(m) for m in game.moves(root)}
    if (answer["key"] not in legal and answer["type"] in ("int", "float")) or \
            answer["key"] == repr(value):
        return (f"you returned {answer['key']}, not a move of {state_text(key(root))}; "
                f"{reference} (its value is {value:g})")
    return None


def _number(value: Any) -> bool:
    return type(value) in (int, float)


def judge_tree(case: Case, result: dict[str, Any]) -> Verdict:
    """The verdict on one tree case (``[value, evaluated]`` or a value)."""
    leaves, branching = case.test["leaves"], case.test["branching"]
    answer = result["answer"]
    shown = answer["repr"] if isinstance(answer, dict) else repr(answer)
    if case.part == "minimax":
        right = tree_minimax(leaves, branching)
        if answer == right and _number(answer):
            return Verdict(case, case.points, "passed")
        if not _number(answer):
            return Verdict(case, 0.0, f"returned {shown}; minimax returns the root's value alone, "
                                      f"a number (here {right}).", "other")
        return Verdict(case, 0.0, f"returned {shown}; the root's minimax value is {right}.", "other")
    pair = tree_alpha_beta(leaves, branching)
    if not (isinstance(answer, list) and len(answer) == 2 and all(map(_number, answer))):
        return Verdict(case, 0.0, f"returned {shown}; alpha_beta returns [value, evaluated], a list "
                                  f"of two numbers (here {pair}).", "other")
    if answer == pair:
        return Verdict(case, case.points, "passed")
    what = (f"returned {answer}; the reference returns {pair}"
            + ("" if answer[0] == pair[0] else " (the value itself is wrong)"))
    for name in SUSPECTS["alpha_beta"]:
        if tree_alpha_beta(leaves, branching, _mistaken_rules("alpha_beta", name)) == answer:
            if name == "strict":
                return Verdict(case, case.points / 2,
                               f"{what}. This is the strict rule (cut only when alpha > beta); "
                               f"notebook 02's rule prunes as soon as alpha >= beta, ties included: "
                               f"half marks.", name)
            return Verdict(case, 0.0, f"{what}. This looks like {MISTAKE_LABELS[name]}.", name)
    return Verdict(case, 0.0, what + ".", "other")


def judge(case: Case, result: dict[str, Any]) -> Verdict:
    """The verdict on one case from the student's process's result."""
    if not result.get("ok"):
        error = str(result.get("error", "your code failed")).rstrip(".")
        return Verdict(case, 0.0, f"failed: {error}.", "error")
    printed = result.get("printed", "")
    fake = _SCORE_LINE.search(printed)
    if fake:
        return Verdict(case, 0.0, f"failed: your code printed {fake.group(0)!r}, which looks like "
                                  f"the grader's score; only the grader prints scores.", "error")
    return (judge_tree if case.test["kind"] == "tree" else judge_game)(case, result)


# --- an evaluation function, by the games it wins -----------------------------

def _runner_moves(session: Session, layout: str, game: Any, states: list[Any]
                  ) -> tuple[list[Any], str | None]:
    """The moves of a depth-1 expectimax runner (the reference search) whose
    evaluation is the student's, in each of ``states`` (one per game still
    going): every state of the round ahead of every game goes to the
    student's process in one batch.  Or no moves and a sentence."""
    frontier: dict[Any, None] = {}

    def collect(s: Any) -> Value:
        frontier[s] = None
        return 0

    played = _Memo(game)       # the second search replays the first's moves from memory
    for state in states:
        best_move(played, state, 1, collect, EXPECTIMAX)
    result = session.ask({"kind": "evaluate", "function": "evaluate", "layout": layout,
                          "states": [encode_maze(s) for s in frontier]})
    if not result.get("ok"):
        return [], str(result.get("error", "your code failed")).rstrip(".")
    values = dict(zip(frontier, result["answer"], strict=True))
    bad = next((s for s, v in values.items() if not _number(v)), None)
    if bad is not None:
        shown = values[bad]["repr"] if isinstance(values[bad], dict) else repr(values[bad])
        return [], f"evaluate returned {shown} at {state_text(key(bad))}: it must return a number"
    return [best_move(played, state, 1, values.__getitem__, EXPECTIMAX) for state in states], None


class _Memo:
    """``game`` with ``play`` remembered (``moves``, ``is_over`` and the rest as they are)."""

    def __init__(self, game: Any):
        self._game = game
        self._children: dict[tuple[Any, Any], Any] = {}

    def play(self, state: Any, move: Any) -> Any:
        child = self._children.get((state, move))
        if child is None:
            child = self._children[state, move] = self._game.play(state, move)
        return child

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def judge_matches(case: Case, session: Session) -> Verdict:
    """Play the case's seeded games with the student's evaluation (all games
    a move at a time, so one batch of evaluations serves them all); half
    the points for the win rate, half for the mean score, against the
    thresholds the notebook states."""
    from ..games.maze import Maze, ghost_move

    test = case.test
    game = Maze(test["layout"])
    seeds = [test["seed"] + number for number in range(test["games"])]
    rngs = [random.Random(seed) for seed in seeds]
    states = [game.random_start(seed) for seed in seeds]
    while True:
        for number, rng in enumerate(rngs):        # the ghosts move until the runner is to move
            states[number] = _ghosts_moved(game, states[number], rng, ghost_move)
        going = [number for number, state in enumerate(states) if not game.is_over(state)]
        if not going:
            break
        moves, error = _runner_moves(session, test["layout"], game, [states[n] for n in going])
        if error is not None:
            return Verdict(case, 0.0, f"failed: {error}.", "error")
        for number, move in zip(going, moves, strict=True):
            states[number] = game.play(states[number], move)
    return _match_verdict(case, game, states)


def _ghosts_moved(game: Any, state: Any, rng: random.Random, ghost_move: Callable) -> Any:
    """``state`` after the random ghosts' moves, up to the runner's turn or the end."""
    while not game.is_over(state) and state.turn != 0:
        state = game.play(state, ghost_move(game, state, "random", rng))
    return state


def _match_verdict(case: Case, game: Any, states: list[Any]) -> Verdict:
    """Half the points for the win rate of the finished games ``states``,
    half for their mean score, against the case's thresholds."""
    test = case.test
    scores = [game.score(state) for state in states]
    wins = sum(game.outcome(state) == "won" for state in states)
    rate, mean = wins / test["games"], sum(scores) / len(scores)
    earned = case.points / 2 * ((rate >= test["win_rate"]) + (mean >= test["mean_score"]))
    message = (f"won {wins} of {test['games']} games ({rate:.0%}) with a mean score of {mean:.1f}; "
               f"the thresholds are a win rate of {test['win_rate']:.0%} and a mean score of "
               f"{test['mean_score']:g} (half the points each)")
    return Verdict(case, earned, "passed: " + message if earned == case.points else message + ".",
                   None if earned == case.points else "weak evaluation")


# --- grading a submission ---------------------------------------------------

def grade(assignment: str, pieces: Sequence[tuple[str, str]], *, seed: int | str | None = None,
          use_environment: bool = True, limits: Limits = DEFAULT_LIMITS,
          parts: Sequence[str] | None = None, require_sandbox: bool = False) -> Report:
    """Grade a submission (its ``(label, source)`` pieces) on ``assignment``.

    ``seed`` is the teacher's grading seed; when None and
    ``use_environment``, it is read by
    :func:`~gametree.grading.assignments.grading_seed`.  ``parts`` grades
    only those functions.  A piece with a syntax error does not run, and a
    note says where the error is and what Python says.  Raises ValueError
    for an unknown assignment, SubmissionError when the submission parses
    and defines none of its functions, and
    :class:`~gametree.grading.sandbox.SandboxUnavailable` when
    ``require_sandbox`` and bubblewrap cannot run here.
    """
    task = _assignment(assignment)
    runnable, syntax = syntax_errors(pieces)
    names = defined_names(runnable)
    if not names & set(task.functions) and not syntax:
        raise SubmissionError(f"the submission defines none of {', '.join(task.functions)}: write "
                              f"them as top-level functions with these names")
    if seed is None and use_environment:
        seed = grading_seed()
    cases = [c for c in task.cases(seed) if parts is None or c.part in parts]
    with Session(runnable, task.functions, limits, len(cases),
                 require_sandbox=require_sandbox) as session:
        verdicts = tuple(judge_matches(case, session) if case.test["kind"] == "match"
                         else judge(case, session.ask(case.test)) for case in cases)
        load_notes, stopped = session.notes, session.stopped
    if syntax or stopped:
        verdicts = tuple(_blame(verdict, [*syntax, *stopped][0]) for verdict in verdicts)
    notes = _notes(task, cases, seed, limits, [*syntax, *load_notes])
    return Report(task.name, verdicts, tuple(notes))


def syntax_errors(pieces: Sequence[tuple[str, str]]) -> tuple[list[tuple[str, str]], list[str]]:
    """The pieces that parse, and a sentence for each that does not: where
    (the file or the cell, the line) and what Python says.  Parsing runs
    nothing of the submission.

    >>> syntax_errors([("cell 1", "x = 1"), ("cell 2", "\\nprint((1)")])[1]
    ["cell 2 has a syntax error at line 2 ('(' was never closed), so it did not run; the rest did"]
    """
    runnable, notes = [], []
    for label, source in pieces:
        try:
            ast.parse(source, f"<submission {label}>")
        except SyntaxError as error:
            what = error.msg or "invalid syntax"
            rest = ("so none of it ran" if label == "the file"
                    else "so it did not run; the rest did")
            notes.append(f"{label} has a syntax error at line {error.lineno} ({what}), {rest}")
            continue
        except (ValueError, RecursionError, MemoryError) as error:
            notes.append(f"{label} cannot be read as Python ({type(error).__name__}), so it did "
                         f"not run")
            continue
        runnable.append((label, source))
    return runnable, notes


def _blame(verdict: Verdict, note: str) -> Verdict:
    """A failure for a function that is not defined names the reason: a
    syntax error, or the piece of code where loading stopped."""
    if verdict.mistake == "error" and "defines no function" in verdict.message:
        message = verdict.message.rstrip(".") + f", since {note.split(', so ')[0]}."
        return Verdict(verdict.case, verdict.earned, message, verdict.mistake)
    return verdict


def _assignment(name: str) -> Assignment:
    if name not in ASSIGNMENTS:
        raise ValueError(f"unknown assignment {name!r}: choose one of {', '.join(ASSIGNMENTS)}")
    return ASSIGNMENTS[name]


def _notes(task: Assignment, cases: list[Case], seed: object, limits: Limits,
           load_errors: list[str]) -> list[str]:
    public = len([c for c in task.public() if c in cases])
    if seed is None:
        source = (f"cases: the {len(cases)} public cases only (no grading seed: the teacher sets "
                  f"{SEED_VARIABLE} or {SEED_FILE_VARIABLE}, and the grade draws more cases)")
    else:
        source = f"cases: {public} public and {len(cases) - public} drawn from the grading seed"
    memory = (f"{limits.memory_mb:,} MB of memory" if MEMORY_LIMITS
              else "memory is not limited on this system (only on Linux); the time limit applies")
    where = ("in a bubblewrap sandbox" if isolation().sandboxed
             else "without a sandbox (bubblewrap cannot run here)")
    notes = [source, f"limits: {limits.seconds:g} s per test, {memory}, {where}"]
    notes += [f"note: {error}" for error in load_errors]
    return notes


def grade_file(assignment: str, path: str | Path, **options: Any) -> Report:
    """:func:`grade` on a notebook or ``.py`` file."""
    _assignment(assignment)
    return grade(assignment, read_submission(path), **options)
