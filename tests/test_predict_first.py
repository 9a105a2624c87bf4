"""Predict, then see: what answers a question stays hidden until the student asks (tools/hidden.py).

The lessons are stored with their outputs, so every answer would be on the screen before its
question is tried. Two cell tags hide them, in every place a lesson is shown:

- a code cell in a "Predict" question's part of the lesson (up to the next heading, Predict question,
  exercise or going-further boundary: tools/lessons.py `predict_scopes`) carries "hide-output" if it
  has any output (unless it is tagged "shows-the-question": its output is what the question is about,
  such as a lesson's opening picture);
- an exercise's check cell (the first code cell after the answer cell `my_... = None` that names the
  student's answer and calls pl.Checks) carries "hide-input": its code computes the answer.

Text is held to the same rule: once an output has answered the question, the text below it in the
same part keeps its discussion of the result in `<details>` folds, so that no sentence states the
answer before the student has tried. What may stay in view is marked, with its reason, by
`<!-- in view: why -->` (a sentence that sets up the next cell or says where to go) or
`<!-- next step: why -->` (the question's part ends with that cell: the lesson moves on).

tools/run_notebooks.py turns the tags into the metadata JupyterLab and JupyterLite honour; the pages
fold those parts and the decks show them on a later press.
"""
import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import hidden  # noqa: E402
from lessons import after_predict, answers_in_view, check_cells, predict_scopes  # noqa: E402

LESSONS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
PREMISE = "shows-the-question"


def lesson(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_no_answer_shows_below_its_predict_question(path):
    cells = lesson(path)
    shown = [i for i in after_predict(cells) if not {hidden.HIDE_OUTPUT, PREMISE} & set(hidden.tags(cells[i]))]
    assert shown == [], (f"{path.name}: cells {shown} show their output under a Predict question: tag them "
                         f"'{hidden.HIDE_OUTPUT}' (or '{PREMISE}' if the output is what the question asks about)")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_no_text_below_a_predict_question_states_its_answer_in_view(path):
    shown = answers_in_view(lesson(path))
    assert shown == [], (f"{path.name}: cells {shown} discuss a Predict question's result in view, below its answer: "
                         "fold that discussion in <details>, or mark what only sets up the next step "
                         "with <!-- in view: why --> or <!-- next step: why -->")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_every_comment_in_a_lesson_is_a_marker_with_its_reason(path):
    """A misspelt marker would hide nothing and let text stay in view unchecked; a marker gives its reason."""
    for i, cell in enumerate(lesson(path)):
        for comment in re.findall(r"<!--.*?-->", "".join(cell["source"]), re.S):
            assert re.fullmatch(r"<!-- (?:minutes:(?:start|end)|(?:in view|next step): [^<>]*?\w[^<>]*?) -->", comment), (
                f"{path.name}, cell {i}: {comment!r} is not a marker the rule knows")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_an_exercise_check_hides_its_code(path):
    cells = lesson(path)
    shown = [i for i in check_cells(cells) if hidden.HIDE_INPUT not in hidden.tags(cells[i])]
    assert check_cells(cells), f"{path.name}: no exercise found"
    assert shown == [], f"{path.name}: check cells {shown} show the code that computes the answer: tag them '{hidden.HIDE_INPUT}'"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_jupyterlab_opens_the_tagged_cells_collapsed(path):
    for i, cell in enumerate(lesson(path)):
        jupyter = cell["metadata"].get("jupyter", {})
        for tag, key in ((hidden.HIDE_OUTPUT, "outputs_hidden"), (hidden.HIDE_INPUT, "source_hidden")):
            assert jupyter.get(key, False) == (tag in hidden.tags(cell) and cell["cell_type"] == "code"), (
                f"{path.name}, cell {i}: jupyter.{key} does not follow its tags: run tools/run_notebooks.py")


def tiny_notebook():
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_markdown_cell("**Predict first.** How much?"),
                  nbformat.v4.new_code_cell("print(42)", outputs=[nbformat.v4.new_output("stream", text="42\n")]),
                  nbformat.v4.new_code_cell("my_x = None"),
                  nbformat.v4.new_code_cell("pl.Checks({'right': my_x == 42})",
                                            outputs=[nbformat.v4.new_output("stream", text="Put your x first\n")])]
    book.cells[1].metadata["tags"] = [hidden.HIDE_OUTPUT]
    book.cells[3].metadata["tags"] = [hidden.HIDE_INPUT]
    for i, cell in enumerate(book.cells):
        cell.id = f"c{i}"
    return book


