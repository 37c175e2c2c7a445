"""Play Kalah against a depth-limited alpha-beta search, on a board of ipywidgets buttons.

>>> board = KalahBoard(depth=2)
>>> board.houses[2].click()          # you sow S2: the last seed lands in your store ...
>>> board.status_text
'You sowed S2: the last seed fell in your store, so you move again.'
>>> board.houses[5].click()          # ... and then S5; the computer answers at once
>>> board.status_text
'You sowed S5. The computer sowed N1 (its last seed fell in its store, so it moved again), then N0. Highlighted: N1 and N0, the houses it sowed. Your move.'
>>> print(board.pv_text)
The computer searched 2 moves ahead with kalah_evaluation:
N1: value +2 from South's (MAX's) side; principal variation N1 N0
N0: value +1 from South's (MAX's) side; principal variation N0 S3

You play South (MAX, the bottom row) when you move first, North (MIN,
the top row) when the computer does.  Every house is labelled with its
name, S0 to S5 under South's row and N0 to N5 over North's (N5 on the
left: sowing goes counter-clockwise), and each store with its owner, so
that the names in the messages can be found on the board.  Houses you
cannot sow (the opponent's, empty ones, all of them once the game is
over) are disabled, and a click that gets through anyway is refused with
a message in the status line.  The houses the computer sowed on its last
turn are highlighted, and the status line names them.  After every move
the computer shows, for each search it made, the move, the value it
expects (from MAX's side: South's store minus North's) and its principal
variation.  The search (:func:`gametree.games.iterative_deepening`)
knows nothing of this module.

The computer deepens its search up to the depth on the slider, but stops
before a search would visit more than :data:`NODE_BUDGET` positions and
plays the move of the deepest search it finished, so that a move takes
about a second at most on any board (up to 12 houses of 100 seeds); the
report then says how deep it got.

CSS classes, for styling and for browser tests: the board
``gametree-kalah``; each house ``gametree-house`` and ``gametree-house-<i>``
where i is the pit number (South's houses 0 to n-1, North's n+1 to 2n);
each store ``gametree-kalah-store`` and ``gametree-kalah-store-<i>`` (i = n
for South's, 2n+1 for North's); the labels of houses and stores
``gametree-kalah-label``; the status line ``gametree-kalah-status``;
the search report ``gametree-kalah-pv``; the depth slider
``gametree-kalah-depth``; the "New game" button ``gametree-kalah-new-game``;
the choice of who starts ``gametree-kalah-starts``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..games.base import Evaluation, check_whole
from ..games.depth import DepthResult, iterative_deepening, label_line
from ..games.kalah import House, Kalah, KalahState, kalah_evaluation
from ..i18n import check_language, get_language, ngettext, using
from ..i18n import gettext as _
from ..text import fmt, join_names
from ..tree import MAX, Player
from ..view.theme import Theme, theme_of
from .controls import COMPUTER, StatusLine, game_controls, speaking

__all__ = ["KalahBoard", "MAX_DEPTH", "NODE_BUDGET"]

MAX_DEPTH = 10
"""Deepest search the slider offers."""
NODE_BUDGET = 150_000
"""Most positions one search of the computer may visit, all its iterations
together: about a second on a 12-house board, much less on the standard
one (depth 10 on Kalah(6, 4) takes some 30,000)."""

HOUSE = 52
"""Width and height of a house button, in pixels (plus a margin of 2 on each side)."""
STORE = 80
"""Width of a store's column, in pixels: its label and the box of its seeds."""

def _side(player: Player) -> str:
    return _("South") if player is MAX else _("North")


def _row(player: Player) -> str:
    """Where a side's houses are on the board: MAX's along the bottom."""
    return _("bottom") if player is MAX else _("top")


