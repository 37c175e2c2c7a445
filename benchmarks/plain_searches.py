"""Plain searches that the speed targets of the open issues are measured against.

(A copy of ``../shared/baselines/plain_searches.py``, the reviewers' baselines, so
that the benchmarks here measure against them from any clone; only the timing loop
at the bottom is reformatted for the linter.)

Each is the straightforward version a careful programmer writes in an afternoon:
no tables, no tricks, children in the natural order. A benchmark in benchmarks/
that prints "N x straightforward" should use a baseline at least as fast as these
(run this file to time them here). Same nodes as gametree's searches, so a ratio
is a per-node cost.

    python ../shared/baselines/plain_searches.py
"""
import math
import time

INF = math.inf


def alpha_beta(leaves, branching):
    """[value, evaluated] on a complete tree given by its leaves (cut as soon as alpha >= beta)."""
    n, depth, size = len(leaves), 0, 1
    while size < n:
        size *= branching
        depth += 1
    count = 0

    def search(level, index, alpha, beta):
        nonlocal count
        if level == depth:
            count += 1
            return leaves[index]
        maximizing = level % 2 == 0
        best = -INF if maximizing else INF
        for k in range(branching):
            value = search(level + 1, index * branching + k, alpha, beta)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return [search(0, 0, -INF, INF), count]


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def _winner(board):
    for a, b, c in LINES:
        if board[a] != 0 and board[a] == board[b] == board[c]:
            return board[a]
    return 0


def tictactoe(board=(0,) * 9, player=1, alpha=-INF, beta=INF):
    """Alpha-beta value of a tic-tac-toe board (a 9-tuple of 1, -1, 0; X = 1 moves first),
    squares tried 0..8: 18,297 nodes from the empty board, as gametree.games.alpha_beta."""
    w = _winner(board)
    if w or 0 not in board:
        return w
    best = -INF if player == 1 else INF
    for i in range(9):
        if board[i] == 0:
            v = tictactoe(board[:i] + (player,) + board[i + 1:], -player, alpha, beta)
            if player == 1:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
    return best


HOUSES = 6


def _sow(pits, me, house):
    """Kalah (houses 0-5 and store 6 for the first player, 7-12 and store 13 for the
    second; capture on an empty own house opposite a non-empty one; extra turn in
    one's store; the game ends when a side is empty and the rest goes to its owner)."""
    p, n = list(pits), HOUSES
    start = house if me == 0 else n + 1 + house
    mine, theirs = (n, 2 * n + 1) if me == 0 else (2 * n + 1, n)
    seeds, p[start], i = p[start], 0, start
    while seeds:
        i = (i + 1) % (2 * n + 2)
        if i == theirs:
            continue
        p[i] += 1
        seeds -= 1
    nxt = 1 - me
    if i == mine:
        nxt = me
    elif p[i] == 1 and ((me == 0 and i < n) or (me == 1 and n < i < 2 * n + 1)) and p[2 * n - i] > 0:
        p[mine] += p[i] + p[2 * n - i]
        p[i] = p[2 * n - i] = 0
    if not any(p[:n]) or not any(p[n + 1:2 * n + 1]):
        p[n] += sum(p[:n])
        p[2 * n + 1] += sum(p[n + 1:2 * n + 1])
        for k in list(range(n)) + list(range(n + 1, 2 * n + 1)):
            p[k] = 0
    return tuple(p), nxt


def kalah(pits, me=0, depth=9, alpha=-INF, beta=INF):
    """Depth-limited alpha-beta on Kalah(6, 4) with the store difference as evaluation,
    houses in order, an extra turn as another move of the same player (depth counts moves)."""
    n = HOUSES
    over = not any(pits[:n]) or not any(pits[n + 1:2 * n + 1])
    if over:
        return (pits[n] + sum(pits[:n])) - (pits[2 * n + 1] + sum(pits[n + 1:2 * n + 1]))
    if depth == 0:
        return pits[n] - pits[2 * n + 1]
    houses = range(n) if me == 0 else range(n + 1, 2 * n + 1)
    best = -INF if me == 0 else INF
    for h, pit in enumerate(houses):
        if pits[pit] == 0:
            continue
        q, nxt = _sow(pits, me, h)
        v = kalah(q, nxt, depth - 1, alpha, beta)
        if me == 0:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best


if __name__ == "__main__":
    import random
    r = random.Random(1)
    leaves = [r.randint(-1000, 1000) for _ in range(3 ** 8)]
    for name, f in (("alpha_beta 3^8", lambda: alpha_beta(leaves, 3)),
                    ("tic-tac-toe from empty", tictactoe),
                    ("Kalah(6,4) depth 9", lambda: kalah((4,) * 6 + (0,) + (4,) * 6 + (0,)))):
        best = INF
        for _ in range(5):
            t = time.perf_counter()
            v = f()
            best = min(best, time.perf_counter() - t)
        print(f"{name}: {v} in {best * 1000:.1f} ms (fastest of 5)")
