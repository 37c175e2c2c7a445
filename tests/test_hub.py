"""The course hub, started for real: JupyterHub with its proxy (hub/start.py,
hub/jupyterhub_config.py) on free ports, its state in a temporary folder,
driven over HTTP as a class drives it (hub/hubclient.py).

One hub serves the whole module (``hub`` below, module-scoped, so
conftest.py keeps these tests on one xdist worker): a teacher and three
students log in through the hub's REST API and each student's server
starts; each student opens nbgitpuller's link (a bare clone of this
repository: no network) and runs notebook 02 top to bottom in her kernel
(one of them in JupyterLab in Chromium, dragging the stepper), while the
teacher releases ``trees`` through nbgrader's exchange, each student
fetches it and submits a different notebook through her own server
(nbgrader's assignment-list handlers, through the hub's proxy), and the
teacher collects and autogrades with the course's formgrader service (in
the grader's sandbox), exports with ``nbgrader export`` and draws the class
report; the exported grades equal what ``python -m gametree grade`` says
for each file.  Faults, each at its step: a server that cannot start, a
user on no course's list, a submission after the deadline (and, without
starting a hub, a port already taken and no configurable-http-proxy).
Every failure names its step and its user (:class:`hubclient.StepFailed`).
When the module ends the hub is stopped, nothing it started is left
running, and its folder is removed.
"""

import csv
import datetime
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any, cast

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "hub"))   # hub/ is a folder of scripts, not a package

from browser.conftest import CHROMIUM, CHROMIUM_FLAGS, VIEWPORT, LabPage, _kill, _with_descendants  # noqa: E402
from browser.views import StepperView  # noqa: E402
from hubclient import COURSE, START, Hub, StepFailed, free_ports, run_notebooks  # noqa: E402

pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec("jupyterhub") is None
                       or importlib.util.find_spec("nbgrader") is None,
                       reason="JupyterHub and nbgrader are not installed: .venv/bin/pip install -r "
                              "requirements-teacher.txt"),
    pytest.mark.skipif(shutil.which("configurable-http-proxy") is None,
                       reason="configurable-http-proxy is not on PATH: "
                              "npm install -g configurable-http-proxy@5.3.0"),
]

PASSWORD = "password123"
TEACHER = "teacher"
STUDENTS = ["alice", "bob", "carol"]
OUTSIDER = "dave"          # a user of the hub on no course's list
UNSTARTABLE = "erin"       # a student whose own Jupyter config stops her server from starting
SEED = "the teacher's seed for this test\n"
SOURCE = REPO / "assignments" / "source" / "trees" / "trees.ipynb"
BRANCH = "under-test"
LAB_CONFIG = f"""
c.LabApp.expose_app_in_browser = True    # window.jupyterapp, which tests/browser's LabPage reads
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.handlers.announcements.NeverCheckForUpdate"
c.LabApp.extension_manager = "readonly"
c.LabApp.app_settings_dir = {str(REPO / "jupyter" / "lab" / "settings")!r}
"""
NOTEBOOK = "gametree/notebooks/02-alpha-beta.ipynb"   # in each home, where nbgitpuller puts it


def _venv_env(hub: Hub, **extra: str) -> dict[str, str]:
    """The grader's environment (the formgrader service's): nbgrader runs
    alembic by name, so the venv's bin leads PATH."""
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
            "HOME": str(hub.home(f"grader-{COURSE}")), "JUPYTER_CONFIG_PATH": str(REPO / "hub" / "student-config"),
            "GAMETREE_HUB_EXCHANGE": str(hub.state / "exchange"), "GAMETREE_HUB_COURSE": COURSE, **extra}


