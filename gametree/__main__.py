"""``python -m gametree``: see :mod:`gametree.cli`."""

import sys

from .cli import main

sys.exit(main())
