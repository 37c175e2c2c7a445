"""Graded assignments: a grader that runs student code apart and checks it
move by move against a plain reference.

* :mod:`~gametree.grading.reference`: the reference searches (minimax,
  alpha-beta, expectimax; depth in rounds) and the classic mistakes as
  options of the same search;
* :mod:`~gametree.grading.games`: what a game test is played on, and the
  wrapper that records every ``play`` call (in the grader's process);
* :mod:`~gametree.grading.refusal`: what of the package graded code may
  use, and the sentence for the rest;
* :mod:`~gametree.grading.wire`: states, moves and answers as JSON
  between the grader and the student's process;
* :mod:`~gametree.grading.worker`: the student's process (a copy of it,
  of ``wire`` and ``refusal`` runs in the sandbox), and the proxy game
  whose every call the grader answers;
* :mod:`~gametree.grading.sandbox`: starting it under bubblewrap with
  limits, answering and counting its game calls, reading back its answers;
* :mod:`~gametree.grading.assignments`: the assignments, their public and
  seeded cases;
* :mod:`~gametree.grading.grader`: reading a submission, comparing,
  feedback that names the first divergence, the score;
* :mod:`~gametree.grading.course`: nbgrader's side (the autograder cells'
  function, regrading in a fresh process, the class report);
* :mod:`~gametree.grading.export`: nbgrader's CSV export with the reason
  for a notebook nbgrader could not grade.

This package imports nothing at import time.
"""
