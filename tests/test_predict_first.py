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
from html import unescape as html_unescape
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import hidden  # noqa: E402
from lessons import (COMMENT, COMMENT_MARKER, FOLD, PREMISE, after_predict, answers_in_view,  # noqa: E402
                     check_cells, exercise_key, predict_scopes, source,
                     stating_code)

LESSONS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))


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


def _code(text, *tags):
    return {"cell_type": "code", "metadata": {"tags": list(tags)}, "source": [text], "outputs": []}


@pytest.mark.parametrize("code, found", [
    ('pl.Checks({"below the grid\'s best": score < best})', True),
    ('print(f"median {ratio:.3f}: closer to the bound")', True),
    ("pl.plot_history(run)", False),
])
def test_code_that_states_a_result_under_a_predict_question_is_found(code, found):
    cells = [{"cell_type": "markdown", "metadata": {}, "source": ["**Predict first.** Closer or further?"]},
             _code(code)]
    assert stating_code(cells) == ([1] if found else [])


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_no_code_below_a_predict_question_states_its_answer_in_view(path):
    """Check code counts as view (issue 40): a Predict part's code that checks or prints a result stays folded."""
    cells = lesson(path)
    shown = [i for i in stating_code(cells) if hidden.HIDE_INPUT not in hidden.tags(cells[i])]
    assert shown == [], (f"{path.name}: cells {shown} check or print a result in code a student sees under a "
                         f"Predict question: tag them '{hidden.HIDE_INPUT}'")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_every_comment_in_a_lesson_is_a_marker_with_its_reason(path):
    """A misspelt marker would hide nothing and let text stay in view unchecked; a marker gives its reason."""
    for i, cell in enumerate(lesson(path)):
        for comment in COMMENT.findall("".join(cell["source"])):
            assert COMMENT_MARKER.fullmatch(comment), (
                f"{path.name}, cell {i}: {comment!r} is not a marker the rule knows")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_an_exercise_check_is_one_call_that_computes_nothing_in_view(path):
    """The answer is computed by the exercise's declaration (exercises.py), so the check cell's code gives nothing away."""
    cells = lesson(path)
    assert check_cells(cells), f"{path.name}: no exercise found"
    keys = [exercise_key(cells[i]) for i in check_cells(cells)]
    assert keys == [f"{path.name[:2]}.{k}" for k in range(1, len(keys) + 1)], f"{path.name}: check cells {keys}"


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


# The opening question: each lesson opens with a bold question about its opening picture, and its
# text must not answer it before the student has tried (issue 32). The phrases (regular expressions,
# matched case-insensitively) that state each lesson's answer, and where the lesson gives it. Keep
# them specific to the answer, not the lesson's general vocabulary; every one must occur in its
# lesson (`test_every_answer_phrase_occurs_in_its_lesson`), so reword them when a lesson is.
OPENING_ANSWERS = {
    # "Can any line put XOR's two 1s on one side and its two 0s on the other?" No: section 5, the
    # Predict question's Answer fold ("... cannot be both, so no W exists", "X2 + X3 = X1 + X4"),
    # its check, and the recap ("XOR is not: ...").
    "01": [r"no W exists", r"X2 \+ X3 = X1 \+ X4", r"\bXOR is not\b", r"cannot be both"],
    # "How does it get from the left picture to the right one, and how many corrections?" Section 2:
    # the rule (X_k "is added to W" after a mistake) and its Predict fold ("all four updates
    # (presentations 2, 5, 7 and 9)"); the trace of section 3 and the recap ("4 updates").
    "02": [r"is added to W\b", r"\b(4|four) updates\b", r"presentations 2, 5, 7 and 9"],
    # "Will this run ever stop?" Never: section 1, the Answer fold under the first table ("the same
    # state always leads to the same next state ... presentations 10 to 13 repeat 6 to 9, and so on
    # for ever"), the text under the trace ("come again, forever"); the goals once said "the run's
    # cycle writes down that proof" (the perceptron's cycle: sections 3 and 4, the check of section 10).
    "03": [r"\bfor ?ever\b", r"repeat 6 to 9", r"same state always leads to the same next state",
           r"(run|perceptron)'s cycle"],
    # "Where in this picture are the weights that get all four patterns right?" Section 2's Answer
    # fold ("In the region the picture's blue dots fill, on the right side of all four planes at
    # once"), where section 2 asks the opening question again (section 1 only says that learning
    # means finding a W that gets every pattern right, and that section 2 asks where).
    "04": [r"right side of (all four planes|every plane)", r"blue dots fill"],
    # "Is any dot above the line? And what could such a number be made of ...?" Section 1: the
    # theorem, t ≤ (R/γ)² with the radius R and the margin γ (LaTeX), and the form of Stensbo-Smidt,
    # (2R_raw/γ_raw)², in section 2; section 4 on thousands of runs ("No run exceeds any bound ...
    # uses only the largest length and the smallest margin").
    "05": [r"\(\s*(2\s*)?R\w*\s*/\s*γ\w*\s*\)\s*²", r"\\left\(\\frac\{R\}\{\\gamma\}\\right\)\^2",
           r"no run exceeds", r"largest length and the smallest margin"],
    # "Why, then, does the cost rise at some updates?" Section 1's fold "What the runs show" ("one
    # correction put several other patterns on the wrong side ... mistakes E does not count ... not
    # one that falls at every step").
    "06": [r"other patterns on the wrong side", r"mistakes E does not count", r"not one that falls at every step"],
    # "Which unit moves its weights most? Why does the steep one hardly move them?" The Answer fold
    # under the question itself (cell 0: "already flat ... both factors are tiny"), section 1's text
    # ("a steep sigmoid is flat away from 0") and its check ("β = 0.5 moves it most").
    "07": [r"β = 0\.5 moves it most", r"already flat", r"both factors are tiny", r"steep sigmoid is flat away from 0"],
    # "Where does the chance drop, and why there? What becomes of the drop as the unit gets more
    # weights?" Section 1: the check and text on Cover's count ("exactly ½ at N = 2d"), the text under
    # the measured curves ("the curve becomes a step at N = 2d ... its capacity is two patterns per
    # weight"), and the recap.
    "08": [r"two (random )?(patterns|points) per weight", r"\bN = 2d\b", r"capacity\W*is\b", r"becomes a step"],
    # "How would you put perceptron units together so that they name the digit? How many ... what
    # should the layer answer when its units name no digit, or two?" Section 1: its heading ("One unit
    # per bit of a code"), its text on the two codes ("one-hot gives each class its own unit ...
    # (M = K units)") and its Predict fold ("the unit with the largest net W_j·X").
    "09": [r"gives each class its own unit", r"\bM = K\b", r"largest net", r"one unit per (class|bit)"],
}
FIRST_SECTION = re.compile(r"^## 1\.", re.M)


