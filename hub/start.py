"""Start the course hub (hub/jupyterhub_config.py) after checking what
would make it fail half-way, and stop everything it started when it ends.

    python hub/start.py --state /srv/gametree-hub --port 8000

Checked before anything starts, each a one-line message and exit status 2:
a port already taken, configurable-http-proxy missing from PATH, a
password shorter than JupyterHub's shared-password minimum (8).  The hub
runs in its own process group: when it exits, or this script is stopped
(Ctrl-C, SIGTERM), the group is signalled, so a hub that fails at start
leaves no proxy or service behind (JupyterHub alone does: measured).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COURSE_SOURCE = HERE.parent / "assignments"
FLAGS = {"hub": "--port", "hub api": "--hub-api-port", "proxy api": "--proxy-api-port",
         "service": "--service-port"}


def port_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def problems(ports: dict[str, int], password: str, path: str) -> list[str]:
    """What stops the hub from starting, one sentence each (empty: nothing)."""
    found = []
    for name, port in ports.items():
        if not port_free(port):
            found.append(f"the {name} port {port} is already taken: stop what listens there "
                         f"or choose another ({FLAGS[name]})")
    if shutil.which("configurable-http-proxy", path=path) is None:
        found.append("configurable-http-proxy is not on PATH: install it with "
                     "'npm install -g configurable-http-proxy@5.3.0'")
    if len(password) < 8:
        found.append("the shared password (GAMETREE_HUB_PASSWORD) must have 8 characters or more")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--state", type=Path, required=True, help="folder for the database, homes and exchange")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--hub-api-port", type=int, default=8081)
    parser.add_argument("--proxy-api-port", type=int, default=8001)
    parser.add_argument("--service-port", type=int, default=9999)
    args = parser.parse_args(argv)
    ports = {"hub": args.port, "hub api": args.hub_api_port, "proxy api": args.proxy_api_port,
             "service": args.service_port}
    venv_bin = str(Path(sys.executable).parent)
    path = f"{venv_bin}{os.pathsep}{os.environ.get('PATH', '')}"
    found = problems(ports, os.environ.get("GAMETREE_HUB_PASSWORD", ""), path)
    if found:
        for sentence in found:
            print(f"hub: {sentence}", file=sys.stderr)
        return 2
    state = args.state.resolve()
    (state / "homes").mkdir(parents=True, exist_ok=True)
    exchange = state / "exchange"
    exchange.mkdir(exist_ok=True)
    exchange.chmod(0o777)                    # nbgrader's exchange: everyone writes inbound
    course = state / "homes" / "grader-gametree" / "assignments"
    if not course.exists():
        shutil.copytree(COURSE_SOURCE, course)
    env = {**os.environ, "PATH": path, "GAMETREE_HUB_STATE": str(state),
           "GAMETREE_HUB_PORT": str(args.port), "GAMETREE_HUB_API_PORT": str(args.hub_api_port),
           "GAMETREE_HUB_PROXY_API_PORT": str(args.proxy_api_port),
           "GAMETREE_HUB_SERVICE_PORT": str(args.service_port)}
    hub = subprocess.Popen([str(Path(venv_bin) / "jupyterhub"), "-f", str(HERE / "jupyterhub_config.py")],
                           cwd=state, env=env, start_new_session=True,
                           # no terminal: a server then stops on SIGINT instead of asking
                           # its terminal whether to (each server's stop took seconds)
                           stdin=subprocess.DEVNULL)

    def stop(signum: int, frame: object) -> None:
        hub.send_signal(signal.SIGTERM)      # JupyterHub stops its proxy, service and servers

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        code = hub.wait()
    finally:
        try:                                 # whatever the hub left (it leaves its proxy when it fails at start)
            os.killpg(hub.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    if code:
        print(f"hub: JupyterHub exited with status {code}; its log above says why", file=sys.stderr)
    return 1 if code else 0


if __name__ == "__main__":
    sys.exit(main())
