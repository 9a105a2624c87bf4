"""Build the course website: every lesson a page, the JupyterLite site and the decks, in one folder.

    python tools/website.py                                   # -> build/site
    python tools/website.py --pyodide ../shared/pyodide-0.27.7  # Pyodide's files from this folder: no network
    python tools/website.py --serve                           # serve build/site on http://127.0.0.1:8000/
    python tools/website.py --pages-only notebooks/02-learning-rule.ipynb   # only the pages of lesson 02 (quick)

Pyodide's files (for JupyterLite) come from --pyodide, else from the folder PERCEPTRON_PYODIDE names,
else from ../shared/pyodide-0.27.7 beside the project if it is there (then the build needs no
network at all), else from Pyodide's release on the web (GitHub's workflow).

What goes into the folder (published as it is on GitHub Pages, .github/workflows/site.yml):
- the pages, made by Jupyter Book 1 (Sphinx, MyST-NB, sphinx-book-theme) from the lessons' stored
  outputs, with no execution: index.html (the course's index, 00-index.ipynb), NN-name.html for each lesson and
  notation.html, with a sidebar, previous/next and search (Sphinx's index, in the page: no
  server). CONTRIBUTING.md says why Jupyter Book 1;
- the JupyterLite site (tools/jupyterlite.py) at the same root, lab/index.html?path=NN-name.ipynb,
  the address the README's and the index's JupyterLite links have always had;
- the decks (tools/slides.py) in slides/;
- the handouts (tools/handouts.py) in handouts/: each lesson's page and its deck as PDFs, printed by
  Chromium from what was just built (the instructors' page lists them).

Each lesson's page is its notebook as stored, with these changes (in a copy; `page_notebook`):
- a bar in the page's header, beside the theme's buttons, where it stays in view as the page
  scrolls: "Run this lesson live" (the same lesson in the JupyterLite site beside it), Binder (made
  from pyproject's Repository, as every other link: tools/navigation.py) and its deck. The line
  under the title keeps the lesson's minutes but not "run the cells from the top", which is said
  to the live lesson, and the opening picture's code is left out (the live lesson has it): the
  title, the question and the whole picture fit the first screen at 1280×720
  (tools/first_screens.py measures it);
- formulas drawn at build time as SVG images whose alt text is their TeX in words, as the decks draw them
  (tools/slides.py): a page needs no MathJax (a script of about 2 MB) and no request leaves the site;
  in dark mode they are inverted. The same words follow each image as hidden text, which search indexes and
  shows in a result's summary; a result opens scrolled to the term, highlighted (SITE_JS);
- a view that needs a kernel (an ipywidgets stepper) says so and links the live lesson; the
  kernel-free players (PlayableRun's HTML and script) run on the page as they are;
- cells tagged hide-output and hide-input (tools/hidden.py) stay folded, as MyST-NB folds them;
- the navigation cell at a lesson's end is left out: the theme's previous/next replaces it (and
  the index's Binder and JupyterLite badges: the bar replaces them). The index's notation table
  is its own page, notation.html, which the index links.
- a link to the course's public site (the index's JupyterLite links) leads to this site's own page or lab/, so
  that a local, offline or forked copy stays itself (the notebooks keep the public address);
- each exercise's check cell becomes a form that checks the answer on the page, with no Python
  (tools/site_exercises.py, from the declarations of perceptron_lib/course/exercises.py: the same verdict as
  pl.check), and each Predict question gets a form that keeps the student's prediction before its
  answer opens (tools/site_predictions.py); what a student did stays in the browser (localStorage),
  and each lesson's progress shows in the sidebar and on the index;
- the download button gives the lesson itself, formulas in LaTeX (`downloads`).
The instructors' guide, docs/instructors.md, is a page too (instructors.html), in the sidebar of every page; its
plan links each lesson's page and deck.
"""
import argparse
import copy
import functools
import hashlib
import html
import http.server
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import handouts  # noqa: E402
import hidden  # noqa: E402
import lessons  # noqa: E402
import navigation  # noqa: E402
import site_exercises  # noqa: E402
import site_predictions  # noqa: E402
import slides  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUTPUT = ROOT / "build" / "site"
INDEX = navigation.INDEX
ROOT_PAGE = "index"     # the index is the site's root page, index.html: no redirect on the way in
NOTATION = "notation"
GUIDE = "instructors"   # docs/instructors.md, the guide for the lecture room: a page of the site's own
MATH_SIZE = {False: 12, True: 16}   # points: the theme's prose is 16 px
KERNEL_VIEW = "application/vnd.jupyter.widget-view+json"
TITLE = "The perceptron, step by step"
DECKS = "slides"
LIVE_TEMPLATE = "perceptron-live.html"   # the header's part that shows a page's live bar
FORMULAS = "_static/formulas"
FORMULA_WORDS = re.compile(r'<span class="formula-words" hidden>.*?</span>')
HEADING = re.compile(r"^#+ .*$", re.M)
MARKDOWN_SIGN = re.compile(r"([\\`*_\[\]()#!|~])")   # written as itself in Markdown with a backslash before it
# What the site adds to the theme: the bar of live links, formulas that follow dark mode, the note
# of a view that needs a kernel, and the players' pictures, which never grow wider than the page.
SITE_CSS = """
/* The reference's signatures (autodoc) wrap at a narrow width instead of running off the page (WCAG reflow). */
.bd-article dt.sig { white-space: normal; overflow-wrap: anywhere; }
.bd-article dt.sig .sig-param, .bd-article dt.sig .pre { white-space: normal; }
.bd-article dl.py { overflow-wrap: anywhere; }
@media (max-width: 600px) { .bd-article dl.field-list { display: block; } }
/* The bar sits in the article's header, between the sidebar's toggle and the theme's buttons. */
.bd-header-article .header-article-items__start { display: flex; align-items: center; }
.perceptron-live { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; align-items: center; margin: 0 0 0 0.5rem;
  font-size: 0.95rem; }
/* On a wide screen the theme's top bar holds only a second search field (the sidebar has one): it goes, and
   the lesson moves up by its height. Below 992 px, where the sidebar folds away, the bar stays. */
@media (min-width: 992px) { .bd-header { display: none; } }
/* Where the sidebar folds away (below 992 px, the theme's breakpoint) the header grows to hold the bar on lines
   of its own, and scrolls with the page. */
@media (max-width: 991.98px) {
  .bd-header-article { position: static; height: auto; padding: 0.25rem 0.5rem; }
  .bd-header-article .header-article-items { height: auto; flex-wrap: wrap; } }
.perceptron-live a.perceptron-run { font-weight: 600; padding: 0.35rem 0.8rem; border-radius: 0.3rem;
  background: #0a58ca; color: #fff !important; text-decoration: none; }
.perceptron-live a.perceptron-run:hover, .perceptron-live a.perceptron-run:focus-visible { background: #084298; }
html[data-theme="dark"] .perceptron-live a.perceptron-run { background: #9ec5fe; color: #000 !important; }
html[data-theme="dark"] img.formula { filter: invert(1); }  /* "dark-light": the theme leaves it as it is */
img.formula { max-width: 100%; height: auto; vertical-align: middle; }
.formula-display { display: block; text-align: center; margin: 0.6em 0; }
/* A formula whose words (hidden: the image says them) hold a term searched for is marked as the theme marks text */
img.formula:has(+ .formula-words .highlighted) { outline: 3px solid var(--pst-color-target); outline-offset: 1px; }
html[data-theme="dark"] img.formula:has(+ .formula-words .highlighted) { outline-color: #98a3fb; }  /* inverted: #675c04 */
/* a long path or command in running text wraps on a narrow screen (Sphinx keeps an inline literal on one line) */
.bd-article code.literal span.pre { white-space: normal; overflow-wrap: anywhere; }
.perceptron-needs-kernel { border-left: 4px solid #0a58ca; padding: 0.3rem 0.8rem; }
.perceptron-playable, .perceptron-playable img, .cell_output img { max-width: 100%; height: auto; }
/* In dark mode a cell's output stays on white paper (the theme's is grey): its tables, checks and figures carry
   their own colours, chosen for contrast on white; the theme's colours are its light ones there. */
html[data-theme="dark"] .bd-content div.cell_output .output {
  --pst-color-text-base: #222832; --pst-color-text-muted: #48566b; --pst-color-heading: #222832;
  --pst-color-link: #0a58ca; --pst-color-link-hover: #084298; --pst-color-border: #d1d5da;
  --pst-color-border-muted: rgba(23, 23, 26, .2); --pst-color-inline-code: #912583; --pst-color-table: #14181e;
  --pst-color-table-row-hover-bg: #d5b4fd; --pst-color-table-inner-border: #e5e7ea; --pst-color-background: #fff;
  --pst-color-on-background: #fff; --pst-color-surface: #f3f4f5; --pst-color-on-surface: #222832;
  --pst-color-table-outer-border: #f3f4f5; --pst-color-table-heading-bg: #f3f4f5;
  --pst-color-table-row-zebra-high-bg: #fff; --pst-color-table-row-zebra-low-bg: #f3f4f5; --pst-color-target: #f3cf95;
  color-scheme: light;
  background-color: #fff !important; color: #222832 !important; }
html[data-theme="dark"] .bd-content div.cell_output .output * { border-color: #cbd2d9; }
html[data-theme="dark"] .bd-content div.cell_output img { background-color: #fff !important; }
html[data-theme="dark"] .bd-content div.cell_output .output pre { background-color: #f3f4f5 !important;
  color: #222832 !important; }
.cell_output table { display: block; max-width: 100%; overflow-x: auto; }
/* Keyboard focus shows on the header's buttons and links (sidebar toggle, repository, download, theme, the live bar):
   a ring of 3 px, 3:1 or more against the header in light (#0a58ca on white) and dark mode (#9ec5fe on #121212);
   inside the icon buttons' edge, which the window's top would cut, around the live bar's links. */
.bd-header-article :is(a, button, .btn):focus-visible, .bd-header :is(a, button, .btn):focus-visible {
  outline: 3px solid #0a58ca !important; outline-offset: 2px; box-shadow: none; }
.bd-header-article :is(button, .btn):focus-visible, .bd-header :is(button, .btn):focus-visible { outline-offset: -3px; }
html[data-theme="dark"] .bd-header-article :is(a, button, .btn):focus-visible,
html[data-theme="dark"] .bd-header :is(a, button, .btn):focus-visible { outline-color: #9ec5fe !important; }
/* The search field's magnifier, drawn by the icon font (ICON_SCRIPT), takes its own place before the text. */
.bd-search .fa-solid.fa-magnifying-glass { position: static; }
"""
# A table or text too wide for the window scrolls sideways inside its cell (WCAG reflow); one that does
# takes a Tab stop, so that it scrolls from the keyboard too (the theme does the same for its own blocks).
SITE_JS = """
(function () {
  function tabStops() {
    document.querySelectorAll('.cell_output table, .cell_output pre').forEach(function (el) {
      if (el.scrollWidth > el.clientWidth + 1) { el.tabIndex = 0; }
      else if (el.tabIndex === 0 && el.dataset.perceptronStop) { el.removeAttribute('tabindex'); }
      if (el.tabIndex === 0) { el.dataset.perceptronStop = '1'; }
    });
  }
  window.addEventListener('load', tabStops);
  window.addEventListener('resize', tabStops);

  // A search's result opens at the term, highlighted. Sphinx highlights the terms searched for (sphinx_highlight.js)
  // only on a page without its search script, which the theme puts on every page: each page asks for it here. Then
  // the page scrolls to the first match a reader can see: for a match in a formula's hidden words, the formula; in a
  // folded answer, the fold (it stays folded).
  function seen(match) {
    const words = match.closest('.formula-words');
    let target = words ? words.previousElementSibling : match;
    const fold = target && target.closest('details:not([open])');
    if (fold) { target = fold.querySelector('summary'); }
    return target && target.getClientRects().length ? target : null;
  }
  function toFirstMatch(tries) {
    const matches = [...document.querySelectorAll('.bd-article span.highlighted')].map(seen).filter(Boolean);
    if (matches.length) { matches[0].scrollIntoView({block: 'center'}); }
    else if (tries > 0) { setTimeout(function () { toFirstMatch(tries - 1); }, 50); }   // Sphinx highlights 10 ms on
  }
  document.addEventListener('DOMContentLoaded', function () {
    if (typeof SphinxHighlight !== 'undefined' && !document.getElementById('search-results')) {
      SphinxHighlight.highlightSearchWords();
      toFirstMatch(20);
    }
  });
})();
"""


