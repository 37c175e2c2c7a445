"""gametree speaks English, Danish, Hindi and Korean: the catalogs are
complete and compiled, and the language is chosen the way the README says."""

from __future__ import annotations

import gettext
import io
import string

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import gametree
from gametree import i18n
from gametree.i18n import LANGUAGES, LOCALE_DIR, UnknownLanguageError, set_language, using

TRANSLATED = sorted(set(LANGUAGES) - {"en"})
PLURALS = {"da": 2, "hi": 2, "ko": 1}
"""How many plural forms each language has (CLDR: Korean one; Danish and Hindi two)."""


def catalog(code: str):
    with (LOCALE_DIR / code / "LC_MESSAGES" / "gametree.po").open("rb") as handle:
        return read_po(handle, locale=code)


def template():
    with (LOCALE_DIR / "gametree.pot").open("rb") as handle:
        return read_po(handle)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(autouse=True)
def no_language(monkeypatch):
    """Each test starts in English with no language variable set, and leaves the kernel as it found it."""
    for variable in i18n.ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    set_language(None)
    yield
    set_language(None)


@pytest.fixture(scope="module")
def aima():
    return gametree.trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_translated_with_the_same_placeholders(code):
    """Every id of the template has a translation, no fuzzy entry, each
    plural form present and naming exactly the id's placeholders."""
    po, ids = catalog(code), {m.id for m in template() if m.id}
    assert {m.id for m in po if m.id} == ids
    assert po.num_plurals == PLURALS[code]
    for message in po:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        singular = message.id[0] if message.pluralizable else message.id
        wanted = fields(singular)
        strings = message.string if message.pluralizable else (message.string,)
        assert len(strings) == PLURALS[code] if message.pluralizable else 1
        for text in strings:
            assert text, f"{code}: {message.id!r} is untranslated"
            assert fields(text) == wanted, (code, message.id, text)


@pytest.mark.parametrize("code", TRANSLATED)
def test_compiled_catalog_equals_a_fresh_compile(code):
    """The shipped .mo holds what Babel compiles from the .po now, message
    for message (so an edited .po without `pybabel compile` fails here)."""
    fresh = io.BytesIO()
    write_mo(fresh, catalog(code))
    fresh.seek(0)
    with (LOCALE_DIR / code / "LC_MESSAGES" / "gametree.mo").open("rb") as shipped:
        assert messages(gettext.GNUTranslations(shipped)) == messages(gettext.GNUTranslations(fresh))


def messages(translations: gettext.GNUTranslations) -> dict:
    """A compiled catalog's messages, without its header (which names the Babel that compiled it)."""
    return {key: text for key, text in translations._catalog.items()  # type: ignore[attr-defined]
            if key != ""}


def test_template_holds_every_message_the_code_marks():
    """gametree.pot is up to date with the messages wrapped in the package
    (after wrapping one, rerun the README's `pybabel extract` and `update`)."""
    from babel.messages.extract import extract_from_dir

    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
    marked = {message for _, _, message, _, _ in
              extract_from_dir(LOCALE_DIR.parent, method_map=[("**.py", "python")], keywords=keywords)}
    assert marked == {m.id for m in template() if m.id}


AIMA_CUTOFF = {
    "en": "MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)",
    "da": "MIN-knude C: alpha = 3 >= beta = 2, beskær 2 børn (blade 4, 6)",
    "hi": "MIN नोड C: alpha = 3 >= beta = 2, 2 चाइल्ड नोड्स की प्रूनिंग (पत्तियाँ 4, 6)",
    "ko": "MIN 노드 C: alpha = 3 >= beta = 2, 자식 2개 가지치기 (리프 4, 6)",
}


@pytest.mark.parametrize("code", sorted(AIMA_CUTOFF))
def test_aima_cutoff_caption_in_each_language(aima, code):
    """Step 13 of AIMA's tree, the cut at C, in each language (numbers and names stay)."""
    with using(code):
        assert aima[13].caption == AIMA_CUTOFF[code]


