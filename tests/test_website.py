"""tools/website.py without a browser: what a lesson's page is made of, and the book's settings.

The browser tests (tests/e2e/test_site.py) build the whole site and meet it in Chromium; these
check the copy each page is built from, in a moment.
"""
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import lessons  # noqa: E402
import navigation  # noqa: E402
import slides  # noqa: E402
import website  # noqa: E402  (tools/ is not a package)

LESSON = ROOT / "notebooks" / "02-learning-rule.ipynb"


def page_of(path, tmp_path):
    return website.page_notebook(json.loads(path.read_text()), path.name, tmp_path / "formulas")


def test_a_page_has_the_live_bar_in_its_header_and_no_navigation_cell(tmp_path):
    bar = website.config("https://github.com/" + navigation.repository(), [LESSON.name, "00-index.ipynb"])
    bars = bar["sphinx"]["config"]["html_context"]["perceptron_live"]
    assert set(bars) == {"02-learning-rule", "index"}
    assert website.LIVE_TEMPLATE in bar["sphinx"]["config"]["html_theme_options"]["article_header_start"]
    bar = bars["02-learning-rule"]
    assert 'href="lab/index.html?path=02-learning-rule.ipynb">▶ Run this lesson live' in bar
    assert navigation.binder_url("notebooks/02-learning-rule.ipynb") in bar        # the one address, pyproject's
    assert navigation.repository() in bar and 'href="slides/02-learning-rule.slides.html"' in bar
    assert "▶ Run this course live" in bars["index"]
    cells = page_of(LESSON, tmp_path)["cells"]
    assert not any("navigation" in c.get("metadata", {}).get("tags", []) for c in cells)


def test_a_page_opens_with_its_question_and_picture_and_no_code_or_run_all_above_them(tmp_path):
    stored = json.loads(LESSON.read_text())["cells"]
    cells = page_of(LESSON, tmp_path)["cells"]
    assert cells[0]["source"].startswith("# 02 ") and len(cells) == len(stored) - 1   # the navigation cell is out
    assert "Run the cells from the top" in "".join(stored[0]["source"])
    assert "Run the cells from the top" not in cells[0]["source"]
    minutes = lessons.minutes(json.loads(LESSON.read_text()))   # tools/lessons.py's count, as the lesson says it
    assert f"About {minutes} minutes" in cells[0]["source"] and "run it live above (its first cell answers in about 12 s)" in cells[0]["source"]
    assert "hide-input" in stored[1]["metadata"]["tags"] and "outputs" in stored[1]
    assert "remove-input" in cells[1]["metadata"]["tags"] and "hide-input" not in cells[1]["metadata"]["tags"]
    later = [c for c in cells[2:] if "hide-input" in c.get("metadata", {}).get("tags", [])]
    assert later      # an exercise's check keeps its fold


def test_the_notebook_itself_is_left_as_it_is(tmp_path):
    before = LESSON.read_text()
    page_of(LESSON, tmp_path)
    assert LESSON.read_text() == before


def test_a_view_that_needs_a_kernel_says_so_and_links_the_live_lesson(tmp_path):
    stored = [o for c in json.loads(LESSON.read_text())["cells"] for o in c.get("outputs", [])]
    outputs = [o for c in page_of(LESSON, tmp_path)["cells"] for o in c.get("outputs", [])]
    assert not any(website.KERNEL_VIEW in o.get("data", {}) for o in outputs)
    notes = [o["data"]["text/html"] for o in outputs if "perceptron-needs-kernel" in o.get("data", {}).get("text/html", "")]
    assert len(notes) == sum(website.KERNEL_VIEW in o.get("data", {}) for o in stored) >= 1 and all('href="lab/index.html?path=02-learning-rule.ipynb"' in n for n in notes)
    # said to the page's reader, and not found by a search for "kernel" on every page (issue 41)
    words = [re.sub(r"<[^>]+>", "", n) for n in notes]    # what Sphinx's search indexes of a raw output
    assert all("computes with Python as you use it" in w and "kernel" not in w.lower() for w in words)
    assert all("run this cell" not in n for n in notes)
    players = [o for o in outputs if "perceptron-playable" in "".join(o.get("data", {}).get("text/html", ""))]
    assert players and "<script" in "".join(players[0]["data"]["text/html"])     # stored as it is: it runs on the page