def lesson_stem(name):
    return Path(name).stem


def page_name(name):
    """The page (without .html) that shows the notebook `name`."""
    return ROOT_PAGE if Path(name).name == INDEX else lesson_stem(name)


# The theme draws its icons twice: with Font Awesome's font, in its CSS, and again as SVG by a 1.5 MB script that
# runs before a page is ready. The pages leave the script out (the icons stay, from the font): a player's first
# click is answered sooner.
ICON_SCRIPT = re.compile(r'\s*<script defer src="_static/scripts/fontawesome\.js\?digest=\w+"></script>')
# JupyterLite's settings in its root index.html, which its pages fetch and read (config-utils.js).
LITE_CONFIG = re.compile(r'<script\s+id="jupyter-config-data".*?</script>', re.S)
INDEX_LINK = re.compile(r"\]\(" + re.escape(INDEX) + r"(#[^)]*)?\)")
# A link in a lesson's text to the course's own public site (navigation.site_url: the index's JupyterLite links):
# on the site it leads to the site's own page or lab/, so that a local, offline or forked copy stays itself
SITE_LINK = re.compile(r"\[([^\]]*)\]\(" + re.escape(navigation.site_url()) + r"([^)\s]*)\)")
# A row of the guide's plan (tools/navigation.py writes it): its number and the lesson's title
PLAN_ROW = re.compile(r"^\| (\d\d) \| ([^|]+?) \| ([^|]*?) \| ([^|]*?) \|", re.M)


