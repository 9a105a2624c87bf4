"""What a lesson is made of, read off its cells: exercises, Predict questions, its core path, its minutes.

One place for the conventions the tests, the navigation and the exports share:

- an exercise is an answer cell that sets the student's names to None (`my_R, my_gamma = None, None`),
  and its check cell: the first code cell after it that names one of them and calls pl.Checks;
- a Predict question is a text cell that asks the student to predict; the code cells after it, up to
  the next text cell or exercise, show its answer;
- the core path is every cell not tagged "going-further": what a student must do to meet the lesson's
  goals. A part tagged so opens with a visible "Going further" in its first text cell;
- the minutes a student needs (`minutes`): prose read at WORDS_PER_MINUTE (folds included: a student
  opens them), EXERCISE_MINUTES per exercise and CODE_CELL_MINUTES per code cell run and looked at.
  The rates are set so that the rule gives what students measured reading lessons 03, 06, 07 and
  08 in full, exercises included (70-90, 40-55, 55-70 and 65-80 minutes; issue 32): 77, 45, 57, 63.
"""
import math
import re

GOING_FURTHER = "going-further"
WORDS_PER_MINUTE = 90
EXERCISE_MINUTES = 8
CODE_CELL_MINUTES = 0.5
SITTING_MINUTES = 35
PREDICT = re.compile(r"\bpredict\b", re.I)
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


def after_predict(cells):
    """Indices of the code cells with outputs between a Predict question and the next text cell or exercise."""
    found = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown" or not PREDICT.search(source(cell)):
            continue
        for j in range(i + 1, len(cells)):
            if cells[j]["cell_type"] != "code" or answer_names(cells[j]):
                break   # a text cell, or an exercise (its check shows no answer until one is given)
            if cells[j].get("outputs"):
                found.append(j)
    return found


def check_cells(cells):
    """Indices of the exercises' check cells."""
    found, names = [], []
    for i, cell in enumerate(cells):
        if answer_names(cell):
            names = answer_names(cell)
        elif names and cell["cell_type"] == "code" and "Checks(" in source(cell) and any(
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


def minutes(notebook, core=True):
    """The minutes a student needs for the lesson's core path (or, with core False, for all of it), rounded up."""
    cells = [cell for cell in notebook["cells"] if not (core and GOING_FURTHER in tags(cell))]
    prose = sum(words(source(cell)) for cell in cells if cell["cell_type"] == "markdown")
    exercises = sum(bool(answer_names(cell)) for cell in cells)
    code = sum(cell["cell_type"] == "code" for cell in cells)
    return math.ceil(prose / WORDS_PER_MINUTE + EXERCISE_MINUTES * exercises + CODE_CELL_MINUTES * code)
