"""Predict, then see, on the site's pages: a form under each Predict question, and each lesson's progress.

tools/website.py calls `stage` once, on the book's sources, before Jupyter Book builds them (issue 41, item 3):

- each Predict question of a lesson (`questions`: a text cell that `lessons.is_predict` finds, whose answer is
  a fold in its part of the lesson, `lessons.predict_scopes`) gets an empty
  ``<div class="perceptron-predict" data-predict="02-learning-rule#1">`` right after the question's paragraph
  (below the picture, for a question asked above the opening picture), and its answer folds (a summary that
  starts with "Answer" or says "(predict first)") get ``data-predict`` with the same key,
  ``<page stem>#<n>``, n counting the page's questions from 1 (`mark`);
- every page carries the lessons' map (`progress_map`), {page stem: {"predictions": n, "exercises": keys}}, in
  ``<script type="application/json" id="perceptron-lessons">``: the exercises are those of
  perceptron_lib/course/exercises.py that a page can check (a code exercise cannot: it needs Python);
- the script and its style, tools/site_assets/predictions.js and .css, go into the book's _static folder,
  where Jupyter Book adds every script and style sheet to every page.

The script does the rest in the student's browser, and nothing leaves it. It puts a labelled field ("Your
prediction") and a Commit button into each placeholder; until a prediction is committed, the question's
answer folds do not open, their summary says why ("Answer (commit a prediction first)"), and trying to open
one says so in the form's live region and moves the focus to the field. "Show the answer without predicting"
opens them for this visit and records nothing. What was committed is kept in localStorage under
`STORAGE_KEY`, as JSON {"predictions": {"02-learning-rule#1": "text"}, "solved": {"05.1": true}} ("solved" is
written by the exercise forms; each writer reads the object, changes its own key and writes it back). The
sidebar and the index's list of lessons say each lesson's progress in words ("2 of 5 done": predictions
committed and exercises solved, of the lesson's predictions and page exercises), and "Forget my answers"
(in the sidebar and on the index, after a confirmation) removes the key. A script that changes the stored
object dispatches the window event ``perceptron-course`` so that the others show it; after "Forget my
answers" the event's ``detail.forgotten`` is true.
"""
import json
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lessons  # noqa: E402  (tools/ is not a package)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
INDEX = "00-index.ipynb"
ASSETS = Path(__file__).resolve().parent / "site_assets"
FILES = ("predictions.js", "predictions.css")   # in ASSETS, copied to the book's _static folder
STORAGE_KEY = "perceptron-course"               # the script's localStorage key
MAP_ID = "perceptron-lessons"                   # the id of the lessons' map in every page
# A fold that answers a Predict question: its summary says "Answer ..." or "... (predict first)"
ANSWER_FOLD = re.compile(r"<details>(?=\s*<summary>\s*(?:Answer\b|[^<]*\(predict first\)))", re.I)


def masked(text):
    """`text` with each fold's characters replaced by spaces: what is read outside the folds, at the same places."""
    return lessons.FOLD.sub(lambda match: " " * len(match.group(0)), text)


def question_end(text):
    """Where the paragraph that asks a Predict question ends in a text cell's `text`, or None if it asks none.

    The question is the first paragraph outside the folds that says "predict"; it ends at a blank line or at
    the first fold after it, whichever comes first.
    """
    outside = masked(text)
    asked = lessons.PREDICT.search(outside)
    if asked is None:
        return None
    ends = [outside.find("\n\n", asked.end()), text.find("<details>", asked.end()), len(text)]
    return min(end for end in ends if end >= 0)


def questions(cells):
    """The Predict questions a page asks, in order: [(cell index, [(cell index, fold offset), ...])].

    A question is a cell that `lessons.predict_scopes` finds whose answer is a fold (`ANSWER_FOLD`) after
    the question in its own cell or in a text cell of its part of the lesson; each fold is given by its cell
    and the offset of its ``<details>`` in the cell's text. A Predict question without such a fold (an
    exercise that asks for a prediction, which its check answers) is none.
    """
    found = []
    for i, scope in lessons.predict_scopes(cells):
        text = lessons.source(cells[i])
        folds = [(i, fold.start()) for fold in ANSWER_FOLD.finditer(text, question_end(text))]
        folds += [(j, fold.start()) for j in scope if cells[j]["cell_type"] == "markdown"
                  for fold in ANSWER_FOLD.finditer(lessons.source(cells[j]))]
        if folds:
            found.append((i, folds))
    return found


