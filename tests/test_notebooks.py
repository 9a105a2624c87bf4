"""The committed notebooks: executed, small, navigable, presentable; the README's links work."""
import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import lessons  # noqa: E402  (tools/ is not a package)
import navigation  # noqa: E402
import run_notebooks  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def load(path):
    return json.loads(path.read_text())


def test_generated_cells_and_lists_are_up_to_date():
    """tools/navigation.py --check: navigation, the index's contents and the README's lists."""
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "navigation.py"), "--check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_executed_top_to_bottom(path):
    cells = load(path)["cells"]
    counts = [c["execution_count"] for c in cells if c["cell_type"] == "code"]
    assert counts == list(range(1, len(counts) + 1))
    for cell in cells:
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", "".join(cell["source"])
            assert output.get("name") != "stderr", f"stderr in {''.join(cell['source'])!r}: {output['text']}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_widget_outputs_carry_the_stable_ids_that_run_notebooks_gives(path):
    """So that running a lesson again rewrites no widget line of it."""
    import nbformat
    notebook = nbformat.read(path, as_version=4)
    before = json.dumps(notebook, sort_keys=True)
    count = run_notebooks.stable_widget_ids(notebook, path.name)
    assert json.dumps(notebook, sort_keys=True) == before
    if "Stepper(" in before or "View(" in before:
        assert count > 0


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_small_and_has_no_partial_widget_state(path):
    """Under 3.5 MB: its pictures are PNGs drawn at twice the density they are shown at (issue 42, sharp on a
    1920x1080 projector; the lessons went from 6.9 to 13.7 MB), lesson 03 the largest with its players (3.1 MB)."""
    assert path.stat().st_size < 3_500_000
    assert "widgets" not in load(path)["metadata"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_figure_carries_its_description_in_words(path):
    """A screen reader gets every picture: an alt text (HTML and PNG metadata) and the whole description."""
    for i, cell in enumerate(load(path)["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/png" not in data:
                continue
            page, words = "".join(data.get("text/html", "")), "".join(data.get("text/plain", ""))
            alt = re.search(r'<img src="data:image/png;base64,[^"]+"[^>]* alt="([^"]+)">', page)
            assert alt and html.unescape(alt.group(1)) == output["metadata"]["image/png"]["alt"], f"cell {i}: no alt"
            assert "<summary>The figure in words</summary>" in page and "Panel" in words, f"cell {i}: no description"
            assert not words.startswith(("<Figure", "<Picture")), f"cell {i}"
            # more than its titles: the alt says what the picture draws (issue 32: 53 figures said only their titles)
            said = re.sub(r'^A figure(?: of \d+ panels)?: (?:"[^"]*"(?:; )?)*\.?\s*', "", html.unescape(alt.group(1)))
            assert len(said.split()) >= 8, f"cell {i}: the alt text gives only the figure's titles: {alt.group(1)[:120]}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_table_has_an_empty_header_cell(path):
    """A screen reader names each column by its header: none may be empty."""
    for i, cell in enumerate(load(path)["cells"]):
        for output in cell.get("outputs", []):
            assert "<th></th>" not in "".join(output.get("data", {}).get("text/html", "")), f"cell {i}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_opens_with_title_goals_and_sources_and_ends_with_navigation(path):
    cells = load(path)["cells"]
    first = "".join(cells[0]["source"])
    assert re.match(rf"# {path.name[:2]} · \S", first)
    if path.name != navigation.INDEX:  # the opening: every cell before the first section heading
        sections = [i for i, c in enumerate(cells) if "".join(c["source"]).startswith("## ")]
        opening = "".join("".join(c["source"]) for c in cells[:sections[0]] if c["cell_type"] == "markdown")
        assert "What you will learn" in opening and "Sources" in opening
    assert "navigation" in cells[-1]["metadata"].get("tags", [])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_slides_one_per_section(path):
    cells = load(path)["cells"]
    kinds = [c["metadata"].get("slideshow", {}).get("slide_type") for c in cells]
    assert None not in kinds
    for cell, kind in zip(cells, kinds):
        if cell["cell_type"] == "markdown" and "".join(cell["source"]).startswith(("# ", "## ")):
            assert kind == "slide"


# Each interactive view and the picture that stands in for it where no kernel runs.
STATIC_COUNTERPARTS = {"TraceStepper": "plot_trace_grid", "DualView": "plot_dual_grid",
                       "BoundExplorer": "plot_bound_check", "UnitView": "plot_units"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_interactive_view_has_a_static_counterpart(path):
    """A widget needs a kernel; the lesson must show the same thing without one."""
    code = ["".join(c["source"]) for c in load(path)["cells"] if c["cell_type"] == "code"]
    for i, source in enumerate(code):
        for widget, static in STATIC_COUNTERPARTS.items():
            for shown in re.findall(rf"\b{widget}\((\w*)", source):
                nearby = "\n".join(code[i:i + 3]) if shown else "\n".join(code)
                pattern = rf"{static}\({shown}\b" if shown else rf"{static}\("
                assert re.search(pattern, nearby), f"{widget}({shown}) has no {static} near it"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_lessons_import_from_one_namespace_and_its_widgets(path):
    """A lesson's imports come from perceptron_lib and perceptron_lib.widgets only, each name listed there."""
    import ast

    import perceptron_lib
    import perceptron_lib.widgets
    places = {"perceptron_lib": perceptron_lib.__all__, "perceptron_lib.widgets": dir(perceptron_lib.widgets)}
    for cell in load(path)["cells"]:
        if cell["cell_type"] != "code" or "import" not in "".join(cell["source"]):
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            modules = [node.module] if isinstance(node, ast.ImportFrom) else (
                [alias.name for alias in node.names] if isinstance(node, ast.Import) else [])
            for module in modules:
                if module.startswith("perceptron_lib"):
                    assert module in places, f"{path.name} imports from {module}"
                    for alias in getattr(node, "names", []):
                        assert isinstance(node, ast.Import) or alias.name in places[module], alias.name


def test_the_package_namespace_lists_only_what_it_has_and_all_it_has():
    import types

    import perceptron_lib
    assert len(set(perceptron_lib.__all__)) == len(perceptron_lib.__all__)
    assert all(hasattr(perceptron_lib, name) for name in perceptron_lib.__all__)
    public = {name for name, value in vars(perceptron_lib).items()
              if not name.startswith("_") and not isinstance(value, types.ModuleType)}
    assert public == set(perceptron_lib.__all__)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_pl_name_a_lesson_uses_is_exported(path):
    """`pl.name` in a lesson's code is a name of perceptron_lib's __all__ (what `import *` and the docs list)."""
    import perceptron_lib
    used = {name for cell in load(path)["cells"] if cell["cell_type"] == "code"
            for name in re.findall(r"\bpl\.(\w+)", "".join(cell["source"]))}
    assert used - set(perceptron_lib.__all__) == set()


def test_readme_binder_links_open_notebooks_that_exist():
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"https://mybinder\.org/v2/gh/([^/]+/[^/]+)/HEAD\?urlpath=lab/tree/(\S+?)\)", readme)
    assert any(target == "notebooks/00-index.ipynb" for _, target in links)
    for repository, target in links:
        assert repository == navigation.repository()
        assert (ROOT / target).exists(), target
    assert {t for _, t in links} >= {f"notebooks/{p.name}" for p in NOTEBOOKS}


def test_readme_quick_start_is_two_commands_and_ci_runs_its_test_command():
    """Each command makes a virtual environment first (PEP 668 systems refuse pip otherwise)."""
    readme = (ROOT / "README.md").read_text()
    quick_start = readme.split("## Quick start")[1].split("\n## ")[0]
    commands = re.findall(r"```\n(.+?)\n```", quick_start)
    assert len(commands) == 2
    assert all(c.startswith("python3 -m venv .venv && .venv/bin/python -m pip install -e ") for c in commands)
    assert commands[0].endswith(".venv/bin/jupyter lab notebooks/00-index.ipynb")
    assert commands[1].split("&&")[-1].strip() == ".venv/bin/python -m pytest"
    assert commands[1] in (ROOT / ".ci" / "run").read_text()

# The one exception: lesson 02 shows the rule itself as a plain loop, for the student to read and
# change, and checks it step by step against pl.train in the next cell.
PLAIN_RULE = {"02-learning-rule.ipynb": "perceptron"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_lessons_are_thin_no_function_longer_than_three_lines(path):
    """What a lesson computes lives in the package (tested, documented); a lesson only calls it."""
    import ast
    cells = load(path)["cells"]
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            continue
        code = "\n".join("" if line.startswith(("%", "!")) else line for line in source.splitlines())
        for node in ast.walk(ast.parse(code)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if PLAIN_RULE.get(path.name) == node.name:
                after = "".join(cells[i + 1]["source"])
                assert node.end_lineno - node.lineno + 1 <= 20 and f"pl.read_run({node.name}," in after \
                    and "pl.steps_differ(" in after, f"{path.name}: the plain rule must be short and checked"
                continue
            assert node.end_lineno - node.lineno + 1 <= 3, f"{path.name}: {node.name} is longer than 3 lines"


LESSONS = [path for path in NOTEBOOKS if path.name != navigation.INDEX]


def sections(cells):
    """{heading: the cells under it, up to the next section heading}."""
    found, current = {}, None
    for cell in cells:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and text.startswith("## "):
            current = text.splitlines()[0][3:]
            found[current] = []
        elif current is not None:
            found[current].append(cell)
    return found


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_has_predictions_with_hidden_answers_checked_exercises_a_try_your_own_and_a_recap(path):
    cells = load(path)["cells"]
    parts = sections(cells)
    names = list(parts)
    assert names[-1] == "Recap", f"the last section must be the recap, got {names[-1]!r}"
    assert any(name.lower().endswith("try your own") for name in names)
    # at least two exercises a student answers in a cell (a guess left as None) and checks with the next one;
    # they may sit where the lesson needs them (one on the core path, the others going further)
    checks = lessons.check_cells(cells)
    assert len(checks) >= 2, f"{path.name}: exercises with a check a student runs: {len(checks)}"
    # every "Predict" prompt has its answer folded away (<details>) further on in its section
    for i, cell in enumerate(cells):
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and "**Predict" in text:
            rest = [text[text.index("**Predict"):]]
            for later in cells[i + 1:]:
                if "".join(later["source"]).startswith("## "):
                    break
                rest.append("".join(later["source"]) if later["cell_type"] == "markdown" else "")
            assert "<details>" in "".join(rest), f"{path.name}: a prediction with no folded answer: {text[:60]!r}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_figure_says_first_the_point_the_lesson_draws_it_for(path):
    """A description read off the artists says how a chart is drawn; its first sentence says what to see in it
    (issue 40), given by the lesson beside the plotting call (`Picture.saying`). Without one the alt text
    starts "A figure"."""
    pointless = [i for i, cell in enumerate(load(path)["cells"]) if cell["cell_type"] == "code"
                 for output in cell.get("outputs", []) if "image/png" in output.get("data", {})
                 and output.get("metadata", {}).get("image/png", {}).get("alt", "").startswith("A figure")]
    assert not pointless, f"{path.name}: cells {pointless} draw a figure whose description gives no point: end the call with .saying('...')"
