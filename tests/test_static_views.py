"""Every notebook reads without a kernel (HTML export) and presents as slides (reveal.js export)."""
import json
import re
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter, SlidesExporter

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def steppers(path):
    """Code cells that end in an interactive view."""
    views = ("TraceStepper(", "DualView(", "BoundExplorer(", "UnitView(")
    return sum(any(v in "".join(c["source"]) for v in views) for c in json.loads(path.read_text())["cells"]
               if c["cell_type"] == "code")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_exports_to_html_with_a_static_picture_for_every_stepper(path):
    html, _ = HTMLExporter().from_notebook_node(nbformat.read(path, as_version=4))
    assert "Traceback" not in html
    # where no kernel runs a stepper shows its note, and the lesson a picture of the same run
    assert len(re.findall(r"Interactive [a-z ]+ \(needs a running kernel", html)) == steppers(path)
    assert html.count("data:image/png;base64") >= steppers(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_exports_to_slides_one_per_section(path):
    notebook = nbformat.read(path, as_version=4)
    slides, _ = SlidesExporter().from_notebook_node(notebook)
    wanted = sum(c.metadata.get("slideshow", {}).get("slide_type") == "slide" for c in notebook.cells)
    assert wanted >= 2
    assert slides.count("<section") >= wanted


def test_unit_table_shows_the_sum_and_marks_wrong_rows():
    from perceptron_lib import boolean_function, unit_table
    table = unit_table([-0.5, 1, 1], *boolean_function("and"))
    assert table.rows[1][3] == "-0.5 + 0 + 1 = 0.5" and table.rows[1][-1] == "✗"
    assert table.highlight == [False, True, True, False]
    assert unit_table([-1, 1, -1], [[1, 1]]).rows[0][3] == "-1 + 1 − 1 = -1"