def opening_cells(cells):
    """The cells before the student's first chance to try: those above the first section heading `## 1.`,
    and the text above that heading in its own cell."""
    for i, cell in enumerate(cells):
        heading = cell["cell_type"] == "markdown" and FIRST_SECTION.search(source(cell))
        if heading:
            return cells[:i], source(cell)[:heading.start()]
    raise AssertionError("no section heading '## 1.'")


def output_text(cell):
    """What a code cell's stored outputs say in words: printed text, text/plain, and a figure's alt text
    and description (its HTML with the tags left out)."""
    parts = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        html = "".join(data.get("text/html", ""))
        parts += ["".join(output.get("text", "")), "".join(data.get("text/plain", "")),
                  "".join(data.get("text/markdown", "")), html_unescape(re.sub(r"<[^>]*>", " ", html)),
                  *map(html_unescape, re.findall(r'\balt="([^"]*)"', html))]
    return "\n".join(parts)


def opening_text(cells):
    """(where, text) for what a student sees before the first section: the markdown outside <details> folds
    and HTML comments, and the outputs of the code cells not tagged hide-output."""
    above, head = opening_cells(cells)
    shown = [(f"cell {i}", source(cell)) for i, cell in enumerate(above) if cell["cell_type"] == "markdown"]
    shown.append((f"cell {len(above)}, above its heading", head))
    shown = [(where, FOLD.sub(" ", COMMENT.sub(" ", text))) for where, text in shown]
    shown += [(f"cell {i}, its output", output_text(cell)) for i, cell in enumerate(above)
              if cell["cell_type"] == "code" and hidden.HIDE_OUTPUT not in hidden.tags(cell)]
    return shown


def stated_answers(shown, phrases):
    """(where, the words matched) for each answer phrase found in the (where, text) pairs."""
    return [(where, match.group(0)) for where, text in shown for phrase in phrases
            for match in [re.search(phrase, text, re.I)] if match]


def test_every_lesson_has_its_answer_phrases():
    assert sorted(OPENING_ANSWERS) == [path.name[:2] for path in LESSONS]
    assert all(1 <= len(phrases) <= 4 for phrases in OPENING_ANSWERS.values())


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_every_answer_phrase_occurs_in_its_lesson(path):
    """A phrase that matches nothing would check nothing: each must match where the lesson answers."""
    cells = lesson(path)
    whole = "\n".join(source(cell) if cell["cell_type"] == "markdown" else output_text(cell) for cell in cells)
    missing = [phrase for phrase in OPENING_ANSWERS[path.name[:2]] if not re.search(phrase, whole, re.I)]
    assert missing == [], f"{path.name}: answer phrases {missing} occur nowhere in the lesson: reword them"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_the_opening_does_not_answer_its_question(path):
    """Title, intro, opening question, goals and sources, and the opening picture's words, say nothing of the answer."""
    found = stated_answers(opening_text(lesson(path)), OPENING_ANSWERS[path.name[:2]])
    assert found == [], (f"{path.name}: the text before section 1 answers the opening question before the student "
                         f"has tried: {found}. Reword it, or fold the answer in <details>")


def test_the_opening_rule_finds_an_answer_in_the_goals():
    goals = "**What you will learn**\n\n- that a unit stores about two random patterns per weight;\n- more."
    opening = cells_of(("md", "# 08 · Capacity\n\n**Where does the chance drop, and why there?**"),
                      ("code", "Panel: a curve\n"), ("md", goals), ("md", "## 1. Counting\n\nTwo patterns per weight."))
    assert stated_answers(opening_text(opening), OPENING_ANSWERS["08"]) == [("cell 2", "two random patterns per weight")]
    # folds, comments, hidden outputs and the sections are not read; a figure's description is
    folded = cells_of(("md", "Intro.\n\n<details><summary>Answer</summary>\n\nAt N = 2d.\n\n</details>\n"
                             "<!-- in view: capacity is two patterns per weight -->"),
                      ("code", "capacity is 2 per weight\n"), ("code", "a step at N = 2d\n"), ("md", "## 1. N = 2d"))
    folded[1].metadata["tags"] = [hidden.HIDE_OUTPUT]
    assert stated_answers(opening_text(folded), OPENING_ANSWERS["08"]) == [("cell 2, its output", "N = 2d")]