@pytest.fixture(scope="module")
def hub():
    """The course hub for every test here; stopped, checked and removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="gametree-hub-"))
    state = folder / "state"
    seed = state / "homes" / f"grader-{COURSE}" / ".gametree" / "grading-seed"
    seed.parent.mkdir(parents=True)
    seed.write_text(SEED)
    for student in STUDENTS:   # JupyterLab as tests/browser runs it: nothing reaches the network
        config = state / "homes" / student / ".jupyter" / "jupyter_server_config.py"
        config.parent.mkdir(parents=True)
        config.write_text(LAB_CONFIG)
    broken = state / "homes" / UNSTARTABLE / ".jupyter" / "jupyter_server_config.py"
    broken.parent.mkdir(parents=True)        # her own config sends her server to a missing folder
    broken.write_text("c.ServerApp.root_dir = '/no/such/folder'\n")
    running = Hub(state, PASSWORD, students=[*STUDENTS, UNSTARTABLE], others=[OUTSIDER],
                  start_timeout=20)
    try:
        running.start()
        yield running
    finally:
        running.stop()
        left = running.left_running()
        shutil.rmtree(folder, ignore_errors=True)
    assert not left, f"step 'hub stops': processes left running: {left}"


@pytest.fixture(scope="module")
def repository(hub):
    """This repository's HEAD as a bare clone in the hub's folder (there is
    no network here), on a branch of its own: what nbgitpuller's link names."""
    bare = hub.state.parent / "gametree.git"
    subprocess.run(["git", "clone", "--quiet", "--bare", "--depth", "1", "--no-local",
                    f"file://{REPO}", str(bare)], check=True, capture_output=True, timeout=120)
    subprocess.run(["git", "-C", str(bare), "update-ref", f"refs/heads/{BRANCH}", "HEAD"],
                   check=True, capture_output=True, timeout=60)
    return bare


@pytest.fixture(scope="module")
def tokens(hub):
    """The teacher, the three students and dave logged in, their servers started."""
    logged_in = {user: hub.login(user) for user in [TEACHER, *STUDENTS, OUTSIDER, UNSTARTABLE]}
    for student in [*STUDENTS, OUTSIDER, UNSTARTABLE]:   # erin's failure is waited for in its own test
        hub.start_server(student, logged_in[student])
    for student in [*STUDENTS, OUTSIDER]:
        hub.wait_for_server(student, logged_in[student])
    return logged_in


