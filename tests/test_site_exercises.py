"""tools/site_exercises.py without a browser: each lesson's page gets a form where each check cell was, and its data.

tests/e2e/test_page_exercises.py meets the forms in Chromium and compares every verdict with Python's.
"""
import copy
import html.parser
import json
import re
import sys
from pathlib import Path

import pytest

from perceptron_lib.course import answers, exercises as E

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import assignments  # noqa: E402
import lessons  # noqa: E402
import site_exercises  # noqa: E402  (tools/ is not a package)

LESSONS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))


class Elements(html.parser.HTMLParser):
    """The start tags of an HTML text, [(tag, {attribute: value}, its text up to the next tag of any kind)]."""

    def __init__(self, text):
        super().__init__()
        self.found, self.open = [], False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.found.append([tag, dict(attrs), ""])
        self.open = True

    def handle_endtag(self, tag):
        self.open = False

    def handle_data(self, data):
        if self.found and self.open:
            self.found[-1][2] += data


def page(path):
    """The cells of lesson `path` as its page has them, and the keys the forms were made for."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells, site_exercises.add_forms(cells, path.name)


def output_html(cell):
    (output,) = cell["outputs"]
    return output["data"]["text/html"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_each_check_cell_becomes_its_exercises_form_and_the_first_holds_the_lessons_data(path):
    stored = json.loads(path.read_text(encoding="utf-8"))
    found = assignments.exercises(stored)
    cells, keys = page(path)
    assert keys == [f"{path.name[:2]}.{k}" for k in range(1, len(found) + 1)] and keys
    assert len(cells) == len(stored["cells"])
    for n, ((_, check, _), key) in enumerate(zip(found, keys)):
        cell, data = cells[check], E.page_data(key)
        made = output_html(cell)
        assert "remove-input" in lessons.tags(cell) and not {"hide-input", "hide-output"} & set(lessons.tags(cell))
        assert f'data-key="{key}"' in made
        assert (f'id="{site_exercises.DATA_ID}"' in made) == (n == 0)
        if any(f["kind"] == "code" for f in data["fields"]):
            assert 'class="perceptron-exercise-code"' in made and "<form" not in made
            assert f'<a href="lab/index.html?path={path.name}">run this lesson live</a>' in made
            assert "kernel" not in made.lower()
        else:
            assert made.startswith('<form class="perceptron-exercise"')
    script = re.search(r'<script type="application/json" id="perceptron-exercises">(.*?)</script>',
                       output_html(cells[found[0][1]]), re.S).group(1)
    assert json.loads(script) == {key: json.loads(json.dumps(E.page_data(key))) for key in keys}
    others = [i for i in range(len(cells)) if i not in {check for _, check, _ in found}]
    assert [cells[i] for i in others] == [stored["cells"][i] for i in others]    # nothing else changes


@pytest.mark.parametrize("key", [key for key, ex in E.BY_KEY.items() if all(f.kind != "code" for f in ex.fields)])
def test_a_form_labels_every_field_and_has_a_check_button_and_a_live_region(key):
    data = E.page_data(key)
    elements = Elements(site_exercises.form_html(data, "x.ipynb")).found
    form = elements[0]
    assert form[0] == "form" and form[1]["data-key"] == key
    title = next(e for e in elements if e[1].get("id") == form[1]["aria-labelledby"])
    assert title[2] == data["title"]
    for field in data["fields"]:
        if field["kind"] in ("number", "vector", "weights"):
            box = next(e for e in elements if e[0] == "input" and e[1].get("name") == field["name"])
            label = next(i for i, e in enumerate(elements) if e[0] == "label" and e[1].get("for") == box[1]["id"])
            assert box[1]["type"] == "text" and box[1]["id"].startswith("perceptron-")
            assert elements[label][2].strip() == field["label"]                 # its label, then the lesson's name
            assert elements[label + 1][1] == {"class": "perceptron-name"} and elements[label + 1][2] == field["name"]
        else:
            kind = "radio" if field["kind"] == "choice" else "checkbox"
            start = next(i for i, e in enumerate(elements) if e[1].get("data-field") == field["name"])
            assert elements[start][0] == "fieldset" and elements[start + 1][0] == "legend"
            assert elements[start + 1][2].strip() == field["label"]
            boxes = [e for e in elements if e[0] == "input" and e[1].get("type") == kind]
            assert [e[1]["value"] for e in boxes] == [str(i) for i in range(len(field["options"]))]
            assert len({e[1]["name"] for e in boxes}) == 1
            assert [e[2].strip() for e in boxes] == [label for _, label in field["options"]]   # each box's label
    button = next(e for e in elements if e[0] == "button")
    assert button[1]["type"] == "submit" and button[2] == "Check"
    region = next(e for e in elements if e[1].get("role") == "status")
    assert region[1]["aria-live"] == "polite"


def test_ids_are_unique_on_every_page():
    for path in LESSONS:
        cells, _ = page(path)
        made = "".join(output_html(c) for c in cells if "remove-input" in lessons.tags(c) and c.get("outputs")
                       and "text/html" in c["outputs"][0].get("data", {}))
        ids = re.findall(r'\sid="([^"]+)"', made)
        assert len(ids) == len(set(ids)), path.name


def test_the_data_cannot_end_its_script_early():
    data = copy.deepcopy(E.page_data("05.1"))
    data["title"] = "a </script><b>&"
    made = site_exercises.data_html([data])
    assert made.count("</script>") == 1 and "<b>" not in made
    assert json.loads(made[made.index(">") + 1:-len("</script>")])["05.1"]["title"] == "a </script><b>&"


def test_a_check_cell_with_another_key_or_other_names_is_refused():
    cells = json.loads(LESSONS[4].read_text(encoding="utf-8"))["cells"]   # lesson 05
    (answer, check, _), *_ = assignments.exercises({"cells": cells})
    wrong_key = copy.deepcopy(cells)
    wrong_key[check]["source"] = lessons.source(wrong_key[check]).replace('"05.1"', '"05.2"')
    with pytest.raises(ValueError, match="checked as '05.2': its key is '05.1'"):
        site_exercises.add_forms(wrong_key, LESSONS[4].name)
    other_names = copy.deepcopy(cells)
    other_names[answer]["source"] = "my_R, my_g, my_bound = None, None, None"
    other_names[check]["source"] = 'pl.check("05.1", my_R, my_g, my_bound)'
    with pytest.raises(ValueError, match="asks for my_R, my_gamma, my_bound"):
        site_exercises.add_forms(other_names, LESSONS[4].name)


def test_stage_puts_the_forms_into_the_books_pages_and_the_script_into_static(tmp_path):
    lesson = LESSONS[0]
    (tmp_path / f"{lesson.stem}.ipynb").write_text(lesson.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "index.ipynb").write_text(json.dumps({"cells": []}), encoding="utf-8")
    made = site_exercises.stage(tmp_path)
    assert made == {lesson.stem: ["01.1", "01.2", "01.3"]}
    staged = json.loads((tmp_path / f"{lesson.stem}.ipynb").read_text(encoding="utf-8"))
    made = ["".join(o["data"]["text/html"]) for c in staged["cells"] for o in c.get("outputs", [])
            if "text/html" in o.get("data", {})]
    assert sum(text.startswith('<form class="perceptron-exercise"') for text in made) == 3
    for name in site_exercises.FILES:
        assert (tmp_path / "_static" / name).read_text(encoding="utf-8") == \
            (site_exercises.ASSETS / name).read_text(encoding="utf-8")


def test_the_script_reads_a_number_by_exercises_number_and_says_the_same_missing_sentence_everywhere():
    script = (site_exercises.ASSETS / "exercises.js").read_text(encoding="utf-8")
    number = re.search(r"var NUMBER = /(.*?)/;", script).group(1)
    assert number == answers.NUMBER.pattern.replace(r"\d", "[0-9]")    # the page's digits are ASCII's
    assert "var MISSING = 'Fill in every answer first.';" in script
    assert "cell above" not in script    # the Python-only sentence