def live_bar(name):
    """The HTML of a page's links: the lesson live in the JupyterLite site beside it, Binder, its deck."""
    stem = lesson_stem(name)
    what = "course" if name == INDEX else "lesson"
    binder = navigation.binder_url("notebooks/" + name)
    return (f'<nav class="perceptron-live" aria-label="This {what} elsewhere">'
            f'<a class="perceptron-run" href="lab/index.html?path={name}">▶ Run this {what} live, in your browser</a> '
            f'<a href="{html.escape(binder)}">Open on Binder</a> '
            f'<a href="{DECKS}/{stem}.slides.html">Slides</a></nav>\n')


# A widget's own note (perceptron_lib/widgets.py): "Interactive stepper (needs a running kernel: run this cell to use
# it). This notebook also shows ...", said to a notebook's reader
KERNEL_WORDS = re.compile(r"^(.*?) \(needs a running kernel[^)]*\)\.?\s*(.*)$", re.S)


def kernel_note(name, words):
    """What a page shows for a view that needs a kernel: what it is, and the way to the live lesson.

    Said to the page's reader, in words that a search for "kernel" does not find on every lesson's page (Sphinx
    indexes a raw output's text): the view computes with Python, which the live lesson runs.
    """
    found = KERNEL_WORDS.match(words.strip())
    if found:
        what, rest = found.groups()
        rest = rest.replace("This notebook also shows", "The lesson also shows")
        return (f'<p class="perceptron-needs-kernel">{html.escape(what)}: it computes with Python as you use it, which '
                f'this page does not run: <a href="lab/index.html?path={name}">run this lesson live</a> to use it. '
                f'{html.escape(rest)}</p>')
    return (f'<p class="perceptron-needs-kernel">{html.escape(words)} On this page it cannot run: '
            f'<a href="lab/index.html?path={name}">run this lesson live</a> to use it.</p>')