def test_formulas_are_drawn_once_each_into_files_named_by_their_tex(tmp_path):
    text = website.markdown_for_page(r"the rule $W \leftarrow W + \eta X$ and again $W \leftarrow W + \eta X$, "
                                     r"a bound $$t \le \left(\frac{R}{\gamma}\right)^2$$", tmp_path)
    assert "$" not in text and text.count('<img class="formula') == 3
    assert len(list(tmp_path.glob("*.svg"))) == 2
    assert all("#ffffff" not in svg.read_text() for svg in tmp_path.glob("*.svg"))     # no white box in dark mode
    assert 'alt="W becomes W plus eta X" src="_static/formulas/' in text     # read aloud in words, not as TeX
    assert 'alt="t is at most, open bracket, R over gamma, close bracket, squared"' in text
    assert '<span class="formula-display">' in text


def test_a_formula_carries_its_words_as_hidden_text_for_search_but_not_in_a_heading(tmp_path):
    """Issue 41: search indexes a page's text and shows it in a result's summary: a formula's words follow its image,
    hidden (the image says them), so that a summary has no hole where the formula is; Markdown's signs among them stay
    themselves. A heading keeps none: they would show in the page's contents."""
    text = website.markdown_for_page("## The margin $\\gamma$\n\nthe margin $W^*\\cdot Z_k \\ge \\gamma\\,\\lVert W^*\\rVert$ "
                                     "and $n! \\text{(a)}$", tmp_path)
    heading, body = text.split("\n\n")
    assert heading.count('<img class="formula') == 1 and "formula-words" not in heading
    assert ('alt="W star dot Z k is at least gamma times the norm of W star" src="_static/formulas/' in body and
            '<span class="formula-words" hidden>W star dot Z k is at least gamma times the norm of W star</span>' in body)
    assert '<span class="formula-words" hidden>n \\! \\(a\\)</span>' in body


def lesson_formulas():
    """Every formula of the lessons' text cells (and of the instructors' guide), once each."""
    texts = [ROOT.joinpath("docs", "instructors.md").read_text(encoding="utf-8")]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        texts += ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "markdown"]
    return sorted({(m.group(1) or m.group(2)).strip() for text in texts for m in slides.MATH.finditer(text)})


def test_a_formula_is_read_in_words_as_a_teacher_reads_it():
    spoken = {r"W \leftarrow W + \eta X": "W becomes W plus eta X",
              r"t \le \left(\frac{R}{\gamma}\right)^2": "t is at most, open bracket, R over gamma, close bracket, squared",
              r"o = f(\beta\, W\cdot X)": "o equals f of beta W dot X",
              "w_0": "w 0", "x_{k}": "x k", r"e^{-z}": "e to the power minus z",
              r"W = \sum_k \alpha_k y_k X_k": "W equals the sum over k of alpha k y k X k",
              r"Q(N, p) = \sum_{i=0}^{p} \binom{N}{i}": "Q of N and p, equals the sum from i equals 0 to p of N choose i",
              r"W^*\cdot Z_k \ge \gamma\,\lVert W^*\rVert > 0":
                  "W star dot Z k is at least gamma times the norm of W star, which is greater than 0",
              r"y' = \operatorname{sgn}(\mathbf{w}^\mathsf{T}\mathbf{x})": "y prime equals the sign of w transpose x",
              r"\mathrm{sgn}(x)": "the sign of x", r"o = \mathrm{sgn}(W\cdot X)\, y": "o equals the sign of W dot X, times y",
              r"f\left(\beta\, W\cdot X\right)": "f of beta W dot X",
              r"1/\sqrt{8}": "1 over the square root of 8", r"x_i^2 = x_i": "x i squared equals x i",
              r"x^p = \sum_k w_k i_k^p - \theta":
                  "x superscript p equals the sum over k of w k i k superscript p minus theta",
              r"W\cdot X > 0, \quad o = 0 \text{ otherwise.}": "W dot X is greater than 0, o equals 0 otherwise.",
              r"\lceil \sqrt{N} \rceil \times 2 \ne \gamma": "the ceiling of the square root of N, times 2 is not "
                                                                "equal to gamma",
              r"\frac12": "1 over 2", r"\|W\|": "the norm of W", r"x \in \{0, 1\}": "x in the set of 0, 1",
              r"\foo_{n} \in \mathcal{M}": "foo n in M"}    # a command it does not know: its name
    assert {tex: slides.tex_words(tex) for tex in spoken} == spoken