def test_a_taken_port_a_missing_proxy_and_a_short_password_are_refused_before_the_hub_starts(tmp_path):
    ports = free_ports(4)
    env = {**os.environ, "GAMETREE_HUB_PASSWORD": "short"}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", ports[2]))
        taken.listen()
        env["PATH"] = str(tmp_path)          # no configurable-http-proxy there
        hub, api, proxy, service = ports
        result = subprocess.run([sys.executable, str(START), "--state", str(tmp_path / "state"),
                                 "--port", str(hub), "--hub-api-port", str(api),
                                 "--proxy-api-port", str(proxy), "--service-port", str(service)],
                                capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert lines == [f"hub: the proxy api port {ports[2]} is already taken: stop what listens there "
                     "or choose another (--proxy-api-port)",
                     "hub: configurable-http-proxy is not on PATH: install it with "
                     "'npm install -g configurable-http-proxy@5.3.0'",
                     "hub: the shared password (GAMETREE_HUB_PASSWORD) must have 8 characters or more"]
    assert not (tmp_path / "state").exists(), "nothing is made before the checks pass"


def test_a_wrong_password_gets_no_token_and_the_failure_names_the_step_and_the_user(hub):
    with pytest.raises(StepFailed, match=r"^step 'log in', user alice: the hub answered 403"):
        hub.login("alice", "not the password")


PATCH_THE_KERNEL = """import gametree.grading.course as course
course.autograde = lambda *args, **kwargs: 6     # the kernel's grader now says 'full marks'
"""
"""A cell bob adds: were the autograder cells graded by the kernel's own
code, the patched grader would give him 6 of alpha-beta's 6 points."""


def _notebooks() -> dict[str, dict | str]:
    """What each student submits: the instructor's solution, the classic
    strict cut (``alpha > beta``) with a cell that patches the kernel's
    grader, and a notebook that is no notebook."""
    right = json.loads(SOURCE.read_text())
    strict = json.loads(SOURCE.read_text())
    for cell in strict["cells"]:
        cell["source"] = "".join(cell["source"]).replace("if alpha >= beta:", "if alpha > beta:")
    strict["cells"].insert(1, {"cell_type": "code", "metadata": {}, "outputs": [],
                               "execution_count": None, "source": PATCH_THE_KERNEL})
    assert strict != right
    return {"alice": right, "bob": strict, "carol": "{not a notebook"}


def _gametree_grade(submission: Path, seed_file: Path) -> subprocess.Popen:
    """``python -m gametree grade`` on ``submission``, started (Gradescope's
    format: each test's score), with the teacher's seed."""
    return subprocess.Popen([sys.executable, "-m", "gametree", "grade", "--format", "gradescope",
                             "trees", str(submission)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "GAMETREE_GRADING_SEED_FILE": str(seed_file),
                                            "GAMETREE_GRADING_SEED": ""})


def _points(graded: subprocess.Popen) -> float:
    """What ``gametree grade`` said, in the notebook's points: each part's
    share of its tests passed, times the points its autograder cell gives it
    (as nbgrader's cells compute it)."""
    from gametree.grading.course import AUTOGRADE_CALL

    out, err = graded.communicate(timeout=120)
    assert graded.returncode == 0, err
    tests = json.loads(out)["tests"]
    total = 0.0
    for _, part, points in AUTOGRADE_CALL.findall(SOURCE.read_text().replace('\\"', '"')):
        mine = [test for test in tests if test["name"].startswith(f"{part}: ")]
        earned, most = sum(test["score"] for test in mine), sum(test["max_score"] for test in mine)
        total += round(float(points) * earned / most, 2) if most else 0.0
    return round(total, 2)


@pytest.mark.timeout(300)
def test_a_class_fetches_submits_and_is_graded_through_the_hub(hub, tokens, notebook_runs, tmp_path, request):
    teacher = tokens[TEACHER]
    for student in STUDENTS:      # the course's list in the gradebook
        hub.formgrader("list the class", TEACHER, teacher, f"student/{student}", "PUT",
                       {"first_name": student.title(), "last_name": "Student", "email": None})
    hub.formgrader("generate", TEACHER, teacher, "assignment/trees/assign", "POST")
    hub.formgrader("release", TEACHER, teacher, "assignment/trees/release", "POST")

    for student, notebook in _notebooks().items():
        token = tokens[student]
        hub.fetch(student, token, "trees")
        released = json.loads(hub.server("fetch", student, token, "api/contents/trees/trees.ipynb"))
        code = "".join("".join(cell["source"]) for cell in released["content"]["cells"])
        if (code.count("raise NotImplementedError()") != 2 or "BEGIN SOLUTION" in code
                or "nonlocal evaluated" in code):      # nbgrader's generate hid the solution
            raise StepFailed("fetch", student, "the fetched notebook is not the student version")
        if isinstance(notebook, dict):
            body = {"type": "notebook", "format": "json", "content": notebook}
        else:
            body = {"type": "file", "format": "text", "content": notebook}
        hub.server("save", student, token, "api/contents/trees/trees.ipynb", "PUT", body)
        hub.submit(student, token, "trees")
        if student == STUDENTS[0]:    # the deadline passes: the others submit late
            due = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")
            hub.formgrader("deadline", TEACHER, teacher, "assignment/trees", "PUT",
                           {"duedate_notimezone": due, "duedate_timezone": "UTC"})

    hub.formgrader("collect", TEACHER, teacher, "assignment/trees/collect", "POST")
    seed_file = hub.home(f"grader-{COURSE}") / ".gametree" / "grading-seed"
    graded: dict[str, subprocess.Popen] = {}

    def stop_graders() -> None:
        for each in graded.values():
            if each.poll() is None:
                each.kill()
                each.wait()

    request.addfinalizer(stop_graders)
    for student in STUDENTS:
        submitted = hub.course / "submitted" / student / "trees" / "trees.ipynb"
        if not submitted.exists():
            raise StepFailed("collect", student, f"{submitted} was not collected")
        graded[student] = _gametree_grade(submitted, seed_file)     # meanwhile, nbgrader grades
    for student in STUDENTS:
        result = hub.formgrader("autograde", TEACHER, teacher, f"submission/trees/{student}/autograde",
                                "POST", may_fail=student == "carol")
        assert isinstance(result, dict)
        if student == "carol" and (result["success"] or "trees.ipynb" not in result["log"]):
            raise StepFailed("autograde", student, f"her unreadable notebook was not refused: {result}")

    exported = subprocess.run([sys.executable, "-m", "nbgrader", "export"], cwd=hub.course,
                              capture_output=True, text=True, timeout=120, env=_venv_env(hub))
    if exported.returncode:
        raise StepFailed("export", TEACHER, exported.stderr[-2000:])
    with (hub.course / "grades.csv").open() as table:
        rows = {row["student_id"]: row for row in csv.DictReader(table) if row["assignment"] == "trees"}
    assert sorted(rows) == STUDENTS, f"step 'export': {sorted(rows)}"

    for student in STUDENTS:
        said = _points(graded[student])
        if abs(float(rows[student]["score"]) - said) > 0.005:     # nbgrader sums floats
            raise StepFailed("grades agree", student, f"exported {rows[student]['score']}, "
                             f"'gametree grade' says {said}")
    assert float(rows["alice"]["score"]) == float(rows["alice"]["max_score"]) == 10
    assert 4 < float(rows["bob"]["score"]) < 10   # minimax's 4 and part of alpha-beta's 6, not the patched kernel's 10
    feedback = json.loads((hub.course / "autograded" / "bob" / "trees" / "trees.ipynb").read_text())
    said_to_bob = "".join("".join(out.get("text", "")) for cell in feedback["cells"]
                          for out in cell.get("outputs", []))
    assert "prunes as soon as alpha >= beta" in said_to_bob and "score: " in said_to_bob
    assert float(rows["carol"]["score"]) == 0 and "not a readable notebook" in rows["carol"]["note"]

    report = subprocess.run([sys.executable, "-m", "gametree", "class-report", str(hub.course),
                             "--out", str(tmp_path / "class.png")],
                            capture_output=True, text=True, timeout=120, env=_venv_env(hub))
    if report.returncode:
        raise StepFailed("class report", TEACHER, report.stderr[-2000:])
    assert report.stdout.startswith("trees: alpha_beta: 3 graded"), report.stdout
    assert "first divergence: not pruning on equality: 1" in report.stdout
    late = [line for line in report.stdout.splitlines() if "after the deadline" in line]
    assert late and late[0].startswith("bob's trees: submitted ") and "alice" not in "".join(late), late
    assert "nbgrader's late-submission policy took 0 points" in late[0]
    assert (tmp_path / "class.png").stat().st_size > 10_000


def test_a_user_not_on_the_courses_list_is_told_so_when_he_fetches(hub, tokens):
    """dave may use the hub but is on no course's list: nbgrader (asking the
    hub for his groups) lists him no course, and the fetch says so."""
    with pytest.raises(StepFailed) as failed:
        hub.fetch(OUTSIDER, tokens[OUTSIDER], "trees")
    assert str(failed.value) == ("step 'fetch', user dave: trees is not released to dave: nbgrader lists "
                                 "only the courses of the hub's nbgrader-<course> groups the user is in; "
                                 "put dave on the course's list (GAMETREE_HUB_STUDENTS)")
    assert not (hub.home(OUTSIDER) / "trees").exists()


def test_a_server_that_cannot_start_is_reported_at_its_step_with_the_reason(hub, tokens):
    """erin's own Jupyter config sends her server to a missing folder: the
    hub gives up after its timeout (started with the class's servers, so
    the wait is mostly spent already) and says so, with the server's error."""
    with pytest.raises(StepFailed) as failed:
        hub.wait_for_server(UNSTARTABLE, tokens[UNSTARTABLE], timeout=60)
    message = str(failed.value)
    assert message.startswith("step 'server starts', user erin: the hub gave up starting the server: "
                              "erin's server never showed up"), message
    assert "No such directory: ''/no/such/folder''" in message, message


class _Runs:
    """Notebook 02 running in the students' kernels in threads of their own:
    each thread's results, or the exception it ended with."""

    def __init__(self) -> None:
        self.threads: list[threading.Thread] = []
        self.ran: list = []
        self.dragged: list[str] = []
        self.failed: list[BaseException] = []

    def start(self, work, *args) -> None:
        def guarded() -> None:
            try:
                work(*args)
            except BaseException as error:     # noqa: BLE001 -- raised again in the test's thread
                self.failed.append(error)
        thread = threading.Thread(target=guarded, daemon=True)
        thread.start()
        self.threads.append(thread)

    def join(self, timeout: float = 300) -> None:
        deadline = time.monotonic() + timeout
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))