def test_one_pruned_child_takes_the_singular(aima):
    """ngettext picks the language's form: Danish barn/børn, Korean one form."""
    from gametree.trace import prune_text

    one = aima.cutoffs[0].pruned[:1]
    with using("da"):
        assert prune_text(one) == "beskær 1 barn (blad 4)"
    with using("ko"):
        assert prune_text(one) == "자식 1개 가지치기 (리프 4)"
    assert prune_text(one) == "prune 1 child (leaf 4)"


def test_set_language_lasts_until_reset(aima):
    set_language("ko")
    assert i18n.get_language() == "ko" and aima[0].node.title == "MAX 노드 A"
    with using("hi"):   # a call's lang= wins over the kernel's
        assert aima[0].node.title == "MAX नोड A"
    set_language(None)
    assert aima[0].node.title == "MAX node A"


@pytest.mark.parametrize(("variables", "code"), [
    ({"LANG": "da_DK.UTF-8"}, "da"),
    ({"LC_MESSAGES": "hi_IN", "LANG": "da_DK.UTF-8"}, "hi"),
    ({"LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "hi_IN"}, "ko"),
    ({"LANGUAGE": "fr:ko", "LC_ALL": "da_DK"}, "ko"),
    ({"LANGUAGE": "fr", "LC_ALL": "da_DK"}, "da"),
    ({"LC_ALL": "C", "LANG": "ko_KR"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
])
def test_environment_chooses_when_nothing_else_does(monkeypatch, variables, code):
    """LANGUAGE (a list, first known wins), then the first of LC_ALL, LC_MESSAGES, LANG set."""
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert i18n.get_language() == code
    set_language("en")
    assert i18n.get_language() == "en"


@pytest.mark.parametrize("bad", ["fr", "", "english", None, 3])
def test_unknown_language_is_refused_with_the_list(bad):
    with pytest.raises(UnknownLanguageError, match=r"choose one of en \(English\), da \(dansk\), "
                                                   r"hi \(हिन्दी\), ko \(한국어\)\.$"):
        set_language(bad) if bad is not None else i18n.check_language(bad)
    assert i18n.get_language() == "en"


STEPPER = {
    "en": ("previous", "next", "next cutoff", "speed",
           "Step 13 of 25: MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)",
           "evaluated 4 of 9 leaves (a full search needs at least 5)"),
    "da": ("forrige", "næste", "næste afskæring", "tempo",
           "Trin 13 af 25: " + AIMA_CUTOFF["da"],
           "evalueret 4 af 9 blade (en fuld søgning kræver mindst 5)"),
    "hi": ("पिछला", "अगला", "अगला कटऑफ़", "गति",
           "कदम 13 / 25: " + AIMA_CUTOFF["hi"],
           "9 पत्तियों में से 4 का मूल्यांकन हुआ (पूरी खोज के लिए भी कम से कम 5 ज़रूरी हैं)"),
    "ko": ("이전", "다음", "다음 가지치기", "속도",
           "단계 13/25: " + AIMA_CUTOFF["ko"],
           "리프 9개 중 4개 평가 (완전한 탐색에도 최소 5개는 필요)"),
}


@pytest.mark.parametrize("code", sorted(STEPPER))
def test_stepper_speaks_its_lang(aima, code):
    """The stepper's buttons, caption and counter in the language it was made
    with, whatever the kernel's language is when a button is pressed."""
    from gametree.widgets.stepper import Stepper

    set_language("ko" if code != "ko" else "da")   # the kernel speaks another language
    stepper = Stepper(aima, lang=code)
    stepper.step_to(13)
    previous, following, cutoff, speed, caption, counter = STEPPER[code]
    assert (stepper.prev_button.description, stepper.next_button.description,
            stepper.cutoff_button.description, stepper.speed.description) == (previous, following,
                                                                              cutoff, speed)
    assert stepper.caption_text == caption
    assert stepper.counter.value == counter


def test_stepper_takes_the_language_in_force_when_made(aima):
    from gametree.widgets.stepper import Stepper

    set_language("da")
    stepper = Stepper(aima)
    set_language(None)
    assert stepper.lang == "da" and stepper.next_button.description == "næste"
    with pytest.raises(UnknownLanguageError, match="choose one of"):
        Stepper(aima, lang="xx")


CLI_ERROR = {
    "en": "gametree: error: argument --branching/-b: 'x' is not a whole number such as 3",
    "da": "gametree: fejl: argument --branching/-b: 'x' er ikke et heltal som fx 3",
    "hi": "gametree: त्रुटि: argument --branching/-b: 'x' कोई पूर्ण संख्या (जैसे 3) नहीं है",
    "ko": "gametree: 오류: argument --branching/-b: 'x'은(는) 3과 같은 정수가 아닙니다",
}


@pytest.mark.parametrize("code", sorted(CLI_ERROR))
@pytest.mark.parametrize("where", ["before", "after"])
def test_command_line_error_in_each_language(capsys, code, where):
    """--lang before or after the command's arguments: one line on stderr in that language, exit 2."""
    from gametree.cli import main

    words = ["--branching", "x", "3"]
    argv = (["alpha-beta", "--lang", code, *words] if where == "before"
            else ["alpha-beta", *words, f"--lang={code}"])
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", CLI_ERROR[code] + "\n")


def test_command_line_output_follows_the_environment(capsys, monkeypatch):
    from gametree.cli import main

    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    assert main(["alpha-beta", "--branching", "3", "3", "12", "8", "2", "4", "6", "14", "5", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["값: 3", "평가: 리프 9개 중 7개"]
    assert out[3 + 13].split(None, 1)[1] == AIMA_CUTOFF["ko"]


@pytest.mark.parametrize(("argv", "message"), [
    (["draw", "--lang", "fr", "3"], "gametree: error: There is no language 'fr' in gametree: choose "
                                    "one of en (English), da (dansk), hi (हिन्दी), ko (한국어).\n"),
    (["draw", "--lang"], "gametree: error: argument --lang: expected one argument\n"),
])
def test_command_line_refuses_an_unknown_or_missing_language(capsys, argv, message):
    from gametree.cli import main

    assert main(argv) == 2
    assert capsys.readouterr() == ("", message)


def test_every_command_takes_lang():
    """--lang is on the top parser and on each command, and --help in Danish is Danish."""
    import argparse

    from gametree.cli import build_parser

    parser = build_parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    for name, command in {"": parser, **commands.choices}.items():
        assert "--lang" in command._option_string_actions, name
    with using("da"):
        assert "Spiltræsøgning, du kan følge med i" in build_parser().format_help()


CHECKER = {
    "en": "B (wrong value): MIN node B takes the smallest value of its children (E, F and G): "
          "min(3, 12, 8) = 3, not 12.",
    "da": "B (forkert værdi): MIN-knude B tager den mindste værdi blandt sine børn (E, F og G): "
          "min(3, 12, 8) = 3, ikke 12.",
    "hi": "B (गलत मान): MIN नोड B अपने चाइल्ड नोड्स (E, F और G) में से सबसे छोटा मान लेता है: "
          "min(3, 12, 8) = 3, 12 नहीं।",
    "ko": "B (틀린 값): MIN 노드 B은(는) 자식들(E, F, G) 중 가장 작은 값을 가집니다: "
          "min(3, 12, 8) = 3, 12이(가) 아닙니다.",
}


@pytest.mark.parametrize("code", sorted(CHECKER))
def test_checker_feedback_on_a_wrong_value_in_each_language(code):
    """A wrong value at B on AIMA's tree: the one mistake, explained in the language."""
    from gametree.practice.answer import Answer
    from gametree.practice.exercise import Exercise

    exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    with using(code):
        mistakes = exercise.check(Answer(values={"A": 3, "B": 12, "C": 2, "D": 2}, pruned={"I", "J"}))
        assert [str(m) for m in mistakes] == [CHECKER[code]]
    assert mistakes[0].kind.value == "wrong value"  # the kind's value stays English for code


@pytest.mark.parametrize("code", ["hi", "ko"])
def test_a_pdf_in_hindi_and_korean_embeds_its_font(tmp_path, code):
    """A caption in the language written into a PDF: the shipped Noto subset
    is embedded (pdffonts says so), beside DejaVu Sans for Latin and digits."""
    import shutil
    import subprocess

    if shutil.which("pdffonts") is None:
        pytest.skip("poppler-utils' pdffonts is not installed")
    import matplotlib
    from matplotlib.figure import Figure

    from gametree.view.fonts import FONTS, use_fonts

    path = tmp_path / f"caption-{code}.pdf"
    with matplotlib.rc_context():  # the fallback fonts for this drawing only
        assert use_fonts(code) == tuple(family for family, _ in FONTS[code])
        figure = Figure(figsize=(8, 1))
        figure.text(0.01, 0.4, AIMA_CUTOFF[code], fontsize=14)
        figure.savefig(path)
    assert "Noto" not in str(matplotlib.rcParams["font.family"])
    table = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True,
                           timeout=30).stdout.splitlines()[2:]
    wanted = {"hi": "NotoSansDevanagari", "ko": "NotoSansCJK"}[code]
    fonts = {line.split()[0].split("+")[-1]: line.split()[-5] for line in table}
    assert any(name.startswith(wanted) for name in fonts), table
    assert all(embedded == "yes" for embedded in fonts.values()), table


@pytest.mark.parametrize("code", ["hi", "ko"])
def test_the_shipped_font_subset_has_every_character_of_its_catalog(code):
    """A message translated after the Noto subsets were cut would draw as
    empty boxes: the subset's character map holds every character of the
    catalog (gametree/fonts/README.md says how to cut them again)."""
    from fontTools.ttLib import TTFont
    from matplotlib import font_manager

    from gametree.view.fonts import FONT_DIR, FONTS

    (_, name), = FONTS[code]
    with TTFont(FONT_DIR / name, lazy=True) as font:
        mapped = set(font.getBestCmap())
    with TTFont(font_manager.findfont("DejaVu Sans"), lazy=True) as font:  # Latin, digits, symbols
        mapped |= set(font.getBestCmap())
    used = set()
    for message in catalog(code):
        if message.id:
            strings = message.string if message.pluralizable else (message.string,)
            used |= {ord(char) for char in "".join(strings) if not char.isspace()}
    assert not {chr(point) for point in used - mapped}


PSEUDOCODE_CUT = {
    "en": "      if alpha >= beta: prune the other children; break",
    "da": "      if alpha >= beta: beskær de øvrige børn; break",
    "hi": "      if alpha >= beta: बाकी चाइल्ड नोड्स की प्रूनिंग; break",
    "ko": "      if alpha >= beta: 나머지 자식은 가지치기; break",
}


@pytest.mark.parametrize("code", sorted(PSEUDOCODE_CUT))
def test_the_pseudocode_line_of_aimas_13th_step_in_each_language(aima, code):
    """The line step 13 runs reads in the stepper's language around the
    keywords and code, which stay; the trace's own listing stays English."""
    from gametree.view.steps import TraceSteps

    with using(code):
        steps = TraceSteps(aima)
    assert [steps.code[n - 1] for n in steps.lines(13)] == [PSEUDOCODE_CUT[code]]
    assert steps.code[0] == "function ALPHA-BETA(node, alpha, beta)"
    assert aima.code == steps.listing.code and aima.code[14] == PSEUDOCODE_CUT["en"]


def test_a_pacman_pseudocode_says_whose_turn_in_hindi():
    """The turns comment of a ghost tree follows the language, ghosts' names too."""
    with using("hi"):
        code = gametree.trace_alpha_beta([[[3, 12], [8, 2]], [[4, 6], [14, 5]]],
                                         players=("MAX", "MIN", "MIN")).listing.shown()
    assert code[0] == ("function ALPHA-BETA(node, alpha, beta)  # बारी: MAX, MIN (भूत 1), "
                       "MIN (भूत 2), फिर दोबारा")


def test_a_predicted_step_gets_its_verdict_in_danish(aima):
    """PredictStepper(lang="da"): the question, a wrong answer's verdict with
    its reason, the word for none read as none, and the score, in Danish."""
    from gametree.widgets import PredictStepper

    stepper = PredictStepper(aima, lang="da", predict=True)
    stepper.slider.value = 11
    stepper.next_button.click()  # C takes H's 2: asks for v
    assert stepper.question_prompt == "H returnerede 2. Hvad er v ved MIN-knude C nu?"
    stepper.answer("3")
    assert stepper.verdict_text == ("Ikke helt: du svarede 3, søgningen siger 2. MIN-knude C: "
                                    "v = min(+∞, 2) = 2, beta = min(+∞, 2) = 2.")
    stepper.next_button.click()  # the cut test at C
    assert stepper.question_prompt.startswith("Hvilke børn af MIN-knude C beskæres nu?")
    stepper.answer("ingen")  # Danish for none: read, and wrong (I and J are pruned)
    assert stepper.verdict_text.startswith("Ikke helt: du svarede ingen, søgningen siger I og J.")
    assert stepper.score_label.value == "0 af 2 forudsigelser rigtige"


def test_the_legend_and_alt_text_of_a_drawing_in_korean(aima):
    """A drawing made in Korean: its legend and its alt text (search, tree,
    step, caption and counter) in Korean, numbers and names as they are."""
    from gametree.view.draw import TracePlot, draw

    with using("ko"):
        plot = TracePlot(aima).show(13)
        alt = plot.alt_text()
    assert [text.get_text() for text in plot._header.legend.get_texts()] == \
        ["MAX", "MIN", "평가한 리프", "현재 노드와 경로", "가지치기됨"]
    assert alt == ("게임 트리(리프 9개, 분기 수 3, 깊이 2)에서 알파-베타 (alpha >= beta일 때 가지치기), "
                   "단계 13/25: " + AIMA_CUTOFF["ko"] + ". 리프 9개 중 4개 평가 (완전한 탐색에도 최소 "
                   "5개는 필요).")
    assert draw(aima, 13, lang="ko").alt_text == alt  # lang= where a drawing is made
    with pytest.raises(UnknownLanguageError, match="choose one of"):
        draw(aima, 13, lang="fr")


def test_the_practice_widget_checks_an_answer_in_hindi():
    """PracticeWidget(lang="hi"): the task, the buttons, a wrong value's
    verdict with the checker's reason, and a typo's message, in Hindi."""
    from gametree.practice import Answer, Exercise
    from gametree.widgets import PracticeWidget

    widget = PracticeWidget(Exercise((3, 5, 2, 9), 2), lang="hi")
    assert widget.check_button.description == "जाँचें"
    assert widget.task_text.value.startswith("<p style='margin:4px 0'>इस ट्री को अल्फ़ा-बीटा से खोजें")
    widget.fill(Answer(values={"A": 3, "B": 3, "C": 9}, pruned={"G"}))  # C is 2
    widget.check()
    first, *reasons = widget.feedback_text.splitlines()
    assert first == "1 गलती, चित्र में लाल घेरे में:"
    assert reasons and reasons[0].startswith("C (")
    widget.value_boxes["B"].value = "l2"
    widget.check()
    assert widget.feedback_text.startswith("पहले यह बॉक्स ठीक करें: ")


def _chance():
    from gametree.chance import trace_expectiminimax

    return trace_expectiminimax([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.25, [6, 2]), (0.75, [4, 8])]])


def _mtdf():
    from gametree.games.windows import trace_mtdf

    return trace_mtdf(gametree.Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3), guess=5)


def _maxn():
    return gametree.trace_maxn([[(4, 3, 1), (1, 5, 2), (9, 5, 0)], [(2, 2, 2)]])


def _mcts():
    from gametree.games import TicTacToe, TicTacToeState, uct_search

    result = uct_search(TicTacToe(), TicTacToeState.from_text("XO. .X. O.."), iterations=1, seed=1)

    class Steps:  # a result's steps are said when asked for, in the language in force then
        def __getitem__(self, index):
            return result.step(index)
    return Steps()


OTHER_SEARCHES = [
    (_chance, "ko", 16, "확률 노드 B: v = 0.5 × 3 + 0.5 × 1 = 2 반환",
     "chance node B returns v = 0.5 × 3 + 0.5 × 1 = 2"),
    (_mtdf, "da", 0, "MTD(f) gennemløb 1: test med vinduet (4, 5)",
     "MTD(f) pass 1: test with the window (4, 5)"),
    (_maxn, "hi", 7, "B पर खिलाड़ी 2 (1, 5, 2) रखता है: 5, 5 से बड़ा नहीं है (बराबरी पर सबसे बायाँ रहता है)",
     "player 2 at B keeps (1, 5, 2): 5 is not > 5 (a tie keeps the leftmost)"),
    (_mcts, "ko", 1, "반복 1, select: 선택은 곧바로 루트 A에서 멈춥니다: 아직 두어 보지 않은 수가 있음.",
     "Iteration 1, select: selection stops at the root A at once: it has a move not yet tried."),
]


@pytest.mark.parametrize(("search", "code", "step", "caption", "english"), OTHER_SEARCHES,
                         ids=["chance-ko", "mtdf-da", "maxn-hi", "mcts-ko"])
def test_the_other_searches_captions_in_a_language(search, code, step, caption, english):
    """Expectiminimax, MTD(f), max^n and MCTS say their steps in the
    language in force (numbers, names and formulas as they are), and in
    English as before outside it."""
    steps = search()
    with using(code):
        assert steps[step].caption == caption
    assert steps[step].caption == english


def test_the_drill_says_its_level_and_verdict_in_korean():
    """DrillWidget(lang="ko"): the level, the buttons and an empty answer's
    message in Korean; the record keeps the level's English name."""
    from gametree.widgets import DrillWidget

    drill = DrillWidget(seed=3, lang="ko", timer=False)
    assert drill.next_button.description == "다음 트리"
    assert "<b>단계 1/9</b>: 깊이 2, 분기 수 2" in drill.status.value
    drill.check()
    assert drill.message_text == "먼저 트리를 채우세요. 빈 답은 세지 않습니다."
    assert drill.record()["level"] == "depth 2, branching 2"


def test_the_tic_tac_toe_board_speaks_danish():
    """TicTacToeBoard(lang="da"): its opening line, a refused click and the
    game controls in Danish."""
    from gametree.widgets import TicTacToeBoard

    board = TicTacToeBoard(lang="da", start="XO. .X. O..")
    assert board.status.text == "Du er X og trækker først: klik på et felt."
    board.play(0)
    assert board.status.text == "Felt 0 er allerede taget; klik på et tomt felt."
    assert board.new_game_button.description == "Nyt spil"


def test_the_kalah_board_speaks_hindi():
    """KalahBoard(lang="hi"): whose side and row, in Hindi."""
    from gametree.widgets import KalahBoard

    board = KalahBoard(2, 2, lang="hi")
    assert board.status_text == ("आप दक्षिण से खेलते हैं (नीचे वाली पंक्ति) और पहली चाल आपकी है: "
                                 "अपने किसी गड्ढे पर क्लिक करें।")