def test_every_formula_of_the_lessons_is_read_in_words():
    formulas = lesson_formulas()
    assert len(formulas) > 200
    for tex in formulas:
        words = slides.tex_words(tex)
        assert words.strip() and not set(words) & set("\\{}^_$"), (tex, words)


def test_a_decks_formula_has_its_words_as_alt_text():
    deck = slides.drawn_math(r"the rule $W \leftarrow W + \eta X$ and $a < b$")
    assert 'alt="W becomes W plus eta X"' in deck and 'alt="a is less than b"' in deck and "\\" not in deck


def test_links_to_the_index_lead_to_the_root_page(tmp_path):
    assert website.markdown_for_page("[Index](00-index.ipynb) and [next](03-xor-and-cycling.ipynb)", tmp_path) == \
        "[Index](index.ipynb) and [next](03-xor-and-cycling.ipynb)"


def test_the_notation_is_a_page_of_its_own_that_the_index_links():
    index = json.loads((ROOT / "notebooks" / website.INDEX).read_text())
    rest, notation = website.split_notation(index)
    assert notation.startswith("# Notation") and "Cover's count" in notation
    assert len(slides.MATH.findall(notation)) > 100
    text = "".join("".join(c["source"]) for c in rest["cells"])
    assert "| $N$ |" not in text and f"]({website.NOTATION}.md)" in text and "## Sources" in text
    assert "## Glossary" in text and "## Glossary" not in notation     # the lessons link the index's glossary


def test_the_book_runs_nothing_reaches_for_no_web_and_lists_every_lesson():
    config = website.config("https://github.com/o/n")
    assert config["execute"]["execute_notebooks"] == "off"
    assert "dollarmath" not in config["parse"]["myst_enable_extensions"]     # formulas are drawn already
    extensions = config["sphinx"]["config"]["extensions"]
    assert "myst_nb" in extensions and not {"sphinx_thebe", "sphinx.ext.intersphinx"} & set(extensions)
    stems = [website.page_name(p.name) for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))]
    toc = website.toc(stems)
    assert toc["root"] == "index"
    assert [c["file"] for c in toc["parts"][0]["chapters"]] == stems[1:]
    assert toc["parts"][1]["chapters"] == [{"file": "notation"}]
    assert toc["parts"][2] == {"caption": "For instructors", "chapters": [{"file": "instructors"}]}   # the guide


def test_every_address_is_made_from_pyprojects_repository():
    owner, name = navigation.repository().split("/")
    assert navigation.site_url() == f"https://{owner}.github.io/{name}/"
    assert navigation.lite_url("02-learning-rule.ipynb") == navigation.site_url("lab/index.html?path=02-learning-rule.ipynb")
    readme = (ROOT / "README.md").read_text()
    assert navigation.site_text() in readme