def markdown_for_page(text, formulas):
    """Markdown of a lesson as the page shows it: formulas drawn, images from the web as their text.

    Each formula is drawn once (mathtext, as in the decks) into the folder `formulas`, named by its
    TeX and size, so that a formula used on many pages is fetched once and cached; TeX that mathtext
    cannot draw stays as it was written.
    """
    def image(match):
        display = match.group(1) is not None
        tex = (match.group(1) if display else match.group(2)).strip()
        name = hashlib.sha256(f"{display} {MATH_SIZE[display]} {tex}".encode()).hexdigest()[:16] + ".svg"
        if (formulas / name).exists():
            svg = (formulas / name).read_bytes()
        else:
            try:
                # on no background of its own: the page's shows through, in light and (inverted) in dark mode
                svg = slides.math_svg(tex, display, MATH_SIZE).replace('style="fill: #ffffff"', 'style="fill: none"',
                                                                       1).encode()
            except ValueError as error:
                reason = (str(error).strip().splitlines() or ["mathtext could not parse it"])[0]
                print(f"site: formula left as TeX ({reason}): {tex}", file=sys.stderr)
                return match.group(0)
            formulas.mkdir(parents=True, exist_ok=True)
            (formulas / name).write_bytes(svg)
        size = re.search(rb'width="([\d.]+)pt" height="([\d.]+)pt"', svg)
        box = (f' width="{float(size[1]) * 4 / 3:.0f}" height="{float(size[2]) * 4 / 3:.0f}"' if size else "")
        words = html.escape(slides.tex_words(tex))
        img = f'<img class="formula dark-light" alt="{words}" src="{FORMULAS}/{name}"{box}>'
        # the same words as text, hidden (the image says them): what search indexes and shows in its summaries
        said = MARKDOWN_SIGN.sub(r"\\\1", words)
        img += f'<span class="formula-words" hidden>{said}</span>'
        return f'<span class="formula-display">{img}</span>' if display else img
    text = INDEX_LINK.sub(lambda m: f"]({ROOT_PAGE}.ipynb{m.group(1) or ''})", text)
    text = slides.WEB_IMAGE.sub(r"\1", slides.MATH.sub(image, relative_site_links(text)))
    # a heading's formulas keep no words: they would show in the page's contents and change the heading's anchor
    return HEADING.sub(lambda m: FORMULA_WORDS.sub("", m.group(0)), text)


def relative_site_links(text):
    """`text` with its links to the course's public site made relative to the page (all pages are at the site's
    root): raw links, which Sphinx leaves as they are (lab/ is not one of its documents; the site test checks them)."""
    return SITE_LINK.sub(lambda m: f'<a href="{html.escape(m.group(2) or ROOT_PAGE + ".html")}">{m.group(1)}</a>', text)


def guide_for_site(text, names):
    """The instructors' guide as its page shows it: each lesson of its plan linked to its page, and its deck."""
    stems = {name[:2]: lesson_stem(name) for name in names if name != INDEX}

    def row(match):
        number, title, minutes, present = match.groups()
        if number not in stems:
            return match.group(0)
        deck = f'<a href="{DECKS}/{stems[number]}.slides.html">the deck</a>'
        return f"| {number} | [{title}]({stems[number]}.ipynb) | {minutes} | {deck}: {present} |"

    return relative_site_links(PLAN_ROW.sub(row, text))


