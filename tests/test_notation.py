"""One notation for the whole course (issue 23): letters that must not appear in a lesson.

The notation is the index's table (00-index, "Notation"): N patterns indexed by k (X_k, c_k, y_k,
α_k), p inputs x_1, ..., x_p and weights w_0, ..., w_p indexed by i, d = p + 1 weights, units j of
M, K classes, c for 0/1 targets and y for ±1, t only for a step count; Cover's C(N, d), Budinich's
regions Q(N, p) (his R(n, d)), sides S(N, p) and minima N_min(N, p); key formulas typeset.

What is read: a lesson's markdown cells and the text of its outputs (printed tables, check lines,
and every picture's description, which is read off the figure and so carries its labels). What is
left out, because it may rightly show a source's own letters: inline code (`like this`), fenced
code, quotations (lines that start with ">"), and in the index the column "in the sources" of the
notation tables, which is where each source's letters are mapped onto the course's.
"""
import html
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))

# (pattern, what to write instead). Each pattern is a letter used with another meaning than the
# course's, or a formula left in plain ASCII.
FORBIDDEN = [
    (r"ξ", "Budinich's ξ is a target: c_k (0/1) or y_k (±1)"),
    (r"(?:(?<![\w\\])[xXyYcCtTwWα]|\\alpha)_\{?n\}?(?![\w{])", "patterns are indexed by k: X_k, c_k, y_k, α_k"),
    (r"(?<![\w\\])[xw]n(?!\w)", "the last input and weight are x_p and w_p (p inputs)"),
    (r"(?<![\w\\])[RSC]\(\s*n\s*[,)]", "counts take N patterns: C(N, d), Q(N, p), S(N, p)"),
    (r"(?<![\w\\])R\(\s*N\s*,", "Budinich's regions are Q(N, p) in the course (R is the radius)"),
    (r"(?<![\w\\])N_\{?min\}?\s*\(\s*n", "Budinich's minima are N_min(N, p)"),
    (r"(?<![\w\\])[nmd] (inputs|input units)\b", "a unit has p inputs (and d = p + 1 weights)"),
    (r"(?<![\w\\])[nm] (patterns|points|examples|labellings)\b", "there are N patterns"),
    (r"(?<![\w\\])m (units|perceptrons|perceptron units)\b", "a layer has M units, indexed by j"),
    (r"(?<![\w\\])m[- ]of[- ]n\b", "at least m of p inputs"),
    (r"ⁿ", "2^N labellings of N points (typeset: $2^N$)"),
    (r"(?<![\w\\])\d\^\(", "typeset the formula: $2^{-S}$, not 2^(−S)"),
    (r"Σ_", "typeset the sum: $\\sum_k \\alpha_k y_k X_k$"),
    (r"(?<![\w\\])target t\b|(?<![\w\\])t_k(?!\w)", "targets are c_k (0/1) or y_k (±1); t counts steps"),
    # issue 31: one letter, one meaning inside a lesson too
    (r"(?<![\w\\])(?:R|γ|\\gamma)(?![\w_′'’])[^.\n]{0,30}?\b(?:raw|without (?:the |its |a )?bias)",
     "the course's R and γ include the bias input; the raw ones are R_raw and γ_raw (lesson 05)"),
    (r"\braw (?:data's |data )?(?:radius|margin),? (?:R|γ)(?![\w_])", "the raw radius and margin are R_raw and γ_raw"),
    (r"(?<![\w\\])X_\{?k\}?(?![\w_])[^.\n]{0,30}?\b(?:raw|without (?:the |its |a )?bias)",
     "X_k is always the augmented pattern (x_0 = 1 first): name the raw inputs x_k or (x_1, …, x_p)"),
    (r"(?<![\w\\'’_])c\s*=\s*(?![01](?![.,]\d))[-−]?\d", "c is a 0/1 target: take another letter for a constant"),
]


# Letters the index gives one meaning in one lesson, and that other lessons must not take for something else
# (issue 31): (pattern, the lessons where the letter has its meaning, what to write instead). A letter counts
# where it stands as a symbol: between operators, before "=", or alone in $...$.
AS_SYMBOL = r"(?:(?<=[=+−<>≤≥·(]\s)|(?<=[=+−<>≤≥·(]))({0})(?![\w'’])|(?<![\w\\'’#&;.{{-])({0})(?=\s*[=+−<>≤≥·)])|\$({0})\$"
LESSON_LETTERS = [
    (r"(?<!\w)k[′'](?!\w)", set(), "a second pattern index is l (X_l), not k′"),
    (AS_SYMBOL.format("s"), {"00", "09"}, "s is the RBF kernel's scale (lesson 09): take another letter"),
    (AS_SYMBOL.format("q"), {"00", "09"}, "q is the polynomial kernel's degree (lesson 09): take another letter"),
    (AS_SYMBOL.format("b"), {"00"}, "the bias is w_0 (a source's b only in a quotation)"),
    (r"θ", {"00"}, "the threshold is −w_0 (a source's θ only in a quotation)"),
    (r"(?<![\w\\'’#&;.-])f(?![\w'’′(-])", {"00", "07"}, "f is the sigmoid (lesson 07): take another letter"),
    (r"\bimages? [xz]\b|\b[xz] and [xz]\b", set(), "x is an input; name images otherwise (a, b or I, J)"),
    (r"(?<![\w\\'’.#&;{-])[KM](?![\w'’.])", {"00", "09"}, "K classes and M units belong to lesson 09"),
]
# A count that lesson 08 defines: a lesson before it that uses it says what it is (gives its formula).
DEFINED_IN = [(r"C\(N, ?d\)", r"C\(N, ?d\) = 2", "08", "Cover's C(N, d): give its formula where you use it")]