def test_the_readme_gives_one_command_that_builds_the_whole_site_and_one_that_serves_it():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## The course website")[1].split("\n## ")[0]
    assert ".venv/bin/python tools/website.py          # -> build/site" in section
    assert ".venv/bin/python tools/website.py --serve" in section
    assert str(website.DEFAULT_OUTPUT.relative_to(ROOT)) == "build/site"


def test_a_widget_that_also_brings_its_own_html_shows_that_html(tmp_path):
    cell = {"cell_type": "code", "metadata": {}, "source": "View()", "outputs": [{"output_type": "display_data", "data": {
        website.KERNEL_VIEW: {"model_id": "x"}, "text/html": "<div class='perceptron-playable'></div>", "text/plain": "a view"}}]}
    notebook = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# 02 · x"}, cell], "metadata": {}}
    shown = website.page_notebook(notebook, "02-x.ipynb", tmp_path)["cells"][1]["outputs"][0]["data"]
    assert website.KERNEL_VIEW not in shown and shown["text/html"] == "<div class='perceptron-playable'></div>"


@pytest.mark.parametrize("notebook", sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")), ids=lambda p: p.stem[:2])
def test_every_lesson_makes_its_deck(notebook, tmp_path):
    """A deck's text changes (its cells' deck.replace) must still find what they replace when a lesson is edited:
    the browser tests would meet it only after the whole site is built."""
    slides.export(notebook, tmp_path)
    assert (tmp_path / f"{notebook.stem}.slides.html").stat().st_size > 10_000


def test_the_licences_are_in_the_repository_every_pages_footer_and_every_decks_last_slide(tmp_path):
    """A department adopts the course only under a clear licence (issue 42): code MIT, lessons CC BY 4.0."""
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in licence and "Creative Commons Attribution 4.0 International" in licence
    assert "CC BY 4.0" in website.footer("https://github.com/o/n") and "/blob/main/LICENSE" in website.footer("x")
    assert website.config("https://github.com/o/n")["html"]["extra_footer"] == website.footer("https://github.com/o/n")
    page = slides.export(ROOT / "notebooks" / "02-learning-rule.ipynb", tmp_path).read_text(encoding="utf-8")
    last = page[page.rindex("<section"):]
    assert "Using this lesson" in last and "CC BY 4.0" in last and "MIT" in last


@pytest.mark.parametrize("notebook", sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb")), ids=lambda p: p.stem[:2])
def test_no_page_tells_its_reader_to_run_cells(notebook, tmp_path):
    notebook_first = json.loads(notebook.read_text())["cells"][0]
    first = page_of(notebook, tmp_path)["cells"][0]["source"]
    assert "Run the cells" in "".join(notebook_first["source"])
    assert "Run the cells" not in first and "run it live above (its first cell answers in about" in first


def test_a_decks_speaker_notes_hold_its_folds_and_the_lessons_own_notes(tmp_path):
    """The speaker view (S) shows the presenter what the room has not seen yet: each fold of the slide in full."""
    import nbformat
    book = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# 02 · x\n\nA question", metadata={"slideshow": {"slide_type": "slide"}}),
        nbformat.v4.new_markdown_cell("**Predict first.** Which?\n\n<details><summary>Answer</summary>\n\nThe second."
                                      "\n\n</details>", metadata={"slideshow": {"slide_type": "-"},
                                                                     "deck": {"notes": "Ask for a show of hands."}}),
        nbformat.v4.new_markdown_cell("No fold here.", metadata={"slideshow": {"slide_type": "-"}})])
    slides.speaker_notes(book)
    notes = [cell.source for cell in book.cells if cell.metadata["slideshow"]["slide_type"] == "notes"]
    assert notes == ["Ask for a show of hands.\n\n**Answer**: The second."]
    assert book.cells[2].metadata["slideshow"]["slide_type"] == "notes"
    page = slides.export(ROOT / "notebooks" / "02-learning-rule.ipynb", tmp_path).read_text(encoding="utf-8")
    assert page.count('<aside class="notes">') >= 3 and "<strong>Answer</strong>:" in page


