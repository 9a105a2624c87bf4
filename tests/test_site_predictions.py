"""tools/site_predictions.py without a browser: which questions get a form, how a page is marked, the lessons' map.

tests/e2e/test_page_predictions.py meets the forms, the locked answers and the progress in Chromium.
"""
import copy
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import lessons  # noqa: E402
import site_predictions  # noqa: E402  (tools/ is not a package)
import website  # noqa: E402

from perceptron_lib.course.exercises import EXERCISES  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
LESSONS = [path for path in NOTEBOOKS if path.name != website.INDEX]
PLACEHOLDER = re.compile(r'<div class="perceptron-predict" data-predict="([^"]+)"></div>')


def cells_of(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def markdown(text, cell_id="c"):
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text}


QUESTION = markdown("## 1. A section\n\nSome text.\n\n**Predict first.** Will it stop?\n\n"
                    "<details><summary>Answer</summary>\n\nNo: it cycles.\n\n</details>\n\nMore text.\n")


def test_a_question_is_a_predict_cell_whose_answer_is_a_fold_in_its_part_of_the_lesson():
    later = markdown("The table.\n\n<details><summary>What the table shows (predict first)</summary>\n\nIt cycles.\n\n"
                     "</details>\n")
    exercise = markdown("**1. AND.** Predict how many updates, put your guess below and run the check.")
    answer = {"cell_type": "code", "id": "a", "metadata": {}, "source": "my_updates = None", "outputs": []}
    other = markdown("## 2. Try your own\n\nCan you find a W?\n\n<details><summary>Answer</summary>\n\nYes.\n\n"
                     "</details>\n")
    asked = markdown("**Predict first:** on XOR, does either reach 3 of 4? The table counts them.")
    cells = [QUESTION, exercise, answer, other, asked, later]
    assert site_predictions.questions(cells) == [(0, [(0, QUESTION["source"].index("<details>"))]),
                                                 (4, [(5, later["source"].index("<details>"))])]


def test_a_fold_before_the_question_or_not_an_answer_is_not_locked():
    text = ("<details><summary>Answer</summary>\n\nan earlier one\n\n</details>\n\n**Predict first.** Why?\n\n"
            "<details><summary>For the curious</summary>\n\nmore\n\n</details>\n")
    assert site_predictions.questions([markdown(text)]) == []


def test_the_question_ends_at_its_paragraph_or_at_the_fold_after_it():
    text = QUESTION["source"]
    assert text[:site_predictions.question_end(text)].endswith("Will it stop?")
    joined = "**Predict first.** Will it stop?\n<details><summary>Answer</summary>\n\nNo.\n\n</details>\n"
    assert joined[:site_predictions.question_end(joined)] == "**Predict first.** Will it stop?\n"
    assert site_predictions.question_end("No question here.\n\n<details><summary>predict</summary></details>") is None


def test_a_page_gets_a_placeholder_after_each_question_and_its_folds_the_questions_key():
    later = markdown("<details><summary>What the picture shows (predict first)</summary>\n\nx\n\n</details>\n")
    book = site_predictions.mark({"cells": [copy.deepcopy(QUESTION), later]}, "03-xor-and-cycling")
    key = "03-xor-and-cycling#1"
    assert book["cells"][0]["source"] == QUESTION["source"].replace(
        "Will it stop?\n\n<details>",
        f'Will it stop?\n\n<div class="perceptron-predict" data-predict="{key}"></div>\n\n\n\n<details data-predict="{key}">')
    assert book["cells"][1]["source"].startswith(f'<details data-predict="{key}"><summary>What the picture')


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem[:2] for p in LESSONS])
def test_every_lessons_page_numbers_its_questions_and_locks_each_answer_under_its_key(path, tmp_path):
    page = website.page_notebook(json.loads(path.read_text(encoding="utf-8")), path.name, tmp_path)   # as on the site
    count = len(site_predictions.questions(cells_of(path)))
    marked = site_predictions.mark(page, path.stem)
    text = "\n".join(lessons.source(cell) for cell in marked["cells"] if cell["cell_type"] == "markdown")
    keys = [f"{path.stem}#{n}" for n in range(1, count + 1)]
    assert count >= 1 and PLACEHOLDER.findall(text) == keys       # each question once, in order, as the map counts them
    for key in keys:
        place = text.index(f'data-predict="{key}"></div>')
        fold = text.index(f'<details data-predict="{key}"><summary>')
        assert place < fold      # the form comes before its answer
    for found in PLACEHOLDER.finditer(text):   # an HTML block of its own: a blank line on each side
        assert text[found.start() - 2:found.start()] == "\n\n" and text[found.end():found.end() + 2] == "\n\n"


