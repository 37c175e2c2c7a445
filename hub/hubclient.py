"""Drive the course hub (hub/start.py) the way its users do, over HTTP only.

A user logs in through the hub's REST API (a token for their name and the
shared password), starts their server, and reaches it through the hub's
proxy: Jupyter's contents and kernels API, nbgrader's assignment list
(fetch, submit), nbgitpuller's ``git-pull``.  The teacher reaches the
course's formgrader service (generate, release, collect, autograde).  A
notebook runs cell by cell in a kernel of the user's server, over the
kernel's websocket, as JupyterLab runs it.

tests/test_hub.py and benchmarks/bench_hub.py use this; a teacher may too
(``python -c`` against their own hub).  Every failure is a
:class:`StepFailed` naming the step and the user.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
START = HERE / "start.py"
COURSE = "gametree"


class StepFailed(AssertionError):
    """A step of the class's session failed: which step, which user, why."""

    def __init__(self, step: str, user: str | None, why: str):
        who = f", user {user}" if user else ""
        super().__init__(f"step '{step}'{who}: {why}")
        self.step, self.user, self.why = step, user, why


def free_ports(count: int) -> list[int]:
    """``count`` distinct ports free on 127.0.0.1 now."""
    sockets = [socket.socket() for _ in range(count)]
    for each in sockets:
        each.bind(("127.0.0.1", 0))
    ports = [each.getsockname()[1] for each in sockets]
    for each in sockets:
        each.close()
    return ports


def _request(url: str, *, method: str = "GET", token: str | None = None, body: object = None,
             form: dict | None = None, timeout: float = 60) -> tuple[int, bytes]:
    headers = {"Authorization": f"token {token}"} if token else {}
    data = None
    if body is not None:
        data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
    elif form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@dataclass