def _markdown_cell(source, cell_id):
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": source}


def page_notebook(notebook, name, formulas):
    """A copy of `notebook` (a dict) as the site shows it (the module's docstring lists the changes)."""
    book = copy.deepcopy(notebook)
    cells, seen = [], set()
    for cell in book["cells"]:
        if {"navigation", "binder"} & set(lessons.tags(cell)):   # the theme's previous/next and the bar replace them
            continue
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            cell["source"] = link_first_uses(markdown_for_page(source, formulas), seen)
        elif cell["cell_type"] == "code":
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if KERNEL_VIEW in data and "text/html" in data:   # a view that also runs without a kernel
                    del data[KERNEL_VIEW]
                elif KERNEL_VIEW in data:
                    words = "".join(data.get("text/plain", "")).strip()
                    note = kernel_note(name, words)
                    output["data"] = {"text/html": note, "text/plain": html.unescape(re.sub(r"<[^>]+>", "", note))}
        cells.append(cell)
    if cells and cells[0]["cell_type"] == "markdown":   # the line under the title, as a page says it
        page_line = navigation.minutes_text(notebook, page=True)
        cells[0]["source"] = lessons.MINUTES.sub(lambda _: page_line, cells[0]["source"])
    opening = next((c for c in cells if c["cell_type"] == "code"), None)
    if opening is not None and hidden.HIDE_INPUT in lessons.tags(opening):   # the opening picture: no code above it
        tags = opening["metadata"]["tags"]
        tags[tags.index(hidden.HIDE_INPUT)] = "remove-input"
    book["cells"] = cells
    book["metadata"].pop("widgets", None)
    return book


def split_notation(index):
    """(the index without its notation section, the notation page's Markdown)."""
    cells, notation, inside = [], [], False
    for cell in index["cells"]:
        heading = re.search(r"^## .*", "".join(cell["source"]), re.M) if cell["cell_type"] == "markdown" else None
        if heading:
            inside = heading.group(0).startswith("## Notation")
        (notation if inside else cells).append(cell)
    if not notation:
        raise RuntimeError(f"{INDEX} has no '## Notation' section for the notation page")
    index = dict(index, cells=cells)
    place = next(i for i, c in enumerate(cells) if "".join(c["source"]).startswith("## Sources"))
    cells.insert(place, _markdown_cell("## Notation\n\nOne set of symbols for every lesson, with the sources' own "
                                       f"letters beside them: [the notation page]({NOTATION}.md).\n", "notation-link"))
    text = "\n\n".join("".join(c["source"]) for c in notation).replace("## Notation", "# Notation", 1)
    text = text.removeprefix('<a id="notation"></a>\n')   # the notebook's anchor for JupyterLab; the page is its own
    return index, text


def footer(repository):
    """Every page's footer: the licences (LICENSE), so that a department can tell what it may adapt."""
    return (f'<p>The lessons\' text and figures: <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>; '
            f'the code: MIT (<a href="{repository}/blob/main/LICENSE">LICENSE</a>).</p>')


def config(repository, names=()):
    """Jupyter Book's _config.yml, as a dict (written as JSON, which is YAML); `names`: the notebooks with pages."""
    return {
        "title": TITLE,
        "author": "the perceptron course",
        "copyright": "",
        "only_build_toc_files": True,
        "execute": {"execute_notebooks": "off"},
        "parse": {"myst_enable_extensions": ["colon_fence"]},   # no dollarmath: formulas are drawn already
        "html": {"use_repository_button": True, "use_issues_button": False, "use_edit_page_button": False,
                 "use_multitoc_numbering": False, "home_page_in_navbar": True, "extra_footer": footer(repository)},
        "repository": {"url": repository, "branch": "main", "path_to_book": "notebooks"},
        "launch_buttons": {"notebook_interface": "jupyterlab", "binderhub_url": "", "thebe": False,
                           "colab_url": "", "jupyterhub_url": ""},
        "sphinx": {
            "config": {
                # Jupyter Book's extensions less sphinx_thebe (live code through a Binder server; the site
                # has its own live lesson, and thebe's settings were written twice into each page)
                # and intersphinx (it would reach for the web)
                "extensions": ["sphinx_togglebutton", "sphinx_copybutton", "myst_nb", "jupyter_book",
                               "sphinx_comments", "sphinx_external_toc", "sphinx_design", "sphinx_book_theme",
                               # the library's reference, from its numpydoc docstrings (Sphinx's own extensions)
                               "sphinx.ext.autodoc", "sphinx.ext.napoleon", "reference_rst"],   # tools/reference_rst.py
                "autodoc_member_order": "bysource",
                "autodoc_typehints": "none",   # the docstrings say the types, numpydoc style
                "napoleon_google_docstring": False,
                # each page's live bar (live_bar), which the header's template LIVE_TEMPLATE shows
                "html_context": {"default_mode": "auto",
                                 "perceptron_live": {page_name(name): live_bar(name) for name in names}},
                "templates_path": ["_templates"],
                "html_css_files": ["perceptron.css"],
                "html_js_files": ["perceptron.js"],
                "html_static_path": ["_static"],
                "myst_heading_anchors": 3,
                "html_show_sphinx": False,
                "html_show_copyright": False,
                "suppress_warnings": ["myst.header"],
                "html_theme_options": {"show_navbar_depth": 1, "navigation_with_keys": False,
                                       "article_header_start": ["toggle-primary-sidebar.html", LIVE_TEMPLATE],
                                       "use_download_button": True, "use_fullscreen_button": False,
                                       "repository_url": repository, "use_repository_button": True},
                "nb_code_prompt_show": "Show the {type}",
                "nb_code_prompt_hide": "Hide the {type}",
            },
        },
    }


