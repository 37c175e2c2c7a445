"""Graded assignments: a grader that runs student code apart and checks it
move by move against a plain reference.

* :mod:`~gametree.grading.reference`: the reference searches (minimax,
  alpha-beta, expectimax; depth in rounds) and the classic mistakes as
  options of the same search;
* :mod:`~gametree.grading.games`: what a game test is played on, and the
  wrapper that records every ``play`` call;
* :mod:`~gametree.grading.worker`: the student's process;
* :mod:`~gametree.grading.sandbox`: starting it with limits, sending it
  test inputs, reading back what the code did;
* :mod:`~gametree.grading.assignments`: the assignments, their public and
  seeded cases;
* :mod:`~gametree.grading.grader`: reading a submission, comparing,
  feedback that names the first divergence, the score;
* :mod:`~gametree.grading.course`: nbgrader's side (the autograder cells'
  function, regrading in a fresh process, the class report).

This package imports nothing at import time, so the student's process can
load its worker without loading the reference.
"""