@pytest.fixture(scope="module")
def notebook_runs(hub, tokens, repository):
    """Every student opens nbgitpuller's link (the set pulled into her home),
    then notebook 02 runs top to bottom in her kernel, three kernels at once:
    two through their servers' kernel API, and alice in JupyterLab in
    Chromium (one browser only: Chromium and JupyterLab cost seconds of a
    core each; without Chromium her kernel runs through the API too).  They
    run while the teacher grades (nbgrader keeps one core busy at a time),
    and the notebook test waits for them."""
    link = {"repo": f"file://{repository}", "branch": BRANCH, "targetpath": "gametree",
            "urlpath": f"lab/tree/{NOTEBOOK}"}
    for student in STUDENTS:
        page = hub.server("nbgitpuller link", student, tokens[student],
                          f"git-pull?{urllib.parse.urlencode(link)}").decode()
        if "nbgitpuller" not in page.lower():
            raise StepFailed("nbgitpuller link", student, "the link did not answer with nbgitpuller's page")
        hub.git_pull(student, tokens[student], link["repo"], BRANCH, "gametree")
        if not (hub.home(student) / NOTEBOOK).exists():
            raise StepFailed("nbgitpuller link", student, f"{NOTEBOOK} is not in her home after the pull")
    if not CHROMIUM.exists() and os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"GAMETREE_REQUIRE_BROWSER=1 but Chromium is not installed at {CHROMIUM}", pytrace=False)
    in_browser = STUDENTS[0] if CHROMIUM.exists() else None
    through_api = {student: tokens[student] for student in STUDENTS if student != in_browser}
    runs = _Runs()
    runs.start(lambda: runs.ran.extend(run_notebooks(hub, through_api, NOTEBOOK, after=DRAG)))
    if in_browser:
        runs.start(lambda: runs.dragged.append(_run_and_drag_in_the_browser(hub, in_browser,
                                                                            tokens[in_browser])))
    yield runs
    runs.join()