def toc(stems, reference=()):
    lessons = [{"file": stem} for stem in stems if stem != ROOT_PAGE]
    return {"format": "jb-book", "root": ROOT_PAGE,
            "parts": [{"caption": "Lessons", "chapters": lessons},
                      {"caption": "Reference", "chapters": [{"file": NOTATION}] + [{"file": stem} for stem in reference]},
                      {"caption": "For instructors", "chapters": [{"file": GUIDE}]}]}


def stage(source, notebooks):
    """Write the book's sources into the folder `source`: config, table of contents, pages.

    Every lesson has a page; a lesson not in `notebooks` (a quick build of a few) gets a page with
    its title alone, so that every link still leads somewhere.
    """
    source.mkdir(parents=True)
    chosen = {Path(n).name for n in notebooks} | {INDEX}
    names = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    repository = "https://github.com/" + navigation.repository()
    (source / "_config.yml").write_text(json.dumps(config(repository, names), indent=1))
    (source / "_templates").mkdir()
    (source / "_templates" / LIVE_TEMPLATE).write_text('{{ perceptron_live.get(pagename, "") }}\n')
    reference = reference_pages()
    for stem, text in reference.items():
        (source / f"{stem}.md").write_text(text, encoding="utf-8")
    (source / "_toc.yml").write_text(json.dumps(toc([page_name(n) for n in names], list(reference)), indent=1))
    (source / "_static").mkdir()
    (source / "_static" / "perceptron.css").write_text(SITE_CSS)
    (source / "_static" / "perceptron.js").write_text(SITE_JS)
    guide = guide_for_site(navigation.GUIDE.read_text(encoding="utf-8"), names)
    (source / f"{GUIDE}.md").write_text(guide + handouts_section(names), encoding="utf-8")
    for name in names:
        notebook = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
        if name not in chosen:
            notebook["cells"] = notebook["cells"][:1]
        if name == INDEX:
            notebook, notation = split_notation(notebook)
            (source / f"{NOTATION}.md").write_text(markdown_for_page(notation, source / FORMULAS), encoding="utf-8")
        page = json.dumps(page_notebook(notebook, name, source / FORMULAS), ensure_ascii=False)
        (source / f"{page_name(name)}.ipynb").write_text(page, encoding="utf-8")
    site_predictions.stage(source)   # a form under each Predict question, each lesson's progress
    site_exercises.stage(source)   # a form in place of each exercise's check cell, checked on the page
    return names


REFERENCE = "reference"   # the library's reference: a page per group of perceptron_lib's public names
# Beyond perceptron_lib's own namespace (its __all__, grouped as its __init__.py groups it): these modules' public
# classes and functions, each a page of the reference
MORE_MODULES = [("Interactive views", "perceptron_lib.widgets"), ("Estimators for scikit-learn", "perceptron_lib.estimators")]


def reference_groups():
    """[(title, module, names)]: the package's public names as its __init__.py groups them in __all__, then the
    public classes and functions of MORE_MODULES (those that exist)."""
    import importlib

    source = (ROOT / "perceptron_lib" / "__init__.py").read_text(encoding="utf-8")
    groups = []
    for line in re.search(r"^__all__ = \[(.*?)^\]", source, re.S | re.M).group(1).splitlines():
        comment = re.match(r"\s*# (.+)", line)
        if comment:
            groups.append((comment.group(1).strip().capitalize(), "perceptron_lib", []))
        elif groups:
            groups[-1][2].extend(re.findall(r'"(\w+)"', line))
    for title, name in MORE_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        public = [key for key, value in vars(module).items() if not key.startswith("_")
                  and getattr(value, "__module__", None) == name and (inspect.isclass(value) or inspect.isfunction(value))]
        groups.append((title, name, public))
    return groups


