"""The JupyterLite site, built from this checkout and served on 127.0.0.1, for the browser tests.

The site is built with tools/jupyterlite.py pointed at a local copy of the official Pyodide files
(../shared/pyodide-0.27.7 beside the project, or PERCEPTRON_PYODIDE), so nothing in the browser
needs the network: every request that would leave 127.0.0.1 is refused and recorded.
"""
import os
import sys
import time
from pathlib import Path

from jupyter import ROOT, chromium, menu, wait_for_kernel_idle, wait_for_widgets

sys.path.insert(0, str(ROOT / "tools"))
import jupyterlite  # noqa: E402  (tools/ is not a package)
from jupyterlite import serve  # noqa: E402,F401  (the tests and the latency benchmark serve the site with it)

PYODIDE = Path(os.environ.get("PERCEPTRON_PYODIDE", ROOT.parent / "shared" / "pyodide-0.27.7"))
PYODIDE_HINT = (f"no local Pyodide at {PYODIDE}: the JupyterLite tests need the official Pyodide 0.27.7 files "
                "there (or PERCEPTRON_PYODIDE pointing at them) to run with no network")

# JupyterLab setting for tests: render every cell, not only those in view, so that every prompt and
# widget can be found.
RENDER_EVERY_CELL = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}


def keep_local(page, base):
    """Refuse every request that leaves `base`; return the list the refused URLs are added to."""
    outside = []

    def route(request_route):
        url = request_route.request.url
        if url.startswith(base + "/") or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    page.context.route("**/*", route)
    return outside


def first_visits(base, names):
    """For each of `names`, yield (name, page): a 1280×720 page of a new Chromium (a first visit: nothing cached)
    that may reach only `base`. A request that left it is a RuntimeError once the caller is done with the page."""
    for name in names:
        with chromium(1280, 720) as page:
            outside = keep_local(page, base)
            yield name, page
            if outside:
                raise RuntimeError(f"{name}: requests left 127.0.0.1: {outside[:5]}")


def open_and_run_all(page, base, name, timeout=180):
    """Open lesson `name` in the site's JupyterLab, run all cells, wait until all have run.

    The lesson opens with its stored outputs, whose prompts already say [1], [2], ...: they are cleared
    first (as jupyter.open_and_run_all does), so that the prompts waited for are this run's.
    Returns (seconds until the kernel was ready, seconds to run all cells).
    """
    start = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={name}")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
    wait_for_kernel_idle(page, timeout=120)
    ready = time.monotonic()
    menu(page, "Edit", "Clear Outputs of All Cells")
    run = time.monotonic()
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(  # every cell has run, or one failed and Run All stopped there
        r"""() => {
            const prompts = [...document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell .jp-InputPrompt:not(.jp-Placeholder-prompt)')];
            const failed = document.querySelector('.jp-NotebookPanel [data-mime-type="application/vnd.jupyter.stderr"]');
            return failed || prompts.every(p => /\[\d+\]/.test(p.textContent));   // a collapsed cell's prompt stays empty
        }""", timeout=timeout * 1000, polling=200)
    wait_for_kernel_idle(page, timeout=timeout)
    ran = time.monotonic() - run
    wait_for_widgets(page)
    return ready - start, ran