class KalahBoard(widgets.VBox):
    """Kalah against the computer: two rows of house buttons and two stores.

    Parameters
    ----------
    houses, seeds : int
        The board: ``Kalah(houses, seeds)``; 6 and 4 by default.
    depth : int
        How many moves ahead the computer searches, 1 to :data:`MAX_DEPTH`
        (a slider on the board changes it between moves).
    computer_starts : bool
        Whether the computer makes the first move (changeable on the board;
        changing it starts a new game).
    evaluate : callable
        The computer's evaluation function; :func:`kalah_evaluation` by default.
    start : str or KalahState, optional
        The position each game starts from, e.g. ``"0 3 1 / 5 2 / 1 0 4"``
        for a puzzle (MAX to move; pass a KalahState for MIN to move);
        ``houses`` and ``seeds`` are then ignored.
    theme : optional
        The board's colours (see :func:`gametree.view.theme.theme_of`):
        the stores' border is its ``"pit border"``; None: the default.
    lang : str, optional
        The language of its buttons and messages (``"en"``, ``"da"``,
        ``"hi"``, ``"ko"``); by default the language in force when it is
        made.

    Attributes
    ----------
    theme : Theme
        The board's colours.
    houses : tuple of ipywidgets.Button
        ``houses[i]`` is the button of pit i: South's houses are 0 to n-1
        and North's n+1 to 2n (``houses[n]`` is None: that pit is South's
        store).  ``houses[i].click()`` sows it.
    stores : dict
        The two store labels, by player (``stores[MAX]`` is South's).
    status : ipywidgets.HTML
        What happened, whose move it is, who won, or why a click was refused
        (HTML, so that long lines wrap; ``status_text`` is the same as plain text).
    pv : ipywidgets.HTML
        The computer's searches on its last turn: move, value and principal
        variation of each (``pv_text`` is the same as plain text).
    depth : ipywidgets.IntSlider
        The computer's search depth.
    starts : ipywidgets.ToggleButtons
        Who makes the first move: ``"you"`` or ``"computer"``.
    new_game_button : ipywidgets.Button
        Starts again from the start position.
    state : KalahState
        The position on the board.
    human, computer : Player
        The sides of you and of the computer (MAX is South).
    searches : list of DepthResult
        The computer's searches on its last turn, in order (empty while
        you move again after an extra turn).
    """

    def __init__(self, houses: int = 6, seeds: int = 4, *, depth: int = 4, computer_starts: bool = False,
                 evaluate: Evaluation[KalahState] = kalah_evaluation,
                 start: str | KalahState | None = None, theme: object = None,
                 lang: str | None = None):
        self.lang = get_language() if lang is None else check_language(lang)
        with using(self.lang):  # its buttons and messages in the widget's language
            self._make(houses, seeds, depth, computer_starts, evaluate, start, theme)

    def _make(self, houses, seeds, depth, computer_starts, evaluate, start, theme) -> None:
        self.theme: Theme = theme_of(theme)
        if not isinstance(computer_starts, bool):
            raise TypeError(f"computer_starts must be True or False, not {computer_starts!r}")
        check_whole("depth", depth, 1, MAX_DEPTH)
        if not callable(evaluate):
            raise TypeError(f"evaluate must be a function from a position to a number, such as "
                            f"kalah_evaluation, not {evaluate!r}")
        if start is None:
            self.game = Kalah(houses, seeds)
            position = self.game.initial
        else:
            if isinstance(start, str):
                position = KalahState.from_text(start)
            elif isinstance(start, KalahState):
                position = start
            else:
                raise TypeError(f"start must be a board such as '0 3 1 / 5 2 / 1 0 4', not {type(start).__name__}")
            self.game = Kalah(position.n)  # the rules of a board that size; the seeds are start's
            if self.game.is_over(position):
                raise ValueError(f"the start position is already finished:\n{position}")
        self.evaluate = evaluate
        """The computer's evaluation function."""
        self.start = position
        """The position each game starts from."""
        self.state = position
        self.human = self.computer = MAX
        self.searches: list[DepthResult[House]] = []
        self._lines: list[tuple[str, ...]] = []   # each search's PV as move labels
        self._sown: list[int] = []                # pits the computer sowed on its last turn, in order
        n = self.game.houses

        self.houses = tuple(None if i in (n, 2 * n + 1) else self._house(i) for i in range(2 * n + 1))
        self.stores = {MAX: self._store(n), Player.MIN: self._store(2 * n + 1)}
        north_pits, south_pits = range(2 * n, n, -1), range(n)
        middle = widgets.VBox([
            self._labels(north_pits),
            widgets.HBox([self.houses[i] for i in north_pits]),
            widgets.HBox([self.houses[i] for i in south_pits]),
            self._labels(south_pits),
        ])
        rows = widgets.HBox([self._store_column(Player.MIN), middle, self._store_column(MAX)],
                            layout=widgets.Layout(align_items="center", width="max-content"))
        self.status = StatusLine("gametree-kalah-status")
        self.pv = widgets.HTML()
        self.pv.add_class("gametree-kalah-pv")
        self.pv_text = ""
        """The computer's last searches as plain text (what ``pv`` shows)."""
        self.depth = widgets.IntSlider(value=depth, min=1, max=MAX_DEPTH, description=_("Depth:"),
                                       continuous_update=False)
        self.depth.add_class("gametree-kalah-depth")
        self.starts, self.new_game_button, controls = game_controls(
            computer_starts=computer_starts, on_new_game=self.new_game, prefix="gametree-kalah")
        super().__init__([rows, self.status, self.pv, controls, self.depth])
        self.add_class("gametree-kalah")
        self.new_game()

    def _name(self, pit: int) -> str:
        """The name of house ``pit`` in the messages: S0 .. S(n-1), N0 .. N(n-1)."""
        n = self.game.houses
        return f"S{pit}" if pit < n else f"N{pit - n - 1}"

    def _labels(self, pits: range) -> widgets.HBox:
        """A row of house names, one over (or under) each house of ``pits``."""
        labels = []
        for pit in pits:
            label = widgets.Label(self._name(pit), layout=widgets.Layout(
                width=f"{HOUSE}px", margin="0 2px", justify_content="center"))
            label.add_class("gametree-kalah-label")
            labels.append(label)
        return widgets.HBox(labels)

    def _store_column(self, player: Player) -> widgets.VBox:
        """A store's box of seeds, with its owner's name over it."""
        caption = widgets.Label(f"{_side(player)} store", layout=widgets.Layout(justify_content="center"))
        caption.add_class("gametree-kalah-label")
        return widgets.VBox([caption, self.stores[player]], layout=widgets.Layout(
            width=f"{STORE}px", align_items="center"))

    def _house(self, pit: int) -> widgets.Button:
        label = self._name(pit)
        button = widgets.Button(description="", tooltip=_("house {label}").format(label=label),
                                layout=widgets.Layout(width=f"{HOUSE}px", height=f"{HOUSE}px", margin="2px"))
        button.style.font_size = "20px"
        button.style.font_weight = "bold"
        button.add_class("gametree-house")
        button.add_class(f"gametree-house-{pit}")
        n = self.game.houses
        house = pit if pit < n else pit - n - 1
        button.on_click(lambda _, pit=pit, house=house: self._clicked(pit, house))
        return button

    def _store(self, pit: int) -> widgets.Label:
        label = widgets.Label(layout=widgets.Layout(width=f"{HOUSE + 4}px", height=f"{2 * HOUSE + 4}px",
                                                    border=f"2px solid {self.theme.css('pit border')}",
                                                    justify_content="center", align_items="center"))
        label.style.font_size = "22px"
        label.add_class("gametree-kalah-store")
        label.add_class(f"gametree-kalah-store-{pit}")
        return label

    # --- playing ------------------------------------------------------------------

    @speaking
    def new_game(self) -> None:
        """Back to the start position; the computer moves first if it starts."""
        self.state = self.start
        self.searches, self._lines, self._sown = [], [], []
        mover = self.start.player
        if self.starts.value == COMPUTER:
            self.computer, self.human = mover, mover.other
            try:
                moves = self._computer_turn()
            except (TypeError, ValueError) as error:   # a broken evaluation function, say
                self._show(_("The computer cannot move: {error}").format(error=error))
                return
            then = self._result() if self.game.is_over(self.state) else self._your_side(
                _("You play {side} (the {row} row): your move."))
            message = _("The computer plays {side} and sowed {moves}. {highlighted} {then}").format(
                side=_side(self.computer), moves=self._list(moves), highlighted=self._highlighted(),
                then=then)
        else:
            self.human, self.computer = mover, mover.other
            message = self._your_side(_("You play {side} (the {row} row) and move first: click one "
                                        "of your houses."))
        self._show(message)

    def _your_side(self, message: str) -> str:
        """``message`` with your side and your row filled in."""
        return message.format(side=_side(self.human), row=_row(self.human))

    @speaking
    def _clicked(self, pit: int, house: House) -> None:
        owner = MAX if pit < self.game.houses else Player.MIN
        if owner is not self.human and not self.game.is_over(self.state):
            self._say(_("That house is the computer's; click one of yours, in the {row} row.").format(
                row=_row(self.human)))
            return
        self.play(house)

    @speaking
    def play(self, house: House) -> None:
        """Your move: sow your house number ``house`` (0 to n-1, in the
        direction of sowing), then the computer's answer.

        An illegal move changes nothing; the status line says why.
        """
        n = self.game.houses
        prefix = "S" if self.human is MAX else "N"
        if self.game.is_over(self.state):
            self._say(_("The game is over; press New game to play again."))
            return
        if isinstance(house, bool) or not isinstance(house, int) or not 0 <= house < n:
            self._say(_("There is no house {house}; your houses are numbered 0 to {last}.").format(
                house=repr(house), last=n - 1))
            return
        if self.state.houses(self.human)[house] == 0:
            self._say(_("House {house} is empty; click a house with seeds.").format(
                house=f"{prefix}{house}"))
            return
        before = self.state
        self.state = self.game.play(self.state, house)
        said = _("You sowed {house}").format(house=f"{prefix}{house}")
        if self.game.is_over(self.state):
            self._show(f"{said}. {self._result()}")
            return
        if self.game.to_move(self.state) is self.human:
            self.searches, self._lines, self._sown = [], [], []
            self._show(_("{said}: the last seed fell in your store, so you move again.").format(said=said))
            return
        captured = self.state.store(self.human) - before.store(self.human)
        if captured > 1:
            said = _("You sowed {house} and captured {count} seeds").format(house=f"{prefix}{house}",
                                                                            count=captured)
        try:
            moves = self._computer_turn()
        except (TypeError, ValueError) as error:   # a broken evaluation function, say
            self._show(_("{said}. The computer cannot answer: {error}").format(said=said, error=error))
            return
        after = self._result() if self.game.is_over(self.state) else _("Your move.")
        self._show(_("{said}. The computer sowed {moves}. {highlighted} {then}").format(
            said=said, moves=self._list(moves), highlighted=self._highlighted(), then=after))

    def _computer_turn(self) -> list[str]:
        """The computer moves until it is your turn or the game is over;
        returns the labels of its moves."""
        self.searches, self._lines, self._sown = [], [], []
        n = self.game.houses
        while not self.game.is_over(self.state) and self.game.to_move(self.state) is self.computer:
            result = iterative_deepening(self.game, self.state, max_depth=self.depth.value,
                                         evaluate=self.evaluate, max_nodes=NODE_BUDGET).result
            assert result.move is not None   # the game is not over, so the search found a move
            self.searches.append(result)
            self._lines.append(label_line(self.game, self.state, result.pv))
            pit = result.move if self.computer is MAX else n + 1 + result.move
            if pit not in self._sown:
                self._sown.append(pit)
            self.state = self.game.play(self.state, result.move)
        return [line[0] for line in self._lines]

    def _highlighted(self) -> str:
        """The sentence that says what the highlight on the board means."""
        names = [self._name(pit) for pit in self._sown]
        return ngettext("Highlighted: {names}, the house it sowed.",
                        "Highlighted: {names}, the houses it sowed.", len(names)).format(
            names=join_names(names))

    @staticmethod
    def _list(moves: list[str]) -> str:
        """The computer's moves in order, each one that earned another move
        (every one but the last) saying so right after it.

        >>> KalahBoard._list(["N1"])
        'N1'
        >>> KalahBoard._list(["N1", "N4", "N0"])
        'N1 (its last seed fell in its store, so it moved again), then N4 (in its store again), then N0'
        """
        said = [(_("{move} (in its store again)") if i else
                 _("{move} (its last seed fell in its store, so it moved again)")).format(move=move)
                for i, move in enumerate(moves[:-1])] + moves[-1:]
        return _(", then ").join(said)

    def _result(self) -> str:
        mine, theirs = self.state.store(self.human), self.state.store(self.computer)
        if mine > theirs:
            said = _("Game over: you {mine}, the computer {theirs}. You win! Press New game to play "
                     "again.")
        elif mine < theirs:
            said = _("Game over: you {mine}, the computer {theirs}. The computer wins. Press New game "
                     "to try again.")
        else:
            said = _("Game over: you {mine}, the computer {theirs}. A draw. Press New game to play "
                     "again.")
        return said.format(mine=mine, theirs=theirs)

    # --- showing ------------------------------------------------------------------

    def _say(self, message: str) -> None:
        self.status.say(message)

    @property
    def status_text(self) -> str:
        """What the status line says, as plain text."""
        return self.status.text

    def _report(self) -> str:
        """The computer's last searches, one line each, as plain text."""
        if not self.searches:
            return ""
        name = getattr(self.evaluate, "__name__", None) or _("its evaluation function")
        depths = _(", then ").join(dict.fromkeys(str(result.depth) for result in self.searches))
        if any(result.depth < self.depth.value and result.stats.evaluated for result in self.searches):
            head = _("The computer searched {depths} moves ahead with {name} (not the {wanted} the "
                     "slider asks for: a deeper search would visit more than {budget} positions):")
        else:
            head = _("The computer searched {depths} moves ahead with {name}:")
        lines = [head.format(depths=depths, name=name, wanted=self.depth.value, budget=f"{NODE_BUDGET:,}")]
        for result, line in zip(self.searches, self._lines, strict=True):
            value = result.value
            lines.append(_("{move}: value {value} from South's (MAX's) side; principal variation "
                           "{line}").format(move=line[0], value=f"{'+' if value > 0 else ''}{fmt(value)}",
                                            line=" ".join(line)))
        return "\n".join(lines)

    def _show(self, message: str) -> None:
        """Draw the position: seeds on houses and stores, houses you
        cannot sow disabled, the computer's last moves highlighted."""
        n = self.game.houses
        over = self.game.is_over(self.state)
        for pit, button in enumerate(self.houses):
            if button is None:
                continue
            owner = MAX if pit < n else Player.MIN
            seeds = self.state.pits[pit]
            button.description = str(seeds)
            button.disabled = over or owner is not self.human or seeds == 0
            button.button_style = "warning" if pit in self._sown else ""
        for player, label in self.stores.items():
            label.value = str(self.state.store(player))
        self._say(message)
        self.pv_text = self._report()
        self.pv.value = "<br>".join(html.escape(line) for line in self.pv_text.splitlines())