def placeholder(key):
    """The HTML block the script fills with a question's form."""
    return f'<div class="perceptron-predict" data-predict="{key}"></div>'


def mark(notebook, stem):
    """`notebook` (a page's notebook, a dict: changed in place and returned) with each Predict question's
    placeholder after its paragraph and its answer folds marked with the question's key, ``stem#n``.

    A question asked above the opening picture (in the title's cell: lesson 07) has its placeholder and the
    folds of its own cell moved into a text cell just below the picture, so that the first screen still holds
    the title, the question and the whole picture (tools/first_screens.py).
    """
    cells = notebook["cells"]
    opening = next((k for k, cell in enumerate(cells) if cell["cell_type"] == "code"), len(cells))
    edits, below = {}, []   # edits: cell index -> [(start, end, text put in place of text[start:end])]
    for n, (i, folds) in enumerate(questions(cells), start=1):
        key = f"{stem}#{n}"
        text = lessons.source(cells[i])
        if i < opening < len(cells):
            spans = [(offset, lessons.FOLD.match(text, offset).end()) for j, offset in folds if j == i]
            moved = [text[start:end].replace("<details", f'<details data-predict="{key}"', 1) for start, end in spans]
            below.append("\n\n".join([placeholder(key)] + moved) + "\n")
            edits.setdefault(i, []).extend((start, end, "") for start, end in spans)
            folds = [(j, offset) for j, offset in folds if j != i]
        else:
            end = question_end(text)
            edits.setdefault(i, []).append((end, end, f"\n\n{placeholder(key)}\n\n"))
        for j, offset in folds:
            at = offset + len("<details")
            edits.setdefault(j, []).append((at, at, f' data-predict="{key}"'))
    for i, changes in edits.items():
        text = lessons.source(cells[i])
        for start, end, insert in sorted(changes, reverse=True):   # from the end: the earlier offsets stay right
            text = text[:start] + insert + text[end:]
        cells[i]["source"] = text
    for k, text in enumerate(below):
        cells.insert(opening + 1 + k, {"cell_type": "markdown", "id": f"perceptron-predict-{k + 1}", "metadata": {},
                                       "source": text})
    return notebook


def page_exercises(stem):
    """The keys of the exercises of lesson `stem` ("05-convergence-theorem") that a page can check: all but code."""
    from perceptron_lib.course.exercises import EXERCISES

    return [exercise.key for exercise in EXERCISES if exercise.key[:2] == stem[:2] and exercise.on_page]


def progress_map(notebooks):
    """{page stem: {"predictions": n, "exercises": [keys]}} of the lessons among `notebooks` (paths; not the index)."""
    found = {}
    for path in sorted(notebooks, key=lambda p: Path(p).name):
        if Path(path).name == INDEX:
            continue
        stem = Path(path).stem
        cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
        found[stem] = {"predictions": len(questions(cells)), "exercises": page_exercises(stem)}
    return found


def script_json(value):
    """`value` as JSON that can stand inside an HTML <script> element (no "</script>" can end it early)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")


def stage(source, notebooks=None):
    """Add Predict, then see to the book's sources in the folder `source` (website.stage wrote them).

    Marks each lesson's page (`mark`), copies the script and its style into _static, and adds the lessons'
    map (`progress_map` of `notebooks`, by default every lesson, counted from the notebooks as stored, so that
    a quick build of a few pages still counts every lesson) to every page through _config.yml.
    """
    source = Path(source)
    lesson_map = progress_map(notebooks or sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")))
    for stem in lesson_map:
        page = source / f"{stem}.ipynb"
        if page.is_file():
            book = mark(json.loads(page.read_text(encoding="utf-8")), stem)
            page.write_text(json.dumps(book, ensure_ascii=False), encoding="utf-8")
    (source / "_static").mkdir(exist_ok=True)
    for name in FILES:
        shutil.copyfile(ASSETS / name, source / "_static" / name)
    config_file = source / "_config.yml"   # JSON, which is YAML (website.stage writes it so)
    config = json.loads(config_file.read_text(encoding="utf-8"))
    scripts = config["sphinx"]["config"].setdefault("html_js_files", [])
    scripts.append([None, {"body": script_json(lesson_map), "type": "application/json", "id": MAP_ID}])
    config_file.write_text(json.dumps(config, indent=1), encoding="utf-8")
    return lesson_map
