"""What a lesson is made of, read off its cells: exercises, Predict questions, its core path, its minutes.

One place for the conventions the tests, the navigation and the exports share:

- an exercise is an answer cell that sets the student's names to None (`my_R, my_gamma = None, None`),
  and its check cell: the first code cell after it that names one of them and calls pl.Checks;
- a Predict question is a text cell that asks the student to predict. Its part of the lesson runs to
  the next heading, the next Predict question, the next exercise, or the start or end of a part
  tagged "going-further" (`predict_scopes`). Its answer stays out of view there until the student
  opens it: every output in that part is folded (`after_predict`), and once the first output that
  answers it has come, so is every text that discusses it (`answers_in_view`). Two markers, each
  with its reason, say what stays in view: `<!-- in view: why -->`, the text from it to the next
  fold (it sets up the next cell or says where to go: not the answer), and `<!-- next step: why -->`,
  which ends the question's part after its cell (the lesson has moved on to something else). Code
  counts as view: a cell in that part whose code states or checks a result (`stating_code`) keeps its
  code folded too;
- the core path is every cell not tagged "going-further": what a student must do to meet the lesson's
  goals. A part tagged so opens with a visible "Going further" in its first text cell;
- the minutes a student needs (`minutes`): everything the student reads on the path counts. Prose
  (folds included: the Answer a Predict question asks them to open) and the text of outputs (tables,
  printed checks and lines, a view's note) are read at WORDS_PER_MINUTE; each figure, player or
  interactive view is looked at for FIGURE_MINUTES; each exercise takes EXERCISE_MINUTES and each
  code cell CODE_CELL_MINUTES to run and look at. A figure's description in words is its alt text
  (a screen reader reads it instead of looking), so it is not counted again as text. The core path
  must fit SITTING_MINUTES (issue 40: until then outputs and figures were left out, and the core
  paths that pages called 32-35 minutes took 39-47 by this count).
"""
import math
import re

GOING_FURTHER = "going-further"
WORDS_PER_MINUTE = 90
EXERCISE_MINUTES = 8
CODE_CELL_MINUTES = 0.5
FIGURE_MINUTES = 1
SITTING_MINUTES = 40
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PREDICT = re.compile(r"\bpredict\b", re.I)
PREMISE = "shows-the-question"   # a code cell whose output is what a Predict question asks about
HEADING = re.compile(r"^#{1,3} ", re.M)
FOLD = re.compile(r"<details>.*?</details>", re.S)
# Every HTML comment a lesson may hold: the minutes line's bounds, or a marker with its reason (see below)
COMMENT_MARKER = re.compile(r"<!-- (?:minutes:(?:start|end)|(?:in view|next step): [^<>]*?\w[^<>]*?) -->")
NEXT_STEP = re.compile(r"<!-- next step: [^<>]+? -->")
IN_VIEW = re.compile(r"<!-- in view: [^<>]+? -->.*?(?=<details>|\Z)", re.S)
ANSWER_LINE = re.compile(r"^\s*(my_\w+(?:\s*,\s*my_\w+)*)\s*=\s*None(?:\s*,\s*None)*\s*(?:#.*)?$")


def source(cell):
    return "".join(cell["source"])


# The line under a lesson's title that navigation.py writes: left out of word counts and decks.
MINUTES = re.compile(r"<!-- minutes:start -->.*?<!-- minutes:end -->\n?", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)   # an HTML comment: not shown, so not read


def tags(cell):
    """The tags of a notebook cell (a dict or a NotebookNode)."""
    return cell.get("metadata", {}).get("tags", [])


def answer_names(cell):
    """The student's names an exercise's answer cell sets to None, or [] for any other cell."""
    lines = [line for line in source(cell).splitlines() if line.strip()]
    if cell["cell_type"] != "code" or not lines or not all(ANSWER_LINE.match(line) for line in lines):
        return []
    return [name for line in lines for name in re.findall(r"my_\w+", line.split("=")[0])]


def is_predict(cell):
    """A text cell that asks the student to predict (outside its folds: a fold's "predict first" is no question)."""
    return cell["cell_type"] == "markdown" and bool(PREDICT.search(FOLD.sub(" ", source(cell))))


def predict_scopes(cells):
    """Each Predict question with the indices of the cells of its part of the lesson.

    The part ends before the next heading (#, ## or ###), the next Predict question, the next exercise
    (its check shows no answer until one is given), or a cell that starts or ends a going-further part,
    and after a markdown cell with a `<!-- next step: why -->` marker.
    """
    scopes = []
    for i, cell in enumerate(cells):
        if not is_predict(cell):
            continue
        part = GOING_FURTHER in tags(cell)
        scope = []
        for j in range(i + 1, len(cells)):
            other = cells[j]
            if (is_predict(other) or answer_names(other) or (GOING_FURTHER in tags(other)) != part
                    or other["cell_type"] == "markdown" and HEADING.search(source(other))):
                break
            scope.append(j)
            if other["cell_type"] == "markdown" and NEXT_STEP.search(source(other)):
                break
        scopes.append((i, scope))
    return scopes