def lesson_violations(text, lesson):
    """Every (match, advice) of LESSON_LETTERS and DEFINED_IN in the text of lesson `lesson` ('01' ...)."""
    found = []
    for pattern, home, advice in LESSON_LETTERS:
        if lesson not in home:
            found += [f"{m.group(0)!r} in '…{text[max(0, m.start() - 40):m.end() + 40]}…': {advice}".replace("\n", " ")
                      for m in re.finditer(pattern, text)]
    for pattern, definition, home, advice in DEFINED_IN:
        if lesson not in (home, "00") and re.search(pattern, text) and not re.search(definition, text):
            found.append(advice)
    return found


def visible_text(notebook):
    """The lesson's prose and outputs as a student reads them, less code and quotations (module docstring)."""
    parts = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            parts.append(prose("".join(cell["source"])))
        elif cell["cell_type"] == "code":
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                text = "".join(data.get("text/html", "")) or "".join(data.get("text/plain", "")) or "".join(
                    output.get("text", ""))
                text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)   # a player's code is not read
                parts.append(html.unescape(re.sub(r"<[^>]*>", " ", text)))
    return "\n".join(parts)


def prose(markdown):
    """A markdown cell without code, quotations and the "in the sources" column of a table."""
    markdown = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    markdown = re.sub(r"`[^`]*`", " ", markdown)
    lines, skip = [], None
    for line in markdown.split("\n"):
        if line.lstrip().startswith(">"):
            continue
        if line.lstrip().startswith("|"):
            cells = line.strip().strip("|").split("|")
            if skip is None and any(cell.strip().lower() == "in the sources" for cell in cells):
                skip = [cell.strip().lower() for cell in cells].index("in the sources")
            if skip is not None:
                cells = [cell for column, cell in enumerate(cells) if column != skip]
            line = "|".join(cells)
        else:
            skip = None
        lines.append(line)
    return "\n".join(lines)


def violations(text):
    """Every (match, advice) of FORBIDDEN in text, with a little context."""
    found = []
    for pattern, advice in FORBIDDEN:
        for match in re.finditer(pattern, text):
            context = text[max(0, match.start() - 40):match.end() + 40].replace("\n", " ")
            found.append(f"{match.group(0)!r} in '…{context}…': {advice}")
    return found


@pytest.mark.parametrize("text", [
    "Draw n points at random", "the target t_n of x_n", "with d inputs", "R(n, d) regions", "N_min(n, d)",
    "the 2ⁿ labellings", "probability 2^(−S)", "W = Σ_n α_n y_n X_n", "$\\alpha_{n}$", "a layer of m units",
    "at-least-m-of-n", "Budinich's ξ", "w0 + w1 x1 + … + wn xn", "R(N, p) regions",
    "R the radius of the raw data", "γ, without the bias input", "the raw radius R", "X_k, the raw pattern",
    "with c = 0.5", "c = 2 for the margin",
])
def test_each_forbidden_use_is_found(text):
    assert violations(prose(text))


@pytest.mark.parametrize("text", [
    "Draw N points at random", "the target c_k of X_k", "with p inputs and d = p + 1 weights",
    "Q(N, p) regions", "$N_{min}(N, p)$", "the $2^N$ labellings", "$2^{-S}$", "$W = \\sum_k \\alpha_k y_k X_k$",
    "a layer of M units", "at least m of p", "`n_patterns`", "> Budinich writes ξ", "the t-th update, η_t",
    "| symbol | meaning | in the sources |\n|---|---|---|\n| y_k | ±1 target | Stensbo-Smidt: t_n |",
    "learning rate η = 1, within the $\\binom{N}{i}$ sums", "an x-axis", "xn_test", "the n-th pattern is",
    "R_raw, the radius of the raw data", "γ_raw without the bias input", "target c = 1", "c = 0 for X1",
    "X_k with its bias input 1", "c = 1.",
])
def test_the_course_notation_and_quoted_source_letters_pass(text):
    assert not violations(prose(text))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_a_lesson_uses_the_course_notation(path):
    found = violations(visible_text(json.loads(path.read_text(encoding="utf-8"))))
    assert not found, f"{path.name}: {len(found)} uses outside the notation:\n" + "\n".join(found[:20])


@pytest.mark.parametrize("text, lesson", [
    ("changes $y_{k'} W\\cdot X_{k'}$", "06"), ("with s = x1 + x3 + x5", "01"), ("for the degree $q$", "06"),
    ("w = (1, 0, 1) and b = 2", "01"), ("a threshold θ", "01"), ("take any polynomial f and add", "09"),
    ("the images x and z", "09"), ("K classes", "03"), ("Cover's C(N, d) regions", "04"),
])
def test_each_letter_with_another_meaning_is_found(text, lesson):
    assert lesson_violations(text, lesson)


@pytest.mark.parametrize("text, lesson", [
    ("the check's run", "03"), ("X_k's plane", "04"), ("$X_l$", "06"), ("$s$ the scale", "09"), ("f(2) = 0.88", "07"),
    ("M. Budinich", "04"), ("$\\mathcal{M}$ the set", "06"), ("$C(N, d) = 2 \\sum$ and C(N, d)", "04"),
    ("Honavar's rule", "06"), ("K classes with M units", "09"),
])
def test_the_letters_in_their_own_meaning_pass(text, lesson):
    assert not lesson_violations(text, lesson)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_a_lesson_gives_each_letter_the_index_meaning(path):
    found = lesson_violations(visible_text(json.loads(path.read_text(encoding="utf-8"))), path.name[:2])
    assert not found, f"{path.name}: {len(found)} letters with another meaning:\n" + "\n".join(found[:20])