def test_every_public_name_has_its_entry_in_the_reference():
    """The library's reference (issue 44): a page per group of names, each name's docstring by autodoc."""
    import perceptron_lib as pl
    from perceptron_lib import estimators, widgets
    pages = website.reference_pages()
    text = "\n".join(pages.values())
    public = set(pl.__all__) | {name for module in (widgets, estimators) for name, value in vars(module).items()
                                if not name.startswith("_") and getattr(value, "__module__", "") == module.__name__
                                and callable(value)}
    documented = set(re.findall(r"\.\. auto(?:function|class):: perceptron_lib(?:\.\w+)*\.(\w+)", text))
    assert public <= documented, f"public names with no reference entry: {sorted(public - documented)}"
    assert "reference-runs" in pages and "perceptron_lib.train\n" in pages["reference-runs"]
    stems = [chapter["file"] for part in website.toc(["index"], list(pages))["parts"] for chapter in part["chapters"]]
    assert set(pages) <= set(stems)


def test_a_pages_first_use_of_a_name_links_its_reference_entry():
    seen = set()
    text = website.link_first_uses("Run `pl.train(X, y)`, then `train` again; scikit-learn's `Perceptron`.", seen)
    assert text.count("perceptron-reference") == 1 and 'href="reference-runs.html#perceptron_lib.train"' in text
    assert "`Perceptron`" in text   # a bare name the course shares with scikit-learn stays as it is
    again = website.link_first_uses("and `pl.train` later", seen)
    assert "perceptron-reference" not in again


def test_on_the_site_the_indexs_live_links_lead_to_the_sites_own_lab_and_the_notebook_keeps_its_own(tmp_path):
    """A local, offline or forked site stays itself: no page links the course's public address (issue 41, item 5)."""
    index = ROOT / "notebooks" / website.INDEX
    stored = index.read_text()
    assert navigation.lite_url("01-threshold-units.ipynb") in stored      # the notebook, read anywhere, keeps it
    cells = page_of(index, tmp_path)["cells"]
    text = "\n".join(c["source"] for c in cells if c["cell_type"] == "markdown")
    assert navigation.site_url() not in text
    for path in sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb")):
        assert f'<a href="lab/index.html?path={path.name}">JupyterLite</a>' in text
    assert website.markdown_for_page(f"[the site]({navigation.site_url()}) and [notation]({navigation.site_url('notation.html')})",
                                     tmp_path) == '<a href="index.html">the site</a> and <a href="notation.html">notation</a>'


def test_the_guides_page_links_each_lesson_its_page_and_its_deck():
    names = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    guide = website.guide_for_site(navigation.GUIDE.read_text(encoding="utf-8"), names)
    plan = guide.split("<!-- plan:start -->")[1].split("<!-- plan:end -->")[0]
    rows = [line for line in plan.splitlines() if re.match(r"\| \d\d \|", line)]
    assert len(rows) == len(names) - 1
    for name, row in zip(names[1:], rows):
        stem = name.removesuffix(".ipynb")
        assert f"]({stem}.ipynb) |" in row and f'<a href="{website.DECKS}/{stem}.slides.html">the deck</a>: §' in row
        assert row.count("|") == 9     # still the plan's eight columns


def test_keyboard_focus_shows_on_the_headers_buttons_in_light_and_dark_mode():
    rules = re.findall(r"([^{}]*:focus-visible[^{}]*)\{([^}]*)\}", website.SITE_CSS)
    header = [body for selector, body in rules if ".bd-header-article" in selector]
    assert any(re.search(r"outline: ([2-9]|\d\d)px solid #0a58ca", body) for body in header)
    assert any("#9ec5fe" in body for selector, body in rules if 'data-theme="dark"' in selector)