def after_predict(cells):
    """Indices of the code cells with outputs in a Predict question's part of the lesson."""
    return [j for _, scope in predict_scopes(cells) for j in scope
            if cells[j]["cell_type"] == "code" and cells[j].get("outputs")]


def in_view(text):
    """The text of a markdown cell a student sees without opening anything, less what its markers let
    stay in view: outside <details> folds, HTML comments left out, nothing from an `<!-- in view: why -->`
    marker to the next fold, and nothing after a `<!-- next step: why -->` marker."""
    text = NEXT_STEP.split(text, maxsplit=1)[0]
    text = FOLD.sub(" ", IN_VIEW.sub(" ", text))
    return COMMENT.sub(" ", text).strip()


def answers_in_view(cells):
    """Indices of the markdown cells that discuss a Predict question's answer in view.

    In a Predict question's part (`predict_scopes`), a markdown cell that comes after the first output
    that answers it (a code cell's output, unless tagged "shows-the-question": that output is what
    the question asks about) must keep its text in folds, but for what follows a next-step marker.
    """
    found = []
    for _, scope in predict_scopes(cells):
        answered = False
        for j in scope:
            cell = cells[j]
            if cell["cell_type"] == "code":
                answered = answered or bool(cell.get("outputs")) and PREMISE not in tags(cell)
            elif answered and in_view(source(cell)):
                found.append(j)
    return found


STATES = re.compile(r"\b(?:Checks|print)\(")   # code that states a result in words: a check's lines, a printed line


def stating_code(cells):
    """Indices of the code cells in a Predict question's part whose code states or checks a result.

    Such code counts as view: `pl.Checks({"… below the grid's best": score < best})` answers the
    question as plainly as its output does, so its code stays folded too (tag "hide-input").
    """
    return [j for _, scope in predict_scopes(cells) for j in scope
            if cells[j]["cell_type"] == "code" and STATES.search(source(cells[j]))]


CHECK_CALL = re.compile(r"""^pl\.check\("(\d\d\.\d+)"(?:, *my_\w+)+\)\s*$""")   # pl.check("05.1", my_R, ...)


def exercise_key(cell):
    """The exercise a check cell checks ("05.1"), if it is one call of pl.check; else None."""
    match = CHECK_CALL.match(source(cell).strip()) if cell["cell_type"] == "code" else None
    return match.group(1) if match else None


def check_cells(cells):
    """Indices of the exercises' check cells."""
    found, names = [], []
    for i, cell in enumerate(cells):
        if answer_names(cell):
            names = answer_names(cell)
        elif names and cell["cell_type"] == "code" and ("Checks(" in source(cell) or exercise_key(cell)) and any(
                name in source(cell) for name in names):
            found.append(i)
            names = []
    return found


def words(text):
    """Words of prose in markdown: link targets, HTML tags and LaTeX commands left out; a word is a run of \\w.

    The line under a lesson's title that tools/navigation.py writes (how long the lesson takes) is
    about the lesson, not part of it, and is not counted; nor are HTML comments, which no one sees.
    """
    text = COMMENT.sub(" ", MINUTES.sub(" ", text))
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"</?[A-Za-z][^<>]*>", " ", text)   # tags only: "W·X < 0 ... N > 5p" is prose
    text = re.sub(r"\\[A-Za-z]+", " ", text)
    return len(re.findall(r"\w+", text))


def is_figure(output):
    """Whether a code cell's output is looked at rather than read: a picture, a player or an interactive view."""
    data = output.get("data", {})
    return "image/png" in data or WIDGET_VIEW in data or "perceptron-player" in "".join(data.get("text/html", ""))


def output_words(output):
    """The words a student reads in an output that is not a figure: a stream's text, or a table's or check's plain text."""
    if output.get("output_type") == "stream":
        return words("".join(output.get("text", "")))
    if is_figure(output):
        return 0
    return words("".join(output.get("data", {}).get("text/plain", "")))


def reading(notebook, core=True):
    """{what: how much} a student meets on the lesson's core path (or all of it): the counts `minutes` adds up."""
    cells = [cell for cell in notebook["cells"] if not (core and GOING_FURTHER in tags(cell))]
    outputs = [output for cell in cells if cell["cell_type"] == "code" for output in cell.get("outputs", [])]
    return {"prose words": sum(words(source(cell)) for cell in cells if cell["cell_type"] == "markdown"),
            "output words": sum(output_words(output) for output in outputs),
            "figures": sum(is_figure(output) for output in outputs),
            "exercises": sum(bool(answer_names(cell)) for cell in cells),
            "code cells": sum(cell["cell_type"] == "code" for cell in cells)}


def minutes(notebook, core=True):
    """The minutes a student needs for the lesson's core path (or, with core False, for all of it), rounded up."""
    counts = reading(notebook, core)
    return math.ceil((counts["prose words"] + counts["output words"]) / WORDS_PER_MINUTE
                     + FIGURE_MINUTES * counts["figures"] + EXERCISE_MINUTES * counts["exercises"]
                     + CODE_CELL_MINUTES * counts["code cells"])