@pytest.mark.timeout(300)
def test_each_student_opens_the_nbgitpuller_link_runs_notebook_02_and_drags_its_stepper(
        notebook_runs):
    notebook_runs.join()
    if notebook_runs.failed:
        raise notebook_runs.failed[0]
    assert all(not thread.is_alive() for thread in notebook_runs.threads), "step 'run 02': still running"
    code_cells = sum(cell["cell_type"] == "code" for cell in
                     json.loads((REPO / "notebooks" / "02-alpha-beta.ipynb").read_text())["cells"])
    through_api = [student for student in STUDENTS if student not in notebook_runs.dragged]
    # every code cell, then the drag (DRAG), in each kernel the API drove
    assert [(each.user, each.cells) for each in notebook_runs.ran] == [(s, code_cells) for s in through_api]
    if CHROMIUM.exists():
        assert notebook_runs.dragged == [STUDENTS[0]]


DRAG = """first = stepper.caption_text
stepper.slider.value = 5          # what dragging the slider to step 5 sets, through the widget's comm
assert stepper.caption_text.startswith("Step 5 of ") and stepper.caption_text != first, stepper.caption_text
"""
"""What a student who runs notebook 02 through her kernel does next: drag
its first stepper to step 5, and see the caption follow."""


class _StudentsLab:
    """What tests/browser's LabPage needs of a server: a student's server
    behind the hub (her address and token)."""

    def __init__(self, hub: Hub, student: str, token: str):
        self.hub, self.student, self.token = hub, student, token
        self.url = f"{hub.url}/user/{student}"

    def shut_down_kernels(self, paths: set[str]) -> None:
        for session in json.loads(self.hub.server("browser", self.student, self.token, "api/sessions")):
            if session.get("path") in paths:
                self.hub.server("browser", self.student, self.token, f"api/sessions/{session['id']}",
                                "DELETE", expect=(204,))


