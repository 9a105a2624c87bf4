"""The lessons' exercises on their pages: a form where each check cell was, checked in the browser with no Python.

Each exercise is declared once, in perceptron_lib/course/exercises.py, and its check cell in the lesson is one call,
``pl.check("05.1", my_R, my_gamma, my_bound)``. tools/website.py calls `stage` once, on the book's sources,
before Jupyter Book builds them (issue 41, item 2); on each lesson's page (`add_forms`):

- the check cell shows a form instead of its code and stored output: one labelled box per number or vector
  (the label is the field's, with the lesson's name, my_R, in smaller type beside it), radio buttons in a
  fieldset for a choice, check boxes in a fieldset for a subset, a Check button, and a live region
  (role="status") for the verdict;
- a code exercise (02.4, 03.4) says there that its answer is a function, written and checked in the live
  lesson, and links it;
- the first exercise's output also holds the lesson's exercises as `page_data` gives them, JSON in
  ``<script type="application/json" id="perceptron-exercises">``.

The script, site_assets/exercises.js, and its style, exercises.css, go into the book's _static folder, where
Jupyter Book adds them to every page. The script judges what was typed by exercises.py's steps (its comment
says them), shows the check cell's lines in the live region, and records a solved exercise in the browser's
localStorage["perceptron-course"].solved, keeping the object's other keys (tools/site_predictions.py writes
"predictions" and shows the progress). The k-th exercise of lesson NN is "NN.k" (tools/assignments.py's
`exercises`); a check cell that names its key (tools/lessons.py's `exercise_key`) must agree.
"""
import html
import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import assignments  # noqa: E402
import lessons  # noqa: E402
import site_predictions  # noqa: E402  (script_json: JSON that stands in a <script>)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from perceptron_lib.course import exercises  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
ASSETS = Path(__file__).resolve().parent / "site_assets"
FILES = ("exercises.js", "exercises.css")   # in ASSETS, copied to the book's _static folder
DATA_ID = "perceptron-exercises"


def keys(cells, page):
    """[(check cell index, exercise key)] of the cells of lesson `page` (its notebook's name, "05-....ipynb").

    A ValueError if a check cell names another key, or the exercise asks for other names than the answer cell sets.
    """
    number = Path(page).name[:2]
    found = []
    for k, (_, check, names) in enumerate(assignments.exercises({"cells": cells}), 1):
        key = f"{number}.{k}"
        said = lessons.exercise_key(cells[check])
        if said is not None and said != key:
            raise ValueError(f"lesson {number}'s exercise {k} is checked as {said!r}: its key is {key!r}")
        asked = list(exercises.exercise(key).names)
        if asked != list(names):
            raise ValueError(f"exercise {key} asks for {', '.join(asked)}; the lesson's answer cell sets {', '.join(names)}")
        found.append((check, key))
    return found


def _id(key, name=""):
    return "perceptron-" + key.replace(".", "-") + (f"-{name}" if name else "")


def _name(text, name):
    return f'{html.escape(text)} <span class="perceptron-name">{html.escape(name)}</span>'


def field_html(key, field):
    """The HTML of one field of exercise `key` (`field`: one of page_data's fields)."""
    box_id = _id(key, field["name"])
    if field["kind"] in ("choice", "subset"):
        kind = "radio" if field["kind"] == "choice" else "checkbox"
        options = "".join(f'<label><input type="{kind}" name="{box_id}" value="{i}"> {html.escape(label)}</label>'
                          for i, (_, label) in enumerate(field["options"]))
        return (f'<fieldset class="perceptron-field" data-field="{field["name"]}"><legend>'
                f'{_name(field["label"], field["name"])}</legend><div class="perceptron-options">{options}</div>'
                "</fieldset>")
    vector = field["kind"] in ("vector", "weights")
    described = ""
    if vector:
        described = (f'<span class="perceptron-format" id="{box_id}-format">{field["length"]} numbers, like '
                     f'{field["example"]}</span>')
    describedby = f' aria-describedby="{box_id}-format"' if vector else ""
    return (f'<div class="perceptron-field{" vector" if vector else ""}" data-field="{field["name"]}">'
            f'<label for="{box_id}">{_name(field["label"], field["name"])}</label>'
            f'<input type="text" id="{box_id}" name="{field["name"]}" autocomplete="off" spellcheck="false"{describedby}>'
            f"{described}</div>")


def form_html(data, page):
    """The HTML that stands where exercise `data`'s check cell was (`data`: page_data; `page`: the notebook's name)."""
    key, title = data["key"], html.escape(data["title"])
    if any(field["kind"] == "code" for field in data["fields"]):
        return (f'<p class="perceptron-exercise-code" data-key="{key}"><strong>{title}</strong>: its answer is code, '
                "a function of your own, which this page cannot run: write it and check it in the live lesson, "
                f'where its check cell runs it: <a href="lab/index.html?path={html.escape(page)}">run this lesson '
                "live</a>.</p>")
    fields = "".join(field_html(key, field) for field in data["fields"])
    return (f'<form class="perceptron-exercise" data-key="{key}" aria-labelledby="{_id(key)}-title" novalidate>'
            f'<p class="perceptron-exercise-title"><strong id="{_id(key)}-title">{title}</strong>: '
            f"{'your answer' if len(data['fields']) == 1 else 'your answers'}, checked here.</p>"
            f'<div class="perceptron-fields">{fields}</div>'
            '<button type="submit" class="perceptron-check">Check</button>'
            '<div class="perceptron-verdict" role="status" aria-live="polite"></div></form>')


def data_html(datas):
    """The lesson's exercises as JSON in a script element (no "<" left to end it early)."""
    text = site_predictions.script_json({data["key"]: data for data in datas})
    return f'<script type="application/json" id="{DATA_ID}">{text}</script>'


def add_forms(cells, page):
    """Put each exercise's form in place of its check cell, in the page's `cells` (changed in place); return the keys.

    The check cell's code is left out (tag remove-input) and its outputs replaced by the form; the first one
    also carries the lesson's data. `page` is the notebook's name, for the live lesson's address.
    """
    found = keys(cells, page)
    datas = [exercises.page_data(key) for _, key in found]
    for n, ((check, key), data) in enumerate(zip(found, datas)):
        cell = cells[check]
        tags = [tag for tag in lessons.tags(cell) if tag not in ("hide-input", "hide-output")]
        cell.setdefault("metadata", {})["tags"] = tags + ["remove-input"]
        made = form_html(data, page) + (data_html(datas) if n == 0 else "")
        words = f"{data['title']}: checked on the page."
        cell["outputs"] = [{"output_type": "display_data", "metadata": {},
                            "data": {"text/html": made, "text/plain": words}}]
    return [key for _, key in found]


def stage(source):
    """Put the forms into the lessons' pages in the book's sources `source` (website.stage wrote them), and the
    script and its style into its _static folder; return {page stem: the exercises' keys}."""
    source = Path(source)
    made = {}
    for notebook in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        page = source / f"{notebook.stem}.ipynb"
        if not page.is_file():   # the index's page is index.ipynb: it has no exercise
            continue
        book = json.loads(page.read_text(encoding="utf-8"))
        made[notebook.stem] = add_forms(book["cells"], notebook.name)
        page.write_text(json.dumps(book, ensure_ascii=False), encoding="utf-8")
    (source / "_static").mkdir(exist_ok=True)
    for name in FILES:
        shutil.copyfile(ASSETS / name, source / "_static" / name)
    return made
