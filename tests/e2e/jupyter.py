"""A real JupyterLab and a real Chromium for the browser tests and the latency benchmark.

JupyterLab runs on 127.0.0.1 with a free port, a token, and a fresh folder holding a copy of
the notebooks (so nothing the browser saves touches the repository) and its own settings and
workspaces. Chromium is Debian's (/usr/bin/chromium), driven by Playwright; nothing downloads
a browser.
"""
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("PERCEPTRON_CHROMIUM", "/usr/bin/chromium"))
INSTALL_HINT = ("Chromium not found at /usr/bin/chromium: install it with "
                "`sudo apt-get install chromium` (Debian/Ubuntu), or point PERCEPTRON_CHROMIUM at a "
                "Chromium binary, to run the browser tests")
# Chromium, as root in a container, with the machine's closed network: no sandbox, no GPU, and
# none of the background connections that would only be refused.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def jupyter_lab(notebooks=ROOT / "notebooks", timeout=90, render_all=True):
    """Start JupyterLab on a copy of `notebooks`; yield (base_url, token, folder).

    With render_all, every cell is rendered (windowing off), so tests can find every widget;
    without it JupyterLab keeps its default, as a student has it.
    """
    folder = Path(tempfile.mkdtemp(prefix="perceptron-e2e-"))
    work = folder / "notebooks"
    shutil.copytree(notebooks, work, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    # No news or update checks (a toast over the notebook, requests to the web): the settings the package installs
    # for JupyterLab (jupyter-config/, pyproject's shared-data; test_environment checks they are), none of the tests'
    # own, so that they are tried
    # Render every cell, not only those in view, so that every widget can be found and operated.
    if render_all:
        notebook_settings = folder / "settings" / "@jupyterlab" / "notebook-extension"
        notebook_settings.mkdir(parents=True)
        (notebook_settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    # The JupyterLab a student has: without the instructor's nbgrader extension, if the test environment has it.
    labconfig = folder / "config" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": {"@jupyter/nbgrader": True, "@jupyter-notebook/lab-extension": True}}))
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(folder / "config"), JUPYTERLAB_SETTINGS_DIR=str(folder / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(folder / "workspaces"), JUPYTER_RUNTIME_DIR=str(folder / "runtime"))
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={folder}",
               "--ServerApp.open_browser=False", "--ServerApp.allow_root=True"]
    log = open(folder / "jupyter.log", "w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not start; its log:\n{(folder / 'jupyter.log').read_text()}")
                time.sleep(0.3)
        yield base, token, folder
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def chromium(width=1280, height=900):
    """A Playwright page in Debian's Chromium."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()


def open_and_run_all(page, base, token, name, timeout=180):
    """Open notebooks/`name` in JupyterLab, clear it, run all cells, and wait until all have run."""
    page.goto(f"{base}/lab/tree/notebooks/{name}?token={token}&reset")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
    wait_for_kernel_idle(page, timeout=90)
    menu(page, "Edit", "Clear Outputs of All Cells")
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(
        r"""() => {
            const prompts = [...document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell .jp-InputPrompt:not(.jp-Placeholder-prompt)')];
            return prompts.every(p => /\[\d+\]/.test(p.textContent));
        }""", timeout=timeout * 1000, polling=200)
    wait_for_kernel_idle(page, timeout=timeout)
    wait_for_widgets(page)


def open_new_notebook(page, base, token, name, sources):
    """Write a notebook `name` of code cells (their `sources`) into the served notebooks/ and open it; its kernel
    idle."""
    import urllib.request
    from nbformat.v4 import new_code_cell, new_notebook
    cells = [new_code_cell(source) for source in sources]
    body = json.dumps({"type": "notebook", "format": "json", "content": new_notebook(cells=cells, metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}})}).encode()
    urllib.request.urlopen(urllib.request.Request(f"{base}/api/contents/notebooks/{name}?token={token}",
                                                  data=body, method="PUT"), timeout=30)
    page.goto(f"{base}/lab/tree/notebooks/{name}?token={token}&reset")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
    wait_for_kernel_idle(page, timeout=90)


def wait_for_widgets(page, timeout=60):
    """Wait until no widget in the page still says 'Loading widget...'.

    A cell's prompt shows its number once the kernel has replied, but its widgets are made after that, in the
    browser (the model, then the view: an anywidget's module is imported first), so a test that looked at once
    could find a view not made yet, or report that placeholder as a problem. One still loading after `timeout`
    seconds fails here."""
    from playwright.sync_api import expect
    expect(page.get_by_text("Loading widget...")).to_have_count(0, timeout=timeout * 1000)


def wait_for_deck(page, timeout=30):
    """Wait until a reveal.js deck takes the keys: `.reveal.ready`, which reveal.js sets a moment after it shows
    the first slide (Page Downs pressed before are lost)."""
    page.wait_for_function("() => document.querySelector('.reveal.ready') !== null", timeout=timeout * 1000)


def wait_for_animations(page, within="html", timeout=10):
    """Wait until every CSS transition and one-off animation in the part `within` (a selector) of the page has ended
    (a theme's colours, a slide moving in), so that what is measured or checked next is at rest, not a frame in
    between. A repeating animation (reveal.js's bouncing arrow, 50 times over) is a cue, not a change that
    settles: not waited for."""
    page.wait_for_function(
        """within => document.getAnimations().every(a => a.playState !== 'running'
                                                       || a.effect?.getComputedTiming().iterations > 1
                                                       || !a.effect?.target?.closest?.(within))""",
        arg=within, timeout=timeout * 1000, polling=100)


def menu(page, top, item):
    """Choose a command from JupyterLab's menu bar."""
    page.get_by_role("menuitem", name=top, exact=True).click()
    page.get_by_role("menuitem", name=item, exact=True).click()


def wait_for_kernel_idle(page, timeout):
    """Wait until the status bar says the notebook's kernel is idle."""
    page.wait_for_function(
        "() => /\\|\\s*Idle/.test(document.querySelector('.jp-StatusBar-Widget, #jp-main-statusbar')?.textContent || '')",
        timeout=timeout * 1000, polling=200)


def problems_shown(page):
    """Error outputs, stderr and broken widgets visible in the open notebook."""
    found = []
    for selector, what in [('[data-mime-type="application/vnd.jupyter.stderr"]', "error or stderr output")]:
        for item in page.locator(f".jp-NotebookPanel {selector}").all():
            found.append(f"{what}: {item.inner_text()[:300]}")
    for text in ("Error displaying widget", "Loading widget...", "model not found"):
        if page.get_by_text(text).count():
            found.append(f"a widget shows {text!r}")
    return found


def stepper_state(stepper):
    """(step shown by the player, picture source) of a TraceStepper in the page."""
    return (stepper.locator(".step").first.inner_text().strip().removeprefix("step ").split(" of ")[0],
            stepper.locator("img").first.get_attribute("src"))


UNNAMED = r"^\s*- (?:button|slider|spinbutton|combobox|checkbox|textbox)(?: \[[^\]]*\])?:?\s*$"


def unnamed_controls(view):
    """Lines of the accessibility tree of `view` (a locator) that show a control without a name."""
    import re
    return [line for line in view.aria_snapshot().splitlines() if re.match(UNNAMED, line)]


def wait_for_change(page, stepper, before, timeout=10):
    """Wait until the stepper shows another step and another picture than `before`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = stepper_state(stepper)
        if now[0] != before[0] and now[1] != before[1]:
            return now
        page.wait_for_timeout(20)
    raise AssertionError(f"the stepper still shows step {before[0]} after {timeout} s")


def keyboard_only(page, stepper):
    """Lesson 02's stepper (the OR run) operated from the keyboard alone, as a student who uses no mouse:
    Tab through its controls; Enter, Space, the arrows, Home and End step; the notebook takes none of these
    keys (its active cell, command mode and the focus stay); the live region says each step."""
    stepper.scroll_into_view_if_needed()
    said = stepper.locator("[aria-live=polite]")
    active_cell = "() => document.querySelector('.jp-Notebook .jp-Cell.jp-mod-active')?.innerText.slice(0, 40)"
    stepper.get_by_role("button", name="play").focus()    # arrived at the player
    cell = page.evaluate(active_cell)
    focused = [page.evaluate("() => document.activeElement.innerText.trim()")]
    for _ in range(2):
        page.keyboard.press("Tab")
        focused.append(page.evaluate("() => document.activeElement.innerText.trim()"))
    assert focused == ["play", "previous", "next"]
    assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") == "solid"
    page.keyboard.press("Enter")
    assert stepper_state(stepper)[0] == "1"
    assert said.inner_text() == "step 1 of 13: X1 presented, W·X = 0, output 0, target 0: right, W stays [0 0 0]"
    page.keyboard.press(" ")
    assert said.inner_text().startswith("step 2 of 13: X2 presented, W·X = 0, output 0, target 1: a mistake")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    assert stepper_state(stepper)[0] == "3"
    page.keyboard.press("End")
    assert stepper_state(stepper)[0] == "13" and said.inner_text().startswith("step 13 of 13")
    page.keyboard.press("Home")
    assert stepper_state(stepper)[0] == "0" and said.inner_text().startswith("step 0 of 13")
    assert page.evaluate("() => document.activeElement.innerText.trim()") == "next"   # focus stays put
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "step"
    page.keyboard.press("ArrowRight")
    assert stepper_state(stepper)[0] == "1"
    page.keyboard.press("End")
    assert stepper_state(stepper)[0] == "13"
    assert page.evaluate(active_cell) == cell                       # JupyterLab moved to no other cell
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "step"
    assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 0   # nor into edit mode