def _run_and_drag_in_the_browser(hub: Hub, student: str, token: str) -> str:
    """``student`` logs in on the hub's page, runs notebook 02 in her
    JupyterLab and drags the first stepper five steps."""
    import psutil
    from playwright.sync_api import expect, sync_playwright

    me = psutil.Process()
    before = {child.pid for child in me.children()}
    playwright = sync_playwright().start()
    started = [child for child in me.children()     # the driver (the teacher's commands run meanwhile)
               if child.pid not in before and "playwright" in " ".join(child.cmdline())]
    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=CHROMIUM_FLAGS)
        context = chromium.new_context(viewport=cast(Any, VIEWPORT))
        lab = LabPage(cast(Any, _StudentsLab(hub, student, token)), context)   # a LabServer's url, token
        lab.page.goto(f"{hub.url}/hub/login")
        lab.page.fill("#username_input", student)
        lab.page.fill("#password_input", PASSWORD)
        lab.page.click("#login_submit")
        lab.page.wait_for_url(f"**/user/{student}/**", timeout=60_000)
        lab.open(NOTEBOOK)
        lab.run_all()
        assert lab.problems() == [], f"step 'browser', user {student}: {lab.problems()}"
        stepper = StepperView(lab.page.locator(".gametree-stepper").first)
        stepper.go_home()
        # The pointer must really be on the handle when it is pressed: JupyterLab lays out
        # cells as they come near, so a handle scrolled to can still move (tests/browser's
        # test_class_mode.py, issue 19).
        on_handle = "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.noUi-handle')"
        deadline = time.monotonic() + 15
        while True:
            stepper.handle.scroll_into_view_if_needed()
            box = stepper.handle.bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            if lab.page.evaluate(on_handle, [x, y]):
                break
            assert time.monotonic() < deadline, f"step 'browser', user {student}: the handle never settled"
            lab.page.wait_for_timeout(200)
        track = stepper.root.locator(".gametree-slider .noUi-base").bounding_box()
        step = track["width"] / stepper.maximum()
        lab.page.mouse.move(x, y)
        lab.page.mouse.down()
        for k in range(1, 6):
            lab.page.mouse.move(x + k * step, y)
            lab.page.wait_for_timeout(30)
        lab.page.mouse.up()
        expect(stepper.caption).to_contain_text("Step 5 of", timeout=15_000)
        assert stepper.value() == 5, f"step 'browser', user {student}: the drag left step {stepper.value()}"
        lab.server.shut_down_kernels({NOTEBOOK})
        return student
    finally:
        everything = _with_descendants(started)
        playwright.stop()
        _kill(everything)
