"""Run a script in a fresh Python whose OpenBLAS kernel (and numpy's SIMD code) we choose.

The tests of "the same numbers on every machine" compare what a script prints under the default
kernel, under others (OPENBLAS_CORETYPE) and with numpy's CPU-dispatched code turned off
(NPY_DISABLE_CPU_FEATURES).
"""
import os
import subprocess
import sys

KERNELS = (None, "Prescott", "Haswell")


def output_under(script, *, blas=None, disabled_features=None):
    """What `script` prints, run with OPENBLAS_CORETYPE=blas and NPY_DISABLE_CPU_FEATURES set (None: unset)."""
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "NPY_DISABLE_CPU_FEATURES")}
    env.update({k: v for k, v in (("OPENBLAS_CORETYPE", blas), ("NPY_DISABLE_CPU_FEATURES", disabled_features)) if v})
    return subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True).stdout


def simd_features():
    """numpy's CPU-dispatched features this machine uses, as NPY_DISABLE_CPU_FEATURES names them."""
    from numpy._core import _multiarray_umath as umath
    return " ".join(name for name in umath.__cpu_dispatch__ if umath.__cpu_features__.get(name))


def settings():
    """(blas, disabled_features) pairs: the default, two other BLAS kernels, and numpy's SIMD turned off."""
    return [(blas, None) for blas in KERNELS] + [(None, simd_features() or None)]
