"""JupyterHub's configuration for a gametree course hub.

Run from the repository's root with the teacher's environment active
(``requirements-teacher.txt`` and ``pip install -e .``), and
configurable-http-proxy from npm on PATH::

    GAMETREE_HUB_PASSWORD=... jupyterhub -f hub/jupyterhub_config.py

What runs here are JupyterHub's own local pieces: the shared-password
authenticator (every listed user, one password of 8 characters or more), one local process per user
(SimpleLocalProcessSpawner: every home is a folder under GAMETREE_HUB_HOMES)
and SQLite.  A university replaces two of them:

* the authenticator: its single sign-on (``oauthenticator``'s
  GenericOAuthenticator, LTI from the learning platform with
  ``ltiauthenticator``, or ``ldapauthenticator``); the course lists below
  then become the allowed users and groups;
* the spawner: ``SystemdSpawner`` or ``DockerSpawner`` on one machine,
  ``KubeSpawner`` on Kubernetes (hub/z2jh-values.yaml), each user in their
  own account or container, which this local setup does not give.

Everything is set from environment variables so that a test can put the
hub on free ports with its database and homes in a temporary folder.
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 -- JupyterHub defines it when it reads this file

HERE = Path(__file__).resolve().parent
STATE = Path(os.environ.get("GAMETREE_HUB_STATE", HERE / "state")).resolve()
HOMES = STATE / "homes"
EXCHANGE = STATE / "exchange"           # nbgrader's exchange: released, inbound, outbound
COURSE = "gametree"                      # nbgrader's course id (assignments/nbgrader_config.py)

TEACHERS = os.environ.get("GAMETREE_HUB_TEACHERS", "teacher").split()
STUDENTS = os.environ.get("GAMETREE_HUB_STUDENTS", "alice bob carol").split()
OTHERS = os.environ.get("GAMETREE_HUB_OTHERS", "").split()   # users of the hub on no course's list
GRADER = f"grader-{COURSE}"             # the account the course's formgrader service runs as

# --- Where the hub listens, and its state --------------------------------------------------
c.JupyterHub.bind_url = f"http://127.0.0.1:{os.environ.get('GAMETREE_HUB_PORT', '8000')}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("GAMETREE_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('GAMETREE_HUB_PROXY_API_PORT', '8001')}"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
c.JupyterHub.cleanup_servers = True     # stopping the hub stops every user's server
c.JupyterHub.cleanup_proxy = True

# --- Who logs in: a university replaces this with its own authenticator ---------------------
c.JupyterHub.authenticator_class = "shared-password"   # JupyterHub's DummyAuthenticator with one password
c.SharedPasswordAuthenticator.user_password = os.environ.get("GAMETREE_HUB_PASSWORD", "")
c.Authenticator.allowed_users = set(TEACHERS) | set(STUDENTS) | set(OTHERS)
# The teachers are not the hub's admins: the shared-password authenticator would then take
# only its separate admin password from them (the users' password refused, measured).  They
# reach the course's formgrader through the formgrade group below.

# --- Each user's server: a university replaces this with its own spawner --------------------
c.JupyterHub.spawner_class = "simple"   # jupyterhub.spawner.SimpleLocalProcessSpawner
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.cmd = [str(Path(sys.executable).parent / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = int(os.environ.get("GAMETREE_HUB_START_TIMEOUT", "60"))
c.Spawner.http_timeout = int(os.environ.get("GAMETREE_HUB_START_TIMEOUT", "60"))
# Answer "starting" at once and let the client follow the start (GET /hub/api/users/<name>):
# a class logging in together does not hold a request each, and a server that fails to
# start is reported as failed (JupyterHub's own wait answered 500 with no reason when
# the server exited within it, measured with 6.1).
c.JupyterHub.tornado_settings = {"slow_spawn_timeout": 0}
# A server started from a terminal answers SIGINT (the spawner's first way to stop it) by
# asking there whether to shut down, and goes on; SIGTERM, sent after this wait, stops it
# cleanly with its kernels.  JupyterHub's 10 s made stopping a hub with 30 servers take 91 s
# (hub/start.py also gives the hub no terminal).
c.LocalProcessSpawner.interrupt_timeout = 1
if os.geteuid() == 0:                    # a container's root: Jupyter refuses to run as root without it
    c.Spawner.args = ["--allow-root"]
# The users' environment is this one (the set installed with requirements.txt and the
# package); nbgrader's student side reads hub/student-config/nbgrader_config.py.
c.Spawner.environment = {
    "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    "JUPYTER_CONFIG_PATH": str(HERE / "student-config"),
    "GAMETREE_HUB_EXCHANGE": str(EXCHANGE),
    "GAMETREE_HUB_COURSE": COURSE,
}

# --- nbgrader's course service and groups (nbgrader 0.9.6: "one class, one grader") ---------
# The formgrader runs as a hub service in the course folder (a copy of assignments/);
# the teachers reach it through the formgrade group; the students' Assignments tab
# lists the courses of the nbgrader-<course> groups they are in.
c.JupyterHub.load_groups = {
    "instructors": {"users": TEACHERS},
    f"formgrade-{COURSE}": {"users": TEACHERS},
    f"nbgrader-{COURSE}": {"users": STUDENTS},
}
c.JupyterHub.load_roles = [
    {"name": f"formgrade-{COURSE}", "groups": [f"formgrade-{COURSE}"],
     "scopes": [f"access:services!service={COURSE}"]},
    {"name": "server", "scopes": ["inherit"]},   # a server may call the hub as its user (nbgrader's course list)
]
c.JupyterHub.services = [
    {
        "name": COURSE,
        "url": f"http://127.0.0.1:{os.environ.get('GAMETREE_HUB_SERVICE_PORT', '9999')}",
        "command": [str(Path(sys.executable).parent / "jupyterhub-singleuser"), "--ServerApp.ip=127.0.0.1",
                    f"--port={os.environ.get('GAMETREE_HUB_SERVICE_PORT', '9999')}",
                    *(["--allow-root"] if os.geteuid() == 0 else [])],
        "cwd": str(HOMES / GRADER / "assignments"),
        "environment": {
            "JUPYTERHUB_DEFAULT_URL": "/lab",
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
            "JUPYTER_CONFIG_PATH": str(HERE / "student-config"),
            "GAMETREE_HUB_EXCHANGE": str(EXCHANGE),
            "GAMETREE_HUB_COURSE": COURSE,
            # the grader's home: the teacher's grading seed is its .gametree/grading-seed
            "HOME": str(HOMES / GRADER),
        },
    },
]
