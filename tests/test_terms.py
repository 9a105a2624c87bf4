"""Every term explained where it first appears (issue 32): a first-year student meets no word unexplained.

The course's convention: where a lesson first uses one of the terms below, the term is either in
*italics* or **bold** (the sentence around it explains it: "a *soluble* problem, one that some W solves") or a
link to its entry in the index's glossary (`[linear program](00-index.ipynb#glossary)`). Words a
plain phrase says better are not used at all ("iff"). The index's glossary explains every term.

What is read is the lesson's text as a student reads it, in order: the markdown cells (folds
included: a student opens them), less code and quotations. And since a student may take only the
core path, and open no fold, a term's first use there must be explained there too: an explanation
in a fold or a going-further part, which that student never reads, does not count for it (issue 40).
"""
import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from lessons import GOING_FURTHER  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("0[1-9]-*.ipynb"))
INDEX = NOTEBOOKS / "00-index.ipynb"

# (the term as the glossary names it, a pattern for its uses)
TERMS = [
    ("soluble", r"\b(?:in)?solub(?:le|ility)\b"),
    ("linear program", r"\blinear program(?:s|ming)?\b"),
    ("95% interval", r"\b(?:95|99)\s?% (?:confidence )?intervals?\b"),
    ("lattice", r"\blattices?\b"),
    ("symmetries of the cube", r"\bsymmetr(?:y|ies)\b"),
    ("DNF", r"\bDNF\b"),
    ("stochastic gradient descent", r"\bstochastic gradient descent\b|\bSGD\b"),
    ("gradient", r"∇|\bgradients?\b"),
    ("standard normal", r"\bstandard[- ]normal\b"),
    ("floating point", r"\bbinary floats?\b|\bfloating[- ]point\b"),
    ("cost evaluation", r"\bcost evaluations?\b"),
    ("CPU time", r"\bCPU time\b"),
    ("general position", r"\bgeneral position\b"),
    ("maximum-margin separator", r"\bmaximum[- ]margin\b"),
    ("margin", r"\bmargins?\b"),
    ("capacity", r"\bcapacity\b"),
    ("corollary", r"\bcorollar(?:y|ies)\b"),
    ("unit ball", r"\bunit ball\b"),
    ("exact arithmetic", r"\bexact arithmetic\b|\bto the last bit\b"),
    ("hyperbola", r"\bhyperbol(?:a|ae|as|ic)\b"),
    ("binomial coefficient", r"\bbinomials?\b"),
]
BANNED = [(r"\biff\b", "write 'if and only if' (or 'exactly when')")]


def markdown(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def core_text(cells):
    """The markdown a student reads who keeps to the core path and opens no fold."""
    return "\n\n".join(re.sub(r"<details\b.*?</details>", " ", "".join(c["source"]), flags=re.S)
                       for c in cells if c["cell_type"] == "markdown" and GOING_FURTHER not in c["metadata"].get("tags", []))


def reading(path):
    """The lesson's markdown in order, as `prose` reads it."""
    return prose(markdown(path))


def prose(text):
    """Markdown less code spans, fenced code, formulas, quotations, headings and the names of folds."""
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<summary>.*?</summary>", " ", text, flags=re.S)   # a fold's name, like a heading, only names
    text = re.sub(r"\$\$.*?\$\$|\$[^$\n]+\$", " ", text, flags=re.S)   # formulas: the * of $W^*$ is no italics
    return "\n".join(line for line in text.split("\n") if not line.lstrip().startswith((">", "#")))


def explained_here(text, match):
    """Whether the use `match` is in italics or bold (the term is being defined) or inside a link's text."""
    before, after = text[:match.start()], text[match.end():]
    line_before = before[before.rfind("\n") + 1:]
    italic = bool(re.search(r"\*[^*\n]*$", line_before)) and bool(re.match(r"[^*\n]*\*", after)) \
        or bool(re.search(r"(?<!\w)_[^_\n]*$", line_before)) and bool(re.match(r"[^_\n]*_(?!\w)", after))
    linked = bool(re.search(r"\[[^\]\n]*$", line_before)) and bool(re.match(r"[^\[\n]*\]\(", after))
    return italic or linked


def first_uses(text):
    """{term: (explained, context)} for each term the text uses, at its first use."""
    found = {}
    for term, pattern in TERMS:
        match = re.search(pattern, text, flags=re.I if term not in ("DNF", "CPU time") else 0)
        if match:
            found[term] = (explained_here(text, match), text[max(0, match.start() - 50):match.end() + 50].replace("\n", " "))
    return found


@pytest.mark.parametrize("text, explained", [
    ("A *soluble* problem is one that some W solves; soluble problems are ...", True),
    ("Every soluble problem ...", False),
    ("a [linear program](00-index.ipynb#glossary) decides", True),
    ("the *95% interval* of each fraction", True),
    ("a **soluble** problem, one that some W solves", True),
    ("# 06 · Gradient descent\n\nA *gradient* is the direction of steepest rise", True),
    ("the margin of $W^*$ is $\\gamma$ and of $W^*$ again", False),   # a formula's * is not italics
])
def test_the_first_use_is_explained_by_italics_or_a_glossary_link(text, explained):
    assert all(ok == explained for ok, _ in first_uses(prose(text)).values()) and first_uses(prose(text))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_a_lesson_explains_each_term_where_it_first_uses_it(path):
    text = reading(path)
    unexplained = {term: context for term, (ok, context) in first_uses(text).items() if not ok}
    assert not unexplained, (f"{path.name}: terms used before they are explained (put the first use in *italics* "
                             f"with its explanation, or link it to the index's glossary): {unexplained}")
    banned = [(m.group(0), advice) for pattern, advice in BANNED for m in re.finditer(pattern, text)]
    assert not banned, f"{path.name}: {banned}"


def _cell(text, *tags):
    return {"cell_type": "markdown", "metadata": {"tags": list(tags)}, "source": [text]}


@pytest.mark.parametrize("cells, explained", [
    ([_cell("<details><summary>More</summary>A *margin* is the room ...</details>"), _cell("Its margin is 1.")], False),
    ([_cell("A *margin* is the room ...", "going-further"), _cell("Its margin is 1.")], False),
    ([_cell("Its *margin*, the room a separator leaves, is 1."), _cell("<details>the margin again</details>")], True),
    ([_cell("Here the [margin](00-index.ipynb#glossary) is 1.")], True),
])
def test_on_the_core_path_a_term_is_explained_where_the_core_path_first_uses_it(cells, explained):
    uses = first_uses(prose(core_text(cells)))
    assert uses and all(ok == explained for ok, _ in uses.values())


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_the_core_path_explains_each_term_itself(path):
    text = prose(core_text(json.loads(path.read_text(encoding="utf-8"))["cells"]))
    unexplained = {term: context for term, (ok, context) in first_uses(text).items() if not ok}
    assert not unexplained, (f"{path.name}: terms the core path (outside folds and going-further parts) uses "
                             f"before it explains them (explained only in a fold or a going-further part, or "
                             f"not at all): {unexplained}")


def test_the_index_glossary_explains_every_term():
    text = markdown(INDEX)
    assert re.search(r"^#+ .*Glossary", text, flags=re.M), "the index has no Glossary section"
    glossary = text[re.search(r"^#+ .*Glossary", text, flags=re.M).start():]
    missing = [term for term, _ in TERMS if not re.search(rf"\*\*{re.escape(term)}\*\*", glossary, flags=re.I)]
    assert not missing, f"the index's glossary has no entry (**term**) for {missing}"
