"""Shared fixtures: the statement's examples and textbook trees."""

import pytest

import gametree


@pytest.fixture
def fig52():
    """AIMA's Figure 5.2 / the statement's first example: value 3, 7 of 9 leaves."""
    return [3, 12, 8, 2, 4, 6, 14, 5, 2], 3


@pytest.fixture
def fig52_trace(fig52):
    return gametree.trace_alpha_beta(*fig52)