def test_a_question_above_the_opening_picture_has_its_form_and_answer_below_it(tmp_path):
    """Lesson 07 asks its question in the title's cell: the first screen must still hold the whole picture."""
    path = ROOT / "notebooks" / "07-sigmoid-units.ipynb"
    page = website.page_notebook(json.loads(path.read_text(encoding="utf-8")), path.name, tmp_path)
    title = lessons.source(page["cells"][0])
    marked = site_predictions.mark(copy.deepcopy(page), path.stem)["cells"]
    assert "**Predict first.**" in lessons.source(marked[0]) and "<details" not in lessons.source(marked[0])
    assert marked[1] == page["cells"][1] and marked[1]["cell_type"] == "code"      # the opening picture, right after
    moved = lessons.source(marked[2])
    assert moved.startswith(site_predictions.placeholder("07-sigmoid-units#1") + "\n\n<details data-predict=")
    assert moved.count("<details") == 1 and lessons.FOLD.search(title).group(0)[len("<details"):] in moved
    assert len(marked) == len(page["cells"]) + 1


def test_the_stored_notebook_is_left_as_it_is():
    path = ROOT / "notebooks" / "02-learning-rule.ipynb"
    before = path.read_text(encoding="utf-8")
    site_predictions.mark(json.loads(before), path.stem)
    assert path.read_text(encoding="utf-8") == before


def test_the_lessons_map_counts_each_lessons_questions_and_the_exercises_a_page_can_check():
    found = site_predictions.progress_map(NOTEBOOKS)
    assert list(found) == [path.stem for path in LESSONS]            # the lessons, not the index
    code = [ex.key for ex in EXERCISES if any(f.kind == "code" for f in ex.fields)]
    assert code == ["02.4", "03.4"]
    assert sorted(key for lesson in found.values() for key in lesson["exercises"]) == \
        sorted(ex.key for ex in EXERCISES if ex.key not in code)
    for stem, lesson in found.items():
        assert all(key.startswith(stem[:2] + ".") for key in lesson["exercises"])
        assert lesson["predictions"] == len(site_predictions.questions(cells_of(ROOT / "notebooks" / f"{stem}.ipynb")))
    # lesson 02's exercise 1 asks for a prediction too: its check answers it, and it counts as an exercise
    assert found["02-learning-rule"] == {"predictions": 2, "exercises": ["02.1", "02.2", "02.3"]}


def test_stage_marks_the_pages_copies_the_script_and_puts_the_map_in_every_page(tmp_path):
    source = tmp_path / "book"
    source.mkdir()
    lesson = ROOT / "notebooks" / "02-learning-rule.ipynb"
    (source / lesson.name).write_text(lesson.read_text(encoding="utf-8"), encoding="utf-8")
    (source / "_config.yml").write_text(json.dumps({"sphinx": {"config": {"html_js_files": ["perceptron.js"]}}}))
    found = site_predictions.stage(source, [lesson])
    assert found == site_predictions.progress_map([lesson])
    page = "".join(lessons.source(cell) for cell in cells_of(source / lesson.name))
    assert PLACEHOLDER.findall(page) == ["02-learning-rule#1", "02-learning-rule#2"]
    for name in site_predictions.FILES:
        assert (source / "_static" / name).read_bytes() == (site_predictions.ASSETS / name).read_bytes()
    scripts = json.loads((source / "_config.yml").read_text())["sphinx"]["config"]["html_js_files"]
    assert scripts[0] == "perceptron.js"
    name, attributes = scripts[1]
    assert name is None and attributes["type"] == "application/json" and attributes["id"] == site_predictions.MAP_ID
    assert json.loads(attributes["body"]) == found and "<" not in attributes["body"]


def test_the_map_cannot_end_its_script_element_early():
    assert site_predictions.script_json({"a": "</script><b>"}) == '{"a": "\\u003c/script>\\u003cb>"}'
    assert json.loads(site_predictions.script_json({"a": "</script>"})) == {"a": "</script>"}


def test_the_script_reads_what_the_build_writes():
    script = (site_predictions.ASSETS / "predictions.js").read_text(encoding="utf-8")
    assert f"var KEY = '{site_predictions.STORAGE_KEY}';" in script
    assert f"getElementById('{site_predictions.MAP_ID}')" in script
    assert "details[data-predict]" in script and ".perceptron-predict[data-predict]" in script
    assert "fetch(" not in script and "XMLHttpRequest" not in script and "sendBeacon" not in script   # nothing leaves