def test_the_rules_find_the_answer_and_the_check():
    cells = tiny_notebook().cells
    assert after_predict(cells) == [1] and check_cells(cells) == [3]


def cells_of(*parts):
    """Cells from ("md", text) and ("code", output or None) pairs."""
    made = []
    for kind, text in parts:
        if kind == "md":
            made.append(nbformat.v4.new_markdown_cell(text))
        else:
            outputs = [nbformat.v4.new_output("stream", text=text)] if text else []
            made.append(nbformat.v4.new_code_cell("x", outputs=outputs))
    return made


def test_text_below_an_answer_must_be_folded_or_marked():
    question = ("md", "**Predict first.** Does it stop?")
    answered = [question, ("code", "cycling\n"), ("md", "So it never stops.")]
    assert answers_in_view(cells_of(*answered)) == [2]
    folded = [question, ("code", "cycling\n"),
              ("md", "<details><summary>What the run shows (predict first)</summary>\n\nSo it never stops.\n\n</details>")]
    assert answers_in_view(cells_of(*folded)) == []
    # setup before the first output stays in view; a marker keeps a sentence in view up to the next fold
    setup = [question, ("md", "The run below:"), ("code", "cycling\n"),
             ("md", "<!-- in view: introduces the table -->\nThe table:\n\n<details><summary>S</summary>x</details>\n\nSo it never stops.")]
    assert answers_in_view(cells_of(*setup)) == [3]
    # "next step" ends the question's part: what comes after is no longer checked, text or output
    moved_on = [question, ("code", "cycling\n"), ("md", "<!-- next step: a new experiment -->\nNow AND."),
                ("code", "converged\n"), ("md", "AND converges.")]
    assert answers_in_view(cells_of(*moved_on)) == [] and after_predict(cells_of(*moved_on)) == [1]
    # the part also ends at a heading, and a fold's "predict first" asks nothing
    headed = [question, ("code", "cycling\n"), ("md", "## 2. Next"), ("code", "more\n"), ("md", "In view.")]
    assert predict_scopes(cells_of(*headed)) == [(0, [1])]


def test_outputs_are_hidden_across_text_cells_up_to_the_end_of_the_part():
    cells = cells_of(("md", "**Predict first.** Does it stop?"), ("code", "cycling\n"),
                     ("md", "<!-- in view: introduces the check -->\nThe check:"), ("code", "✓ it cycles\n"),
                     ("md", "### Exercise"), ("code", "later\n"))
    assert after_predict(cells) == [1, 3]


def test_a_deck_shows_the_answer_on_a_later_press_and_leaves_out_the_check_code():
    from nbconvert import SlidesExporter

    book = tiny_notebook()
    hidden.deck_cells(book)
    assert book.cells[1].metadata["slideshow"]["slide_type"] == "fragment"
    deck = SlidesExporter().from_notebook_node(book)[0]
    assert "Put your x first" in deck and "Checks" not in deck


def test_jupyterlab_metadata_follows_the_tags():
    book = tiny_notebook()
    book.cells[2].metadata["jupyter"] = {"outputs_hidden": True}   # a tag removed since
    assert hidden.collapse(book) == 2
    assert book.cells[1].metadata["jupyter"] == {"outputs_hidden": True}
    assert book.cells[3].metadata["jupyter"] == {"source_hidden": True}
    assert "jupyter" not in book.cells[2].metadata


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_the_opening_picture_shows_without_its_code(path):
    """The first screen is the question and its picture (issue 32): the code that draws it opens collapsed."""
    first = next(cell for cell in lesson(path) if cell["cell_type"] == "code")
    assert first.get("outputs") and hidden.HIDE_INPUT in hidden.tags(first), path.name
