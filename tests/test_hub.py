"""The course hub's launcher (hub/start.py) refuses, before anything
starts, what would make the hub fail half-way: a port already taken, no
configurable-http-proxy, a short shared password.  Each is one line on
stderr and exit status 2, and no process is left behind."""

import os
import socket
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
START = REPO / "hub" / "start.py"


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    for each in sockets:
        each.bind(("127.0.0.1", 0))
    ports = [each.getsockname()[1] for each in sockets]
    for each in sockets:
        each.close()
    return ports


def start(tmp_path, ports, env):
    hub, api, proxy, service = ports
    return subprocess.run([sys.executable, str(START), "--state", str(tmp_path / "state"),
                           "--port", str(hub), "--hub-api-port", str(api),
                           "--proxy-api-port", str(proxy), "--service-port", str(service)],
                          capture_output=True, text=True, timeout=60, env=env)


def test_a_taken_port_a_missing_proxy_and_a_short_password_are_refused_before_the_hub_starts(tmp_path):
    ports = free_ports(4)
    env = {**os.environ, "GAMETREE_HUB_PASSWORD": "short"}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", ports[2]))
        taken.listen()
        env["PATH"] = str(tmp_path)          # no configurable-http-proxy there
        result = start(tmp_path, ports, env)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert lines == [f"hub: the proxy api port {ports[2]} is already taken: stop what listens there "
                     "or choose another (--proxy-api-port)",
                     "hub: configurable-http-proxy is not on PATH: install it with "
                     "'npm install -g configurable-http-proxy@5.3.0'",
                     "hub: the shared password (GAMETREE_HUB_PASSWORD) must have 8 characters or more"]
    assert not (tmp_path / "state").exists(), "nothing is made before the checks pass"


def test_the_hub_starts_a_student_logs_in_her_server_starts_and_nothing_is_left_running(tmp_path):
    import http.cookiejar
    import signal
    import time
    import urllib.parse
    import urllib.request

    ports = free_ports(4)
    env = {**os.environ, "GAMETREE_HUB_PASSWORD": "password123"}
    hub = subprocess.Popen([sys.executable, str(START), "--state", str(tmp_path / "state"),
                            "--port", str(ports[0]), "--hub-api-port", str(ports[1]),
                            "--proxy-api-port", str(ports[2]), "--service-port", str(ports[3])],
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{ports[0]}"
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    try:
        for _ in range(90):
            try:
                if browser.open(f"{base}/hub/api/", timeout=5).status == 200:
                    break
            except OSError:
                time.sleep(0.5)
        else:
            raise AssertionError("step 'hub starts': the hub's API never answered")
        browser.open(f"{base}/hub/login", timeout=10)
        xsrf = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
        form = urllib.parse.urlencode({"_xsrf": xsrf, "username": "alice", "password": "password123"})
        browser.open(f"{base}/hub/login", form.encode(), timeout=30)
        browser.open(f"{base}/hub/spawn", timeout=60)
        for _ in range(120):
            try:
                page = browser.open(f"{base}/user/alice/lab", timeout=10)
                if page.status == 200 and "/user/alice/lab" in page.url:
                    break
            except OSError:
                pass
            time.sleep(0.5)
        else:
            raise AssertionError("step 'server starts', user alice: her JupyterLab never answered")
    finally:
        hub.send_signal(signal.SIGTERM)
        hub.wait(timeout=60)
    left = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert not [line for line in left.splitlines() if str(tmp_path) in line or f"{ports[0]} " in line
                or f"--port={ports[3]}" in line], "step 'hub stops': processes left running"