class Hub:
    """A course hub started by hub/start.py on free ports, its state in ``state``.

    Attributes
    ----------
    state : Path
        The hub's folder: database, homes (``homes/<user>``), exchange.
    password : str
        The shared password.
    ports : list of int
        The hub's, its API's, the proxy API's and the formgrader service's ports.
    process : subprocess.Popen or None
        hub/start.py while it runs.
    """

    state: Path
    password: str
    students: list[str]
    teachers: list[str] = field(default_factory=lambda: ["teacher"])
    others: list[str] = field(default_factory=list)
    ports: list[int] = field(default_factory=lambda: free_ports(4))
    start_timeout: int = 60
    extra_env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.ports[0]}"

    @property
    def log(self) -> Path:
        return self.state.parent / f"{self.state.name}.log"

    @property
    def course(self) -> Path:
        """The formgrader's course folder (the teacher's copy of assignments/)."""
        return self.state / "homes" / f"grader-{COURSE}" / "assignments"

    def home(self, user: str) -> Path:
        return self.state / "homes" / user

    def environment(self) -> dict[str, str]:
        return {**os.environ, "GAMETREE_HUB_PASSWORD": self.password,
                "GAMETREE_HUB_STUDENTS": " ".join(self.students),
                "GAMETREE_HUB_TEACHERS": " ".join(self.teachers),
                "GAMETREE_HUB_OTHERS": " ".join(self.others),
                "GAMETREE_HUB_START_TIMEOUT": str(self.start_timeout), **self.extra_env}

    def command(self) -> list[str]:
        hub, api, proxy, service = self.ports
        return [sys.executable, str(START), "--state", str(self.state), "--port", str(hub),
                "--hub-api-port", str(api), "--proxy-api-port", str(proxy),
                "--service-port", str(service)]

    def start(self, timeout: float = 60) -> None:
        """Start the hub and wait until its API and the course's service answer."""
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(self.command(), env=self.environment(), stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                            start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise StepFailed("hub starts", None, f"hub/start.py exited with status "
                                 f"{self.process.returncode}: {self.log_tail()}")
            try:
                if _request(f"{self.url}/hub/api/", timeout=5)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise StepFailed("hub starts", None, f"the hub's API did not answer in {timeout:.0f} s: "
                         f"{self.log_tail()}")

    def log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def why_not_started(self, user: str) -> str:
        """The hub's sentence on ``user``'s server, and the servers' own
        critical errors, from the hub's log (every server writes there)."""
        try:
            lines = self.log.read_text(errors="replace").splitlines()
        except OSError:
            lines = []
        hubs = [line.split("] ", 1)[-1] for line in lines
                if line.startswith(("[W", "[E")) and f"{user}'s server" in line]
        servers = sorted({line.split("] ", 1)[-1] for line in lines if line.startswith("[C")})
        said = hubs[-1] if hubs else "no reason in its log"
        also = f" (servers' errors in the hub's log: {'; '.join(servers)})" if servers else ""
        return f"the hub gave up starting the server: {said}{also}"

    def stop(self, timeout: float = 60) -> None:
        """Stop the hub (hub/start.py stops JupyterHub, which stops every
        server and the proxy), then end what is left of its process group."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def left_running(self) -> list[str]:
        """Command lines of processes that still mention this hub's state or ports."""
        marks = [str(self.state), *(f":{port}" for port in self.ports), *(f"={port}" for port in self.ports)]
        listing = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
        return [line for line in listing.splitlines() if any(mark in line for mark in marks)
                and not line.startswith("ps ")]

    # --- what users do ----------------------------------------------------------------

    def login(self, user: str, password: str | None = None) -> str:
        """A token for ``user`` from the hub's REST API, given the password."""
        auth = {"username": user, "password": self.password if password is None else password}
        status, body = _request(f"{self.url}/hub/api/users/{user}/tokens", method="POST",
                                body={"auth": auth, "note": "gametree hub client"})
        if status != 201:
            raise StepFailed("log in", user, f"the hub answered {status}: {body[:200]!r}")
        return json.loads(body)["token"]

    def hub_api(self, step: str, user: str, token: str, path: str, method: str = "GET",
                body: object = None, expect: tuple[int, ...] = (200,)) -> object:
        status, answer = _request(f"{self.url}/hub/api/{path}", method=method, token=token, body=body)
        if status not in expect:
            raise StepFailed(step, user, f"{method} /hub/api/{path} answered {status}: {answer[:300]!r}")
        return json.loads(answer) if answer else None

    def start_server(self, user: str, token: str) -> None:
        """Ask the hub to start ``user``'s server (returns at once)."""
        status, answer = _request(f"{self.url}/hub/api/users/{user}/server", method="POST", token=token)
        if status >= 500:
            raise StepFailed("server starts", user, "the hub could not start the server; its log says:\n"
                             + self.log_tail())
        if status not in (201, 202, 400):      # 400: it is running already
            raise StepFailed("server starts", user, f"the hub answered {status}: {answer[:300]!r}")

    def wait_for_server(self, user: str, token: str, timeout: float = 90) -> float:
        """Seconds until ``user``'s server answers through the proxy."""
        began = time.monotonic()
        while time.monotonic() - began < timeout:
            model = self.hub_api("server starts", user, token, f"users/{user}")
            assert isinstance(model, dict)
            server = (model.get("servers") or {}).get("")
            if server and server.get("ready"):
                status, _ = _request(f"{self.url}/user/{user}/api/status", token=token)
                if status == 200:
                    return time.monotonic() - began
            elif not server and not model.get("pending"):
                raise StepFailed("server starts", user, self.why_not_started(user))
            time.sleep(0.3)
        raise StepFailed("server starts", user, f"the server did not answer in {timeout:.0f} s")

    def server(self, step: str, user: str, token: str, path: str, method: str = "GET",
               body: object = None, form: dict | None = None, expect: tuple[int, ...] = (200,),
               timeout: float = 120) -> bytes:
        """A request to ``user``'s server through the hub's proxy."""
        status, answer = _request(f"{self.url}/user/{user}/{path}", method=method, token=token,
                                  body=body, form=form, timeout=timeout)
        if status not in expect:
            raise StepFailed(step, user, f"{method} /user/{user}/{path} answered {status}: "
                             f"{answer[:300]!r}")
        return answer

    def formgrader(self, step: str, user: str, token: str, path: str, method: str = "GET",
                   body: object = None, may_fail: bool = False) -> object:
        """A call to the course's formgrader service (nbgrader's own API);
        an answer ``{"success": false}`` fails the step unless ``may_fail``."""
        status, answer = _request(f"{self.url}/services/{COURSE}/formgrader/api/{path}",
                                  method=method, token=token, body=body, timeout=240)
        if status != 200:
            raise StepFailed(step, user, f"formgrader {method} {path} answered {status}: "
                             f"{answer[:300]!r}")
        result = json.loads(answer)
        if isinstance(result, dict) and result.get("success") is False and not may_fail:
            raise StepFailed(step, user, f"formgrader {path}: {result.get('error') or result.get('log')}")
        return result

    def fetch(self, user: str, token: str, assignment: str) -> None:
        """Fetch ``assignment`` as the Assignments tab does (nbgrader's
        handler on the user's server, through the proxy)."""
        form = {"assignment_id": assignment, "course_id": COURSE}
        listed = json.loads(self.server("fetch", user, token, "assignments/fetch", "POST", form=form))
        if not listed.get("success"):
            raise StepFailed("fetch", user, f"nbgrader could not list the course: {listed.get('value')}")
        mine = [each for each in listed["value"] if each["assignment_id"] == assignment]
        if not mine:
            raise StepFailed("fetch", user, f"{assignment} is not released to {user}: nbgrader lists "
                             f"only the courses of the hub's nbgrader-<course> groups the user is in; "
                             f"put {user} on the course's list (GAMETREE_HUB_STUDENTS)")
        if mine[0]["status"] != "fetched":
            raise StepFailed("fetch", user, f"{assignment} was listed but not fetched: {mine[0]}")

    def submit(self, user: str, token: str, assignment: str) -> None:
        """Submit ``assignment`` from the user's home, as the Assignments tab does."""
        form = {"assignment_id": assignment, "course_id": COURSE}
        answer = json.loads(self.server("submit", user, token, "assignments/submit", "POST", form=form))
        if not answer.get("success") or not any(each["assignment_id"] == assignment
                                                and each["status"] == "submitted"
                                                for each in answer["value"]):
            raise StepFailed("submit", user, f"nbgrader's submit failed: {answer.get('value')}")

    def git_pull(self, user: str, token: str, repo: str, branch: str, targetpath: str) -> None:
        """What nbgitpuller's link does: clone or pull ``repo`` into the home."""
        query = urllib.parse.urlencode({"repo": repo, "branch": branch, "targetpath": targetpath})
        answer = self.server("nbgitpuller link", user, token, f"git-pull/api?{query}").decode()
        events = [json.loads(line[len("data:"):]) for line in answer.splitlines()
                  if line.startswith("data:")]
        if not events or events[-1].get("phase") != "finished":
            last = events[-1] if events else {}
            raise StepFailed("nbgitpuller link", user, f"the pull did not finish: "
                             f"{last.get('message') or answer[-300:]}")


@dataclass(frozen=True)
class Ran:
    """A notebook run in a kernel of a user's server."""

    user: str
    cells: int
    """How many code cells ran."""
    seconds: float
    """From the kernel's start to the last cell's reply."""


async def run_notebook(hub: Hub, user: str, token: str, path: str, timeout: float = 300,
                       keep_kernel: bool = False, after: str = "") -> Ran:
    """Run the notebook at ``path`` (in the user's home) top to bottom in a
    new kernel of their server, then ``after`` (code the student would run
    next, such as a move of a widget), stop at the first error (a
    StepFailed with the cell's number and the error), then shut the kernel
    down (unless ``keep_kernel``: a student's notebook left open, to
    measure)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    step = f"run {Path(path).name}"
    began = time.monotonic()
    notebook = json.loads(await asyncio.to_thread(
        hub.server, step, user, token, f"api/contents/{urllib.parse.quote(path)}?content=1"))
    cells = [cell for cell in notebook["content"]["cells"] if cell["cell_type"] == "code"]
    sources = ["".join(cell["source"]) for cell in cells] + ([after] if after else [])
    session = json.loads(await asyncio.to_thread(
        hub.server, step, user, token, "api/sessions", "POST",
        {"path": path, "type": "notebook", "name": Path(path).name, "kernel": {"name": "python3"}},
        None, (201,)))
    kernel = session["kernel"]["id"]
    ws_url = f"ws://127.0.0.1:{hub.ports[0]}/user/{user}/api/kernels/{kernel}/channels"
    try:
        connection = await websocket_connect(HTTPRequest(ws_url, headers={"Authorization": f"token {token}"}))
    except Exception as error:           # tornado's HTTPClientError, a refused connection
        raise StepFailed(step, user, f"the kernel's connection was refused ({error}): the kernel died "
                         "as it started; the hub's log says why") from error
    try:
        for number, source in enumerate(sources, 1):
            msg_id = uuid.uuid4().hex
            await connection.write_message(json.dumps({
                "header": {"msg_id": msg_id, "username": user, "session": session["id"],
                           "msg_type": "execute_request", "version": "5.3"},
                "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                "content": {"code": source, "silent": False, "store_history": True,
                            "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
            while True:
                left = timeout - (time.monotonic() - began)
                if left <= 0:
                    raise StepFailed(step, user, f"code cell {number} had not finished after {timeout:.0f} s")
                try:
                    message = await asyncio.wait_for(connection.read_message(), left)
                except TimeoutError:
                    raise StepFailed(step, user, f"code cell {number} had not finished after "
                                     f"{timeout:.0f} s") from None
                if message is None:
                    raise StepFailed(step, user, f"the kernel's connection closed in code cell {number}")
                if isinstance(message, bytes):
                    continue                      # a binary message (widget buffers)
                reply = json.loads(message)
                state = reply.get("content", {}).get("execution_state")
                if reply.get("msg_type") == "status" and state in ("dead", "restarting"):
                    raise StepFailed(step, user, f"the kernel died in code cell {number} (the "
                                     f"server says '{state}'; its log says why)")
                if reply.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                if reply["msg_type"] == "execute_reply":
                    content = reply["content"]
                    if content["status"] != "ok":
                        where = f"code cell {number}" if number <= len(cells) else "the code run after it"
                        raise StepFailed(step, user, f"{where} raised {content.get('ename')}: "
                                         f"{content.get('evalue')}")
                    break
    finally:
        connection.close()
        if not keep_kernel:
            await asyncio.to_thread(hub.server, step, user, token, f"api/sessions/{session['id']}",
                                    "DELETE", None, None, (204, 404))
    return Ran(user, len(cells), time.monotonic() - began)


def run_notebooks(hub: Hub, tokens: dict[str, str], path: str, timeout: float = 300,
                  after: str = "") -> list[Ran]:
    """Run ``path`` (then ``after``) in every user's server at once; the first failure is raised."""
    async def all_of_them() -> list[Ran]:
        return list(await asyncio.gather(*(run_notebook(hub, user, token, path, timeout, after=after)
                                           for user, token in tokens.items())))
    return asyncio.run(all_of_them())
