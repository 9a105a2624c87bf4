"""The course as a static JupyterLite site: built by tools/jupyterlite.py, every lesson run in Pyodide.

The site is built with a local copy of the official Pyodide files and served on 127.0.0.1; the
browser is refused (and the test fails on) any request leaving 127.0.0.1. Where the local Pyodide
is missing (a student's laptop) these tests skip and say so; under CI (CI=true) they fail instead.
Each lesson's outputs are checked as a student with a screen reader meets them: every picture named,
every control of a view named in the accessibility tree, and no critical or serious axe-core
violation in the output areas, with no exception (JupyterLab's own editor and toolbars are not the
course's, and are left out).
"""
import hashlib
import json
import os
import re
import zipfile

import pytest

from jupyter import chromium, keyboard_only, problems_shown, stepper_state, unnamed_controls, wait_for_change
from lite import PYODIDE, PYODIDE_HINT, RENDER_EVERY_CELL, jupyterlite, keep_local, open_and_run_all, serve
from test_accessibility import serious_violations
from test_notebooks_in_browser import NOTEBOOKS, _require_browser

ON_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not (PYODIDE / "pyodide.js").is_file():
        if ON_CI:
            pytest.fail(f"CI must run the JupyterLite tests: {PYODIDE_HINT}")
        pytest.skip(PYODIDE_HINT)
    return jupyterlite.build(tmp_path_factory.mktemp("lite") / "site", pyodide=PYODIDE, settings=RENDER_EVERY_CELL)


@pytest.fixture(scope="module")
def browser_page(site):
    _require_browser()
    with serve(site) as base, chromium() as page:
        outside = keep_local(page, base)
        yield page, base, outside


