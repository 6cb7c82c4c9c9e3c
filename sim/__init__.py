"""The simulation engine and the games.

Importing `sim` points numba's on-disk cache at a directory named after a hash of every kernel source
(sim/ and strategies/) and the numba version. Numba keys its cache on the defining file only, so an edit
in another module (a layout constant, a helper) would otherwise reuse stale machine code.
"""

import os

from sim.kernel_cache import configure_numba_cache

__version__ = "0.1.0"

if not os.environ.get("PLAYOUT_KEEP_NUMBA_CACHE_DIR"):
    configure_numba_cache()
