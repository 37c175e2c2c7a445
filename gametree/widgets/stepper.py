"""The step-through widget: drag a slider, or press Play, and watch
alpha-beta walk the tree.

:class:`Stepper` wires ipywidgets to a :class:`~gametree.view.draw.TracePlot`:
a slider picks the step, the plot updates its artists in place and the
picture is sent as PNG bytes to one ``Image`` widget, so nothing flickers
and no figures pile up.  The caption, the counter and the pseudocode (with
the lines being executed highlighted) follow the slider.

With ``editable=True`` a student can type leaf scores and a branching
factor, or nested lists, and switch the cut rule; a typo gives a message in
the widget and the previous tree stays.

Seen without a kernel (GitHub, nbviewer), the widget's output still holds
a PNG of the step it showed, so the notebook shows a picture.
"""

from __future__ import annotations

import base64
import bisect
import html
import re

import ipywidgets as widgets

from ..parse import parse_leaves, parse_tree
from ..text import fmt
from ..trace import Snapshot, Trace, pseudocode, trace_alpha_beta
from ..tree import Tree, as_tree
from ..view.draw import TracePlot, _screen_dpi, counter_text

__all__ = ["Stepper"]

_CURRENT_LINE = "background:#FCE3CF;border-left:4px solid #EE7733;"
_OTHER_LINE = "border-left:4px solid transparent;"


def _html_text(text: str) -> str:
    """``text`` as HTML with only what could start markup escaped.

    Captions contain ``<=`` and ``>=``; in HTML a ``<`` that is not followed
    by a letter, ``/``, ``!`` or ``?`` is plain text, so leaving those alone
    keeps the widget's value equal to the caption a test or a reader
    searches for.
    """
    text = text.replace("&", "&amp;")
    return re.sub(r"<(?=[A-Za-z/!?])", "&lt;", text)


def _parse_branching(text: str) -> int:
    text = text.strip()
    if not text:
        raise ValueError("type the branching factor (children per node), e.g. 3")
    try:
        value = int(text)
    except ValueError:
        raise ValueError(
            f"branching is {text!r}; type a whole number such as 2 or 3 (children per node)"
        ) from None
    if value < 2:
        raise ValueError(f"branching is {value}; every internal node needs at least 2 children, so type 2 or more")
    return value


