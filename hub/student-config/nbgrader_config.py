"""nbgrader's exchange for everyone on the course hub (hub/jupyterhub_config.py
puts this folder on JUPYTER_CONFIG_PATH): students fetch and submit here, the
teacher releases and collects here.  The course folder's own
nbgrader_config.py (assignments/) adds the grading steps."""

import os

c = get_config()  # noqa: F821 -- nbgrader defines it when it reads this file

c.CourseDirectory.course_id = os.environ.get("GAMETREE_HUB_COURSE", "gametree")
c.Exchange.root = os.environ.get("GAMETREE_HUB_EXCHANGE", "/srv/nbgrader/exchange")
c.Exchange.assignment_dir = "."

# On a user's server (not the course's service, which lists, collects and
# grades for every student):
#
# * who may fetch and submit is the hub's nbgrader-<course> groups (the
#   course's list, hub/jupyterhub_config.py), asked of the hub with the
#   server's token; a user on no list sees no course, and fetching or
#   submitting is refused "You do not have access to this course";
# * the student id is the hub's user name: every server on this hub runs as
#   one system account, so nbgrader's default (the account's name) would file
#   every submission under it.
if os.environ.get("JUPYTERHUB_USER") and not os.environ.get("JUPYTERHUB_SERVICE_NAME"):
    c.Authenticator.plugin_class = "nbgrader.auth.JupyterHubAuthPlugin"
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]