def test_site_holds_every_lesson_and_the_package_for_the_browser(site):
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == NOTEBOOKS
    for name in NOTEBOOKS:
        cells = json.loads((site / "files" / name).read_text())["cells"]
        original = json.loads((jupyterlite.NOTEBOOKS / name).read_text())["cells"]
        added = [c for c in cells if c.get("id", "").startswith("jupyterlite-")]
        assert len(cells) == len(original) + len(added) and len(added) <= len(jupyterlite.ON_DEMAND)
        markdown = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        assert not re.search(r"!\[[^\]]*\]\(https?://", markdown)  # links stay; images from other hosts do not
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    wheel = pyodide / lock["perceptron-lib"]["file_name"]
    with zipfile.ZipFile(wheel) as archive:
        modules = {n.removeprefix("perceptron_lib/") for n in archive.namelist()
                   if n.startswith("perceptron_lib/") and "/__pycache__/" not in n}
    assert modules == {p.relative_to(jupyterlite.ROOT / "perceptron_lib").as_posix()
                       for p in (jupyterlite.ROOT / "perceptron_lib").rglob("*.py")} | set(jupyterlite.PACKAGE_DATA)
    assert (site / "extensions" / "anywidget" / "package.json").is_file()   # the player's widget, offline
    assert {"anywidget", "psygnal", "typing-extensions"} <= set(lock)
    for entry in lock.values():   # every package the lock names is in the site, as the lock says
        assert hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"]
        assert {jupyterlite.canonical_name(d) for d in entry["depends"]} <= set(lock)
    settings = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    kernel = settings[jupyterlite.KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True and kernel["pyodideUrl"] == "./static/pyodide/pyodide.js"
    assert kernel["loadPyodideOptions"]["packages"] == list(jupyterlite.PRELOAD)


def test_what_the_kernel_imports_as_it_starts_comes_compiled(site):
    """Issue 41: Python's bytecode for the standard library and the packages loaded as the kernel starts, compiled when
    the site was built (tools/jupyterlite.py: add_bytecode), so that the browser compiles none of it on each visit."""
    if jupyterlite.bytecode_python() is None:
        pytest.skip(f"no CPython {jupyterlite.PYODIDE_PYTHON} here: the site is built without bytecode")
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    ours = [(p.parent / "__pycache__" / f"{p.stem}.cpython-312.pyc").relative_to(jupyterlite.ROOT).as_posix()
            for p in (jupyterlite.ROOT / "perceptron_lib").rglob("*.py")]
    expected = {"perceptron-lib": ours, "numpy": ["numpy/__pycache__/__init__.cpython-312.pyc"],
                "matplotlib": ["matplotlib/__pycache__/figure.cpython-312.pyc"],
                "ipython": ["IPython/__pycache__/__init__.cpython-312.pyc"]}
    for name, cached in expected.items():
        with zipfile.ZipFile(pyodide / lock[name]["file_name"]) as archive:
            assert set(cached) <= set(archive.namelist()), name
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stdlib:
        assert {"inspect.pyc", "asyncio/__init__.pyc"} <= set(stdlib.namelist())


def test_the_published_site_differs_only_in_where_pyodide_comes_from(site, tmp_path):
    """The GitHub Pages build fetches Pyodide from its release's address: served here from the local files."""
    with serve(PYODIDE) as release:
        published = jupyterlite.build(tmp_path / "published", pyodide=release + "/", settings=RENDER_EVERY_CELL)
    differ = [p.relative_to(published).as_posix() for p in sorted(published.rglob("*"))
              if p.is_file() and (not (site / p.relative_to(published)).is_file()
                                  or p.read_bytes() != (site / p.relative_to(published)).read_bytes())]
    assert differ == [] and sorted(p.relative_to(site) for p in site.rglob("*")) == \
        sorted(p.relative_to(published) for p in published.rglob("*"))


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_runs_in_jupyterlite(browser_page, name):
    page, base, outside = browser_page
    outside.clear()
    ready, ran = open_and_run_all(page, base, name)
    print(f"{name}: kernel ready in {ready:.1f} s, run all in {ran:.1f} s")
    assert problems_shown(page) == []
    assert outside == [], f"requests left 127.0.0.1: {outside[:5]}"
    steppers = page.locator(".perceptron-stepper").all()
    if steppers:  # the widget stepper, driven by the kernel in the browser
        stepper = steppers[0]
        stepper.scroll_into_view_if_needed()
        start = stepper_state(stepper)
        assert start[0] == "0" and start[1]
        stepper.get_by_role("button", name="next").click()
        after_next = wait_for_change(page, stepper, start)
        assert after_next[0] == "1"
        assert stepper.locator("[aria-live=polite]").inner_text().startswith("step 1 of")
        stepper.get_by_role("button", name="play").click()   # the browser moves it on
        assert int(wait_for_change(page, stepper, after_next)[0]) > 1
        stepper.get_by_role("button", name="pause").click()
        stepper.get_by_role("button", name="play").wait_for(timeout=10_000)
    # every student: each picture has a name, and what the lesson put in the page passes axe
    pictures = page.locator(".jp-NotebookPanel .jp-OutputArea-output img")
    assert pictures.count() > 0 or name == "00-index.ipynb"
    assert page.locator(".jp-NotebookPanel .jp-OutputArea-output img:not([alt]):not([title])").count() == 0
    for view in page.locator(".perceptron-stepper, .perceptron-dual, .perceptron-unit, .perceptron-bounds").all():
        assert unnamed_controls(view) == [], view.aria_snapshot()
    if page.locator(".jp-NotebookPanel .jp-OutputArea").count():   # (the index may have no code cell)
        assert serious_violations(page, ".jp-NotebookPanel .jp-OutputArea") == []



def test_the_site_carries_no_instructor_tool(site):
    """nbgrader (the instructor's extra, installed beside the course for its tests) is not in a student's site."""
    config = json.loads((site / "jupyter-lite.json").read_text())
    names = [e["name"] for e in config["jupyter-config-data"].get("federated_extensions", [])]
    assert sorted(names) == sorted(jupyterlite.SITE_EXTENSIONS)   # nothing else an environment holds
    assert not any((site / "extensions" / name).exists() for name in jupyterlite.INSTRUCTOR_EXTENSIONS)


def test_lesson_02s_stepper_answers_during_run_all(browser_page):
    """A student presses Run All and clicks the stepper as soon as it shows: the click is answered in the
    browser while the Pyodide kernel is still running the lesson's later cells (it used to wait for them)."""
    from jupyter import menu, wait_for_kernel_idle
    page, base, outside = browser_page
    page.goto(f"{base}/lab/index.html?path=02-learning-rule.ipynb")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
    wait_for_kernel_idle(page, timeout=120)
    page.evaluate("() => document.querySelectorAll('.perceptron-player').forEach(el => el.setAttribute('data-old', ''))")
    menu(page, "Run", "Run All Cells")
    fresh = page.locator(".perceptron-player:not([data-old]) button[data-go='1']:not([disabled])").first
    fresh.wait_for(timeout=180_000)
    stepper = page.locator(".perceptron-player:not([data-old])").first
    busy = page.evaluate("() => /\\|\\s*Busy/.test(document.querySelector('#jp-main-statusbar').textContent)")
    answered = page.evaluate("""el => new Promise(resolve => {
        const label = el.querySelector('.step'), start = performance.now();
        el.querySelector("button[data-go='1']").click();
        requestAnimationFrame(() => resolve([label.textContent, performance.now() - start]));
    })""", stepper.element_handle())
    still_busy = page.evaluate("() => /\\|\\s*Busy/.test(document.querySelector('#jp-main-statusbar').textContent)")
    print(f"kernel busy when clicked: {busy}, after: {still_busy}; answered {answered}")
    assert answered[0] == "step 1 of 13" and answered[1] < 1000
    assert busy, "the lesson's later cells had already run: nothing was measured"
    wait_for_kernel_idle(page, timeout=180)
    assert outside == []


def test_lesson_02s_stepper_steps_from_the_keyboard_alone_in_jupyterlite(browser_page):
    """The same keyboard-only run as in JupyterLab (jupyter.keyboard_only), in the site's JupyterLab."""
    page, base, outside = browser_page
    open_and_run_all(page, base, "02-learning-rule.ipynb")
    keyboard_only(page, page.locator(".perceptron-player").first)   # the OR run, in the one player
    assert outside == []


def test_the_tab_is_titled_by_the_lesson_in_front(browser_page):
    """Issue 41: the browser's tab says the lesson ("02 · The learning rule (live)"), at once and once JupyterLab has
    opened it (JupyterLite left "JupyterLite" on every tab), and follows the lesson in front."""
    from jupyter import wait_for_kernel_idle
    page, base, outside = browser_page
    page.goto(f"{base}/lab/index.html?path=02-learning-rule.ipynb")
    assert page.title() == "02 · The learning rule (live)"
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
    wait_for_kernel_idle(page, timeout=120)
    assert page.title() == "02 · The learning rule (live)" and "?path=" not in page.url   # JupyterLab took the path
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:open', {path: '01-threshold-units.ipynb'})")
    page.wait_for_function("() => document.title === '01 · Threshold units (live)'", timeout=30_000)
    page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="02-learning-rule.ipynb").click()
    page.wait_for_function("() => document.title === '02 · The learning rule (live)'", timeout=10_000)
    assert outside == []