class Stepper(widgets.VBox):
    """Step through alpha-beta on a tree with a slider, Play and buttons.

    Parameters
    ----------
    trace_or_tree : Trace, Tree, or anything :func:`gametree.as_tree` accepts
        What to search: a recorded :class:`~gametree.trace.Trace`, or a
        tree (alpha-beta is run on it).
    branching : int, optional
        With a flat list of leaf scores, the children per node.
    strict : bool
        For a tree: cut on alpha > beta instead of alpha >= beta.  A Trace
        keeps the rule it was recorded with.
    editable : bool
        Add text boxes to type a new tree and a switch for the cut rule.

    Attributes
    ----------
    trace : Trace
        The search shown.
    slider : IntSlider
        The step, from 0 to ``len(trace) - 1``.
    play : Play
        Linked to the slider in the browser (``play_link``).
    prev_button, next_button, cutoff_button : Button
        One step back, one step on, on to the next cutoff.
    caption : HTML
        "Step i of n: ..." with the step's caption.
    code : HTML
        The pseudocode, the lines being executed highlighted.
    counter : Label
        "evaluated k of N leaves (fewest possible: M)".
    image : Image
        The drawing, PNG bytes replaced at each step.
    message : HTML
        Problems with typed input; empty when all is well.
    plot : TracePlot
        The drawing behind ``image``.
    leaves_box, branching_box, tree_box : Text
        (``editable=True``) leaf scores and branching, or nested lists.
    rule_toggle : ToggleButtons
        (``editable=True``) False: cut on alpha >= beta; True: alpha > beta.
    apply_button : Button
        (``editable=True``) Draw the tree typed in the boxes.

    Examples
    --------
    >>> stepper = Stepper([3, 12, 8, 2, 4, 6, 14, 5, 2], branching=3)
    >>> stepper.step_to(stepper.trace.cutoffs[0].index)
    >>> stepper.caption_text
    'Step 13 of 25: MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)'
    >>> stepper.counter.value
    'evaluated 4 of 9 leaves (fewest possible: 5)'
    """

    def __init__(self, trace_or_tree, *, branching: int | None = None, strict: bool = False,
                 editable: bool = False):
        if not isinstance(strict, bool):
            raise TypeError(f"strict must be True or False, not {strict!r}")
        if isinstance(trace_or_tree, Trace):
            if branching is not None:
                raise TypeError("give branching only with a flat list of leaf scores, not with a Trace")
            if strict and not trace_or_tree.strict:
                raise ValueError("this trace was recorded cutting on alpha >= beta; pass the tree "
                                 "instead of the trace to search it with strict=True")
            trace = trace_or_tree
        else:
            trace = trace_alpha_beta(as_tree(trace_or_tree, branching), strict=strict)
        self._busy = False  # True while the widget changes its own boxes or slider

        last = len(trace) - 1
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description="step",
                                        continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 auto", min_width="200px"))
        self.play = widgets.Play(value=0, min=0, max=last, step=1, interval=900,
                                 description="Play", show_repeat=False)
        self.play_link = widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.prev_button = widgets.Button(description="previous", icon="step-backward",
                                          tooltip="one step back", layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(description="next", icon="step-forward",
                                          tooltip="one step on", layout=widgets.Layout(width="auto"))
        self.cutoff_button = widgets.Button(description="next cutoff", icon="scissors",
                                            tooltip="jump to the next cutoff",
                                            layout=widgets.Layout(width="auto"))
        self.caption = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.counter = widgets.Label(style={"font_weight": "bold", "font_size": "1.05em"})
        self.code = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(width="100%", height="auto"))
        self.message = widgets.HTML()

        self.slider.observe(self._on_slider, names="value")
        self.prev_button.on_click(lambda _: self._nudge(-1))
        self.next_button.on_click(lambda _: self._nudge(+1))
        self.cutoff_button.on_click(self._on_cutoff)

        controls = widgets.HBox([self.play, self.prev_button, self.next_button, self.slider,
                                 self.cutoff_button],
                                layout=widgets.Layout(align_items="center", width="100%"))
        self._picture = widgets.Box(layout=widgets.Layout(width="100%"))
        children = [controls, self.caption, self.counter, self._picture, self.message]
        if editable:
            children.append(self._editor(trace))
        super().__init__(children, layout=widgets.Layout(width="100%"))
        for widget, name in ((self, "stepper"), (self.slider, "slider"), (self.play, "play"),
                             (self.caption, "caption"), (self.image, "image"), (self.code, "code"),
                             (self.counter, "counter"), (self.message, "message"),
                             (self.next_button, "next"), (self.prev_button, "prev"),
                             (self.cutoff_button, "cutoff")):
            widget.add_class(f"gametree-{name}")
        self._set_trace(trace)

    # --- the editor ---------------------------------------------------------

    def _editor(self, trace: Trace) -> widgets.Widget:
        text = {"continuous_update": False, "style": {"description_width": "initial"}}
        self.leaves_box = widgets.Text(description="leaf scores", placeholder="3 12 8 2 4 6 14 5 2",
                                       layout=widgets.Layout(flex="1 1 auto"), **text)
        self.branching_box = widgets.Text(description="branching", placeholder="3",
                                          layout=widgets.Layout(width="9em"), **text)
        self.tree_box = widgets.Text(description="or a tree as nested lists",
                                     placeholder="[[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
                                     layout=widgets.Layout(width="100%"), **text)
        self.rule_toggle = widgets.ToggleButtons(
            options=[("cut when alpha >= beta", False), ("cut when alpha > beta", True)],
            value=trace.strict, description="rule", style={"button_width": "auto"})
        self.apply_button = widgets.Button(description="draw this tree", icon="check",
                                           button_style="primary")
        self._source = "leaves" if trace.tree.branching else "tree"
        self._fill_boxes(trace.tree)

        def edited(source):
            def handler(change):
                if not self._busy:
                    self._source = source
                    self.apply()
            return handler

        self.leaves_box.observe(edited("leaves"), names="value")
        self.branching_box.observe(edited("leaves"), names="value")
        self.tree_box.observe(edited("tree"), names="value")
        self.rule_toggle.observe(self._on_rule, names="value")
        self.apply_button.on_click(lambda _: self.apply())
        for widget, name in ((self.leaves_box, "leaves"), (self.branching_box, "branching"),
                             (self.tree_box, "tree"), (self.rule_toggle, "rule"),
                             (self.apply_button, "apply")):
            widget.add_class(f"gametree-{name}")
        return widgets.VBox([
            widgets.HBox([self.leaves_box, self.branching_box, self.apply_button]),
            self.tree_box, self.rule_toggle])

    def _fill_boxes(self, tree: Tree) -> None:
        self._busy = True
        try:
            complete = tree.branching is not None
            self.leaves_box.value = " ".join(fmt(s) for s in tree.leaf_scores) if complete else ""
            self.branching_box.value = str(tree.branching) if complete else ""
            self.tree_box.value = repr(tree.to_nested())
        finally:
            self._busy = False

    def apply(self) -> bool:
        """Search the tree typed in the boxes (the ones edited last).

        Returns True if it was drawn; otherwise :attr:`message` says what
        is wrong and the previous tree stays.
        """
        try:
            if self._source == "tree":
                tree = parse_tree(self.tree_box.value)
            else:
                leaves = parse_leaves(self.leaves_box.value)
                tree = Tree.from_leaves(leaves, _parse_branching(self.branching_box.value))
            trace = trace_alpha_beta(tree, strict=self.rule_toggle.value)
            self._set_trace(trace)
        except (ValueError, TypeError) as error:
            self._say(str(error))
            return False
        self._fill_boxes(trace.tree)
        return True

    def _on_rule(self, change) -> None:
        if self._busy:
            return
        try:
            self._set_trace(trace_alpha_beta(self.trace.tree, strict=change["new"]))
        except (ValueError, TypeError) as error:  # pragma: no cover - the tree was drawn before
            self._say(str(error))

    # --- stepping -------------------------------------------------------------

    def _set_trace(self, trace: Trace) -> None:
        """Show a new search from step 0 (raises ValueError for a tree too big
        to draw, leaving the old one)."""
        plot = TracePlot(trace, caption=False, counter=False)  # both are widgets here
        plot.set_dpi(_screen_dpi(plot.figure))
        self.trace, self.plot = trace, plot
        self._cutoffs = [step.index for step in trace.cutoffs]
        self._busy = True
        try:
            self.slider.value = 0
            self.play.value = 0
            self.slider.max = self.play.max = len(trace) - 1
        finally:
            self._busy = False
        width = plot.figure.get_size_inches()[0]
        self.code.value = self._code_html(trace[0].lines)
        if width <= 10:  # a small tree: pseudocode beside the picture, or below if narrow
            self.image.layout = widgets.Layout(flex="1 1 480px", min_width="360px", max_width="960px",
                                               height="auto", object_fit="contain")
            self.code.layout = widgets.Layout(flex="0 0 auto", padding="0 0 0 8px")
            self._picture.children = [widgets.HBox([self.image, self.code],
                                                   layout=widgets.Layout(width="100%", flex_flow="row wrap",
                                                                         align_items="flex-start"))]
        else:  # a wide tree: the picture across the page, pseudocode below
            self.image.layout = widgets.Layout(width="100%", height="auto", object_fit="contain")
            self.code.layout = widgets.Layout(width="auto", max_width="44em")
            self._picture.children = [widgets.VBox([self.image, self.code],
                                                   layout=widgets.Layout(width="100%"))]
        self._say("")
        self._show(0)

    def _on_slider(self, change) -> None:
        if not self._busy:
            self._show(change["new"])

    def _show(self, index: int) -> None:
        trace, step = self.trace, self.trace[index]
        self.plot.show(index)
        self.image.value = self.plot.png()
        self.caption.value = (f'<span style="font-size:1.15em"><b>Step {index} of {len(trace) - 1}:'
                              f"</b> {_html_text(step.caption)}</span>")
        self.counter.value = counter_text(trace, self.plot.snapshot.evaluated)
        self.code.value = self._code_html(step.lines)
        self.prev_button.disabled = index == 0
        self.next_button.disabled = index == len(trace) - 1
        self.cutoff_button.disabled = self._next_cutoff(index) is None

    def _code_html(self, current: tuple[int, ...]) -> str:
        rows = []
        for number, line in enumerate(pseudocode(self.trace.strict), start=1):
            style, extra = (_CURRENT_LINE, ' class="gametree-code-current"') if number in current \
                else (_OTHER_LINE, "")
            rows.append(f'<span{extra} style="display:block;white-space:pre;padding-left:4px;{style}">'
                        f"{number:>2}  {html.escape(line, quote=False)}</span>")
        return ('<pre style="font-size:12px;line-height:1.35;margin:0;padding:6px 8px;white-space:pre;'
                'background:#FAFAFA;border:1px solid #E0E0E0;border-radius:4px">'
                + "".join(rows) + "</pre>")

    def _next_cutoff(self, index: int) -> int | None:
        position = bisect.bisect_right(self._cutoffs, index)
        return self._cutoffs[position] if position < len(self._cutoffs) else None

    def _nudge(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, 0), self.slider.max)

    def _on_cutoff(self, _button=None) -> None:
        target = self._next_cutoff(self.slider.value)
        if target is None:
            self._say(f"no cutoff after step {self.slider.value}: the rest of the search "
                      f"prunes nothing", level="info")
            return
        self.slider.value = target

    def _say(self, text: str, level: str = "error") -> None:
        if not text:
            self.message.value = ""
            return
        color = "#B00020" if level == "error" else "#555555"
        self.message.value = (f'<div style="color:{color};padding:2px 0">'
                              f"{'&#9888; ' if level == 'error' else ''}"
                              f"{html.escape(text, quote=False)}</div>")

    def step_to(self, index: int) -> None:
        """Show step ``index`` (negative counts from the end), as if the
        slider were moved there."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"step must be a whole number, not {index!r}")
        count = len(self.trace)
        if not -count <= index < count:
            raise IndexError(f"step {index} does not exist; this search has steps 0 to {count - 1}")
        self.slider.value = index % count

    @property
    def state(self) -> Snapshot:
        """The state of every node at the step shown."""
        return self.plot.snapshot

    @property
    def caption_text(self) -> str:
        """The caption as plain text: ``Step i of n: <the step's caption>``."""
        index = self.slider.value
        return f"Step {index} of {len(self.trace) - 1}: {self.trace[index].caption}"

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus a PNG of the step shown for places without a
        kernel (GitHub, nbviewer, nbconvert), which skip the widget view."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None and self.image.value:
            bundle["image/png"] = base64.b64encode(self.image.value).decode("ascii")
        return bundle
