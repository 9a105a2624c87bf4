"""Answers hidden until asked: one pair of cell tags, honoured by every place a lesson is shown.

A lesson asks before it shows ("Predict first", an exercise). The notebooks are stored with their
outputs (nbval compares them; pages and decks are made from them), so the answer is already there
when a lesson opens. Two tags, the ones Jupyter Book and MyST-NB read, say what to hide:

- "hide-output" on a code cell whose output answers a Predict question: collapsed in JupyterLab
  and JupyterLite (metadata jupyter.outputs_hidden, set by `collapse`, which tools/run_notebooks.py
  calls), folded on a page (MyST-NB folds it: tools/website.py), shown on a later press in a deck
  (a fragment);
- "hide-input" on the code of a lesson's opening picture, which would push the picture off the first
  screen (an exercise's check cell is one call of pl.check, which shows nothing of the answer): collapsed in
  JupyterLab and JupyterLite (jupyter.source_hidden), folded on a page ("Show the source"; the
  opening picture's code is left out of its page), left out of a deck.

tests/test_predict_first.py says which cells need which tag.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lessons import tags  # noqa: E402  (a cell's tags, for the callers of this module too)

HIDE_OUTPUT, HIDE_INPUT = "hide-output", "hide-input"


def collapse(notebook):
    """Set (or clear) each cell's jupyter.outputs_hidden and jupyter.source_hidden from its tags; return the count set."""
    count = 0
    for cell in notebook["cells"]:
        metadata = cell.setdefault("metadata", {})
        jupyter = metadata.get("jupyter", {})
        for tag, key in ((HIDE_OUTPUT, "outputs_hidden"), (HIDE_INPUT, "source_hidden")):
            wanted = tag in tags(cell) and (cell["cell_type"] == "code")
            if wanted:
                jupyter[key] = True
                count += 1
            else:
                jupyter.pop(key, None)
        if jupyter:
            metadata["jupyter"] = jupyter
        else:
            metadata.pop("jupyter", None)
    return count


def deck_cells(notebook):
    """Prepare `notebook` (a NotebookNode) for a deck: check code left out, answers on a later press."""
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        if HIDE_INPUT in tags(cell):
            cell.source = ""
            cell.metadata.setdefault("transient", {})["remove_source"] = True
        show = cell.metadata.setdefault("slideshow", {})
        if HIDE_OUTPUT in tags(cell) and cell.outputs and show.get("slide_type", "-") == "-":
            show["slide_type"] = "fragment"