def test_the_sites_extensions_are_built_for_its_jupyterlab(browser_page):
    """Issue 41: no "Unsatisfied version 4.4.5 ... (required ^4.6.2)": the widgets' extension (jupyterlab_widgets,
    pinned with ipywidgets) is built for the JupyterLab of jupyterlite-core (4.4.5), and the site carries no other
    extension an environment may hold (SITE_EXTENSIONS)."""
    from jupyter import wait_for_kernel_idle
    page, base, outside = browser_page
    warned = []
    listen = lambda message: warned.append(message.text) if re.search(  # noqa: E731
        r"[Uu]nsatisfied version|No satisfying version", message.text) else None
    page.on("console", listen)
    try:
        page.goto(f"{base}/lab/index.html?path=02-learning-rule.ipynb")
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
        wait_for_kernel_idle(page, timeout=120)   # every extension has loaded by then
    finally:
        page.remove_listener("console", listen)
    assert warned == []
    assert outside == []


def test_the_lessons_kernel_starts_with_the_page_and_the_lesson_takes_it(browser_page):
    """Issue 41: the page starts the lesson's kernel before JupyterLab has drawn the lesson (tools/jupyterlite.py,
    LAB_SCRIPT); the lesson takes that session: one session, one kernel, and its widgets draw (test above). Had the
    lesson started its own, JupyterLite would have said it found no kernel named as the lesson's (python3)."""
    from jupyter import wait_for_kernel_idle
    page, base, outside = browser_page
    said = []
    listen = lambda message: said.append(message.text)  # noqa: E731
    page.on("console", listen)
    try:
        page.goto(f"{base}/lab/index.html?path=03-xor-and-cycling.ipynb")
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=60_000)
        wait_for_kernel_idle(page, timeout=120)
    finally:
        page.remove_listener("console", listen)
    assert not [text for text in said if "No exact match found" in text or "starts its own kernel" in text], said
    running = page.evaluate("""() => {
        const services = window.jupyterapp.serviceManager, notebook = window.jupyterapp.shell.currentWidget;
        return {sessions: [...services.sessions.running()].map(s => s.path), kernels: [...services.kernels.running()].length,
                taken: notebook.sessionContext.session.path};
    }""")
    assert running == {"sessions": ["03-xor-and-cycling.ipynb"], "kernels": 1, "taken": "03-xor-and-cycling.ipynb"}
    assert outside == []