def own_members(cls):
    """The public methods and properties a class's own source defines, in order: what its reference page lists (not
    what it inherits or a library makes for it, such as matplotlib's `set` or scikit-learn's set_..._request)."""
    package = str(ROOT / "perceptron_lib")

    def code(value):
        function = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
        return getattr(inspect.unwrap(function), "__code__", None) if callable(function) else None

    return [name for name, value in vars(cls).items() if not name.startswith("_") and code(value) is not None
            and code(value).co_filename.startswith(package)]


def reference_stems():
    """{page stem: (title, module, names)} of the reference's pages (groups with no name of their own left out)."""
    return {f"{REFERENCE}-" + re.sub(r"[^a-z]+", "-", title.lower()).strip("-"): (title, module, names)
            for title, module, names in reference_groups() if names}


@functools.cache
def reference_targets():
    """{name: (page stem, the id autodoc gives its entry)} for every name the reference documents."""
    return {name: (stem, f"{module}.{name}") for stem, (_, module, names) in reference_stems().items() for name in names}


ESTIMATORS = "perceptron_lib.estimators."
# A name in a lesson's text, as code: `train`, `pl.train`, `pl.train(X, y)`, `TraceStepper`
CODE_NAME = re.compile(r"`(?:pl\.)?(\w+)(?:\([^`]*\))?`")


def link_first_uses(text, seen):
    """`text` (a page's Markdown) with the first use on the page (`seen`: names linked already) of each name the
    reference documents linked to its entry there; raw HTML, which Sphinx does not check (the site test does)."""
    def link(match):
        target = reference_targets().get(match.group(1))
        if target is None or match.group(1) in seen or (target[1].startswith(ESTIMATORS)
                                                         and not match.group(0).startswith("`pl.")):
            return match.group(0)   # a bare `Perceptron` may be scikit-learn's: only `pl.Perceptron` is the course's
        seen.add(match.group(1))
        code = html.escape(match.group(0).strip("`"))
        return f'<a class="perceptron-reference" href="{target[0]}.html#{target[1]}"><code>{code}</code></a>'

    lines = text.split("\n")
    inside = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            inside = not inside
        elif not inside and not line.lstrip().startswith("#"):
            lines[i] = CODE_NAME.sub(link, line)
    return "\n".join(lines)


def reference_pages():
    """{page stem: Markdown}: one page of the library's reference per group of names, each name's docstring in full."""
    import importlib

    pages = {}
    for stem, (title, module, names) in reference_stems().items():
        parts = [f"# Reference: {title.lower()}\n\nThe names of `{module}` on this topic, each as `help()` shows it, "
                 "from its docstring; its examples are tested with the package.\n"]
        for name in names:
            value = getattr(importlib.import_module(module), name)
            kind = "autoclass" if inspect.isclass(value) else "autofunction"
            members = ", ".join(own_members(value)) if kind == "autoclass" else ""
            options = f"   :members: {members}\n" if members else ""
            parts.append(f"```{{eval-rst}}\n.. {kind}:: {module}.{name}\n{options}```\n")   # autodoc writes RST
        pages[stem] = "\n".join(parts)
    return pages


def handouts_section(names):
    """The guide page's list of the handouts that tools/handouts.py prints into the site (raw links: they are
    printed after the pages are built, so Sphinx has no file to check them against)."""
    rows = [f'| {name[:2]} | <a href="{handouts.FOLDER}/{name.removesuffix(".ipynb")}.pdf">the lesson\'s page</a> '
            f'| <a href="{handouts.FOLDER}/{name.removesuffix(".ipynb")}.slides.pdf">its deck</a> |'
            for name in names if name != INDEX]
    return ("\n## Handouts\n\nEach lesson's page (A4, its answers and worked solutions open) and its deck (a slide a "
            "page), as PDFs to print or hand out:\n\n| # | lesson | deck |\n|---|---|---|\n" + "\n".join(rows) + "\n")


