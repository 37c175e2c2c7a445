"""nbgrader's exchange for everyone on the course hub (hub/jupyterhub_config.py
puts this folder on JUPYTER_CONFIG_PATH): students fetch and submit here, the
teacher releases and collects here.  The course folder's own
nbgrader_config.py (assignments/) adds the grading steps."""

import os

c = get_config()  # noqa: F821 -- nbgrader defines it when it reads this file

c.CourseDirectory.course_id = os.environ.get("GAMETREE_HUB_COURSE", "gametree")
c.Exchange.root = os.environ.get("GAMETREE_HUB_EXCHANGE", "/srv/nbgrader/exchange")
c.Exchange.assignment_dir = "."
