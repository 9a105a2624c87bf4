"""Every lesson fits one sitting: at most 40 minutes with its exercises (issues 23, 32 and 40).

The budget, per lesson (01 on; 00 is the index): at most 60 cells, and a core path (the cells not
tagged "going-further") of at most 1,800 words of prose that takes at most 40 minutes by the rule of
tools/lessons.py, which counts everything a student meets on it: prose, folds included, and the text
of outputs (tables, printed checks) at 90 words a minute; a minute a figure, player or view; 8 minutes
an exercise; half a minute a code cell. Each part tagged "going-further" says so where it starts
("Going further"), and so does each of its headings, which the page's contents and the site's sidebar
list.

Prose words are counted in the core path's markdown cells only (code and outputs are not prose),
after removing what a student need not read on the main path and what is not words:

- folded blocks, ``<details>…</details>`` (answers to predictions, "for the curious" material);
- the targets of Markdown links, ``[text](target)`` keeps its text;
- HTML tags, ``<b>`` and the like (their text stays; a "<" in prose, as in "W·X < 0", is not a tag);
- LaTeX commands, ``\\sum``, ``\\cdot`` and the like (their arguments stay).

A word is then a run of word characters (``\\w+``), so "W·X" counts two and "0/1" two.
Cells are every cell of the notebook, the navigation cell included.
"""
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import lessons  # noqa: E402

LESSONS = sorted(path for path in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb") if path.name[:2] != "00")
MAX_WORDS = 1800
MAX_CELLS = 60


def prose_words(notebook):
    """The words of prose a student reads on the core path, outside folded blocks (see the module's docstring)."""
    text = "\n".join("".join(cell["source"]) for cell in notebook["cells"]
                     if cell["cell_type"] == "markdown" and lessons.GOING_FURTHER not in lessons.tags(cell))
    return lessons.words(re.sub(r"<details\b.*?</details>", " ", text, flags=re.S | re.I))


def size(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return {"words": prose_words(notebook), "cells": len(notebook["cells"])}


def test_the_count_leaves_out_folded_blocks_link_targets_tags_and_latex_commands():
    cells = [{"cell_type": "markdown", "source": ["Two words <details><summary>Answer</summary>\n\nmany more words here"
                                                  "</details> and [a link](05-x.ipynb) $\\sum y$ <b>W·X < 0</b> N > 5"]},
             {"cell_type": "markdown", "metadata": {"tags": ["going-further"]}, "source": ["not on the core path"]},
             {"cell_type": "code", "source": ["code is not prose"]}]
    assert prose_words({"cells": cells}) == len("Two words and a link y W X 0 N 5".split())


def test_every_lesson_is_measured():
    assert [path.name[:2] for path in LESSONS][:9] == [f"{k:02}" for k in range(1, 10)]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_a_lesson_fits_one_sitting(path):
    measured = size(path)
    ceiling = {"words": MAX_WORDS, "cells": MAX_CELLS}
    assert measured["words"] <= ceiling["words"], (
        f"{path.name}: {measured['words']} words of prose outside <details> (allowed {ceiling['words']})")
    assert measured["cells"] <= ceiling["cells"], f"{path.name}: {measured['cells']} cells (allowed {ceiling['cells']})"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_the_core_path_fits_one_sitting_and_the_rest_says_it_goes_further(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    core = lessons.minutes(notebook)
    assert core <= lessons.SITTING_MINUTES, (
        f"{path.name}: the core path takes {core} minutes (allowed {lessons.SITTING_MINUTES}): tag more of it "
        f"'{lessons.GOING_FURTHER}' (the whole lesson takes {lessons.minutes(notebook, core=False)})")
    cells, unmarked = notebook["cells"], []
    for i, cell in enumerate(cells):
        starts = lessons.GOING_FURTHER in lessons.tags(cell) and (i == 0 or lessons.GOING_FURTHER not in lessons.tags(cells[i - 1]))
        if starts and not re.search(r"going further", lessons.source(cell), re.I):
            unmarked.append(i)
    assert not unmarked, f"{path.name}: going-further parts that start without saying so (cells {unmarked})"


def test_the_minutes_count_what_is_read_looked_at_and_done():
    figure = {"output_type": "display_data", "data": {"image/png": "", "text/plain": ["many words " * 50]}}
    table = {"output_type": "display_data", "data": {"text/plain": ["a b c d e f g h i"]}}
    printed = {"output_type": "stream", "name": "stdout", "text": ["one two three"]}
    cells = [{"cell_type": "markdown", "metadata": {}, "source": ["word " * 90]},
             {"cell_type": "code", "metadata": {}, "source": ["my_x = None"], "outputs": []},
             {"cell_type": "code", "metadata": {}, "source": ["show()"], "outputs": [figure, table, printed]},
             {"cell_type": "code", "metadata": {"tags": [lessons.GOING_FURTHER]}, "source": ["more()"],
              "outputs": [figure]}]
    assert lessons.reading({"cells": cells}) == {"prose words": 90, "output words": 12, "figures": 1,
                                                 "exercises": 1, "code cells": 2}
    assert lessons.minutes({"cells": cells}) == 12   # 102 words, a figure, an exercise, two code cells: 11.13
    assert lessons.minutes({"cells": cells}, core=False) == 13


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_every_going_further_heading_says_so_and_no_core_heading_does(path):
    """The page's contents and the sidebar list headings: a student sees there what the core path is."""
    wrong = []
    for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        further = lessons.GOING_FURTHER in lessons.tags(cell)
        for heading in re.findall(r"^#{2,3} .*$", lessons.source(cell), flags=re.M) if cell["cell_type"] == "markdown" else []:
            if further != bool(re.search(r"going further", heading, re.I)):
                wrong.append((i, heading))
    assert not wrong, f"{path.name}: headings whose words and tag disagree about going further: {wrong}"