def build_pages(output, notebooks=None, quiet=True):
    """The pages of `notebooks` (all by default) and the index, into `output` (kept: other parts live there)."""
    notebooks = notebooks or sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    output = Path(output)
    with tempfile.TemporaryDirectory(prefix="perceptron-site-") as tmp:
        source = Path(tmp) / "book"
        stage(source, notebooks)
        command = [sys.executable, "-c", "from jupyter_book.cli.main import main; main()", "build", str(source), "--path-output", tmp,
                   "--builder", "html", "--warningiserror", "--quiet" if quiet else "--verbose"]
        here = str(Path(__file__).resolve().parent)   # the build imports tools/reference_rst.py, a Sphinx extension
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p))
        result = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
        html_dir = Path(tmp) / "_build" / "html"
        if result.returncode != 0 or not (html_dir / "index.html").is_file():
            raise RuntimeError(f"jupyter-book build failed:\n{result.stdout[-6000:]}\n{result.stderr[-6000:]}")
        output.mkdir(parents=True, exist_ok=True)
        made = [p for p in sorted(html_dir.rglob("*")) if p.is_file() and p.name != ".buildinfo"]
        taken = [p.relative_to(html_dir).as_posix() for p in made
                 if (output / p.relative_to(html_dir)).exists() and p.relative_to(html_dir).as_posix() != "index.html"]
        if taken:   # the JupyterLite site and the decks share the folder: only its index.html (a redirect) gives way
            raise RuntimeError(f"the pages would overwrite files of the JupyterLite site or the decks: {taken[:5]}")
        lite_config = LITE_CONFIG.search((output / "index.html").read_text()) if (output / "index.html").exists() \
            else None
        for path in made:
            target = output / path.relative_to(html_dir)
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".html" and path.parent == html_dir:
                page, found = ICON_SCRIPT.subn("", path.read_text(encoding="utf-8"))
                if found != 1:
                    raise RuntimeError(f"the theme changed: its icon script was found {found} times in {path.name}")
                target.write_text(page, encoding="utf-8")
            else:
                shutil.copyfile(path, target)
        downloads(output, notebooks)
        if lite_config:   # JupyterLite reads its settings from the root's index.html: the index page carries them
            page = (output / "index.html").read_text(encoding="utf-8")
            (output / "index.html").write_text(page.replace("</head>", lite_config.group(0) + "\n</head>", 1),
                                               encoding="utf-8")
    return output


def downloads(output, notebooks):
    """A page's download button gives the lesson itself: its formulas in LaTeX, its navigation cell kept.

    The theme offers the page's own source, `_sources/<page>.ipynb`, which is the page's copy (formulas
    drawn as images of this site, no navigation): the lesson as it is in notebooks/ replaces it.
    """
    for notebook in sorted({Path(n).resolve() for n in notebooks} | {NOTEBOOKS / INDEX}):
        target = Path(output) / "_sources" / f"{page_name(notebook.name)}.ipynb"
        if target.parent.is_dir():
            shutil.copyfile(notebook, target)


def build_decks(output, notebooks=None):
    notebooks = notebooks or sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    for notebook in notebooks:
        slides.export(notebook, Path(output) / DECKS)


def local_pyodide():
    """A local copy of Pyodide's release files, if there is one (the module's docstring says where), else None."""
    import os

    folder = Path(os.environ.get("PERCEPTRON_PYODIDE", ROOT.parent / "shared" / "pyodide-0.27.7"))
    return folder if (folder / "pyodide.js").is_file() else None


def build(output=DEFAULT_OUTPUT, pyodide=None, notebooks=None, lite=True, decks=True, quiet=True):
    """The whole site into `output` (replaced): JupyterLite, the decks, then the pages; return times in seconds."""
    import jupyterlite

    output = Path(output).resolve()
    times = {}
    start = time.monotonic()
    if lite:
        jupyterlite.build(output, pyodide or local_pyodide() or jupyterlite.PYODIDE_RELEASE)
        times["JupyterLite"] = time.monotonic() - start
    elif output.exists():
        shutil.rmtree(output)
    if decks:
        start = time.monotonic()
        build_decks(output, notebooks)
        times["decks"] = time.monotonic() - start
    start = time.monotonic()
    build_pages(output, notebooks, quiet)
    times["pages"] = time.monotonic() - start
    if decks:   # the whole site: its handouts too, printed from the pages and decks just built
        start = time.monotonic()
        handouts.print_handouts(output)
        times["handouts"] = time.monotonic() - start
    return times


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json"}


def serve_forever(folder, port):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Handler, directory=str(folder)))
    print(f"serving {folder} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="with --pages-only: the lessons to make pages of")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where the site goes (replaced)")
    parser.add_argument("--pyodide", default=None, help="where Pyodide's files come from: a folder or an address "
                        "(default: a local copy if there is one, else its release)")
    parser.add_argument("--pages-only", action="store_true", help="only the pages: no JupyterLite, no decks")
    parser.add_argument("--serve", action="store_true", help="serve the built folder on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if args.serve:
        return serve_forever(args.output, args.port)
    if args.notebooks and not args.pages_only:
        parser.error("name lessons only with --pages-only: the whole site holds every lesson")
    if not args.pages_only:
        print(f"Pyodide from {args.pyodide or local_pyodide() or 'its release on the web'}")
    times = build(args.output, args.pyodide, args.notebooks or None, lite=not args.pages_only,
                  decks=not args.pages_only, quiet=True)
    for part, seconds in times.items():
        print(f"{part}: {seconds:.0f} s")
    print(f"site: {args.output}; serve it with python tools/website.py --serve, then open http://127.0.0.1:8000/")


if __name__ == "__main__":
    sys.exit(main())
