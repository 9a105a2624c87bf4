"""Export lessons as reveal.js slides that need no network: for a lecture hall with no connection.

    python tools/slides.py                                   # every lesson -> build/slides/
    python tools/slides.py notebooks/02-learning-rule.ipynb --output somewhere

`jupyter nbconvert --to slides` writes a page that loads reveal.js, require.js and jQuery from
the web. Here the same export points at copies kept in tools/slides_assets/ (reveal.js 4.0.2, the
version nbconvert's template is written for; require.js 2.3.6; jQuery 3.5.1; their licenses
beside them; taken unchanged from the npm registry), which are copied beside the pages: open
build/slides/NN-name.slides.html from disk, or serve the folder. For a projector the pages leave
out the In/Out prompts, set prose at 24 px and code at 20 px, wrap long lines (PROJECTOR_CSS), and
show each figure large enough for its smallest text to be 20 px (LECTURE_SCRIPT);
tools/slide_fit.py measures what still overflows. Formulas would need MathJax from the web: here
each is drawn at export by matplotlib's mathtext and embedded as an SVG image (its alt text is the
formula in words, as read aloud: tex_words); nothing else of the template that reaches the web is
kept (WEB_PARTS), and the theme is inlined without its web fonts (the browser's own sans-serif
stands in). Each deck has its lesson's title, its links to other lessons lead to their decks,
images from the web become their text, a figure's description in words is its alt text, a cell's
input and output take no Tab stop (text wraps), and the slides out of view are inert (no Tab stop,
nothing read aloud). The kernel-free
players (PlayableRun) step in the decks; the views that need a kernel are left out, and words that
point at them are replaced by what the deck shows (a text cell's metadata "deck": {"replace": [[the
lesson's words, the deck's words], ...]}). What answers a
Predict question comes on the next press, and an exercise's check shows its output without its code
(tools/hidden.py).
"""
import argparse
import base64
import html
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hidden  # noqa: E402
import lessons  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ASSETS = Path(__file__).resolve().parent / "slides_assets"
DEFAULT_OUTPUT = ROOT / "build" / "slides"
# A slide is 1280×720 px, a projector's screen, for the back of a lecture hall: prose at 24 px, code and text
# outputs at 20 px, tables at 18; long code lines and wide text outputs wrap instead of being cut off at
# the slide's edge.
PROJECTOR_CSS = (".reveal .jp-RenderedMarkdown {font-size: 24px !important;}"
                 ".reveal .jp-InputArea-editor pre, .reveal .jp-OutputArea-output pre "
                 "{white-space: pre-wrap; overflow-wrap: anywhere; font-size: 20px !important;"
                 " line-height: 1.2 !important;}"
                 ".reveal .jp-OutputArea-output table {font-size: 18px !important;}"
                 ".reveal .jp-OutputArea-output td, .reveal .jp-OutputArea-output th {padding: 0.1em 0.5em !important;"
                 " line-height: 1.05 !important;}"
                 # a figure's room is its own (reveal.js gives an image 20 px above and below);
                 # a slide that a figure at FIGURE_TEXT_PX would overflow loses its padding (LECTURE_SCRIPT)
                 ".reveal figure.perceptron-figure img, .reveal .perceptron-playable img"
                 " {margin: 4px 0 !important; display: block;}"
                 ".reveal .jp-RenderedMarkdown h3.perceptron-continued {font-size: 20px !important; line-height: 1.1 !important;"
                 " margin: 0 !important; font-weight: 600;}"
                 ".reveal .jp-MarkdownCell:has(h3.perceptron-continued) {padding: 0 !important; margin: 0 !important;}"
                 # (its text box, 1.1 lines high, would otherwise be a scrolling region with nothing to focus: axe)
                 ".reveal .jp-RenderedMarkdown:has(> h3.perceptron-continued) {overflow: visible !important;}"
                 ".reveal .slides section.perceptron-tight {padding-top: 0 !important; padding-bottom: 0 !important;}"
                 ".reveal section.perceptron-tight .jp-Cell {padding-top: 0 !important; padding-bottom: 0 !important;}"
                 ".reveal section.perceptron-tight .jp-Cell-outputWrapper {margin-top: 0 !important;}"
                 ".reveal section.perceptron-tight h1, .reveal section.perceptron-tight h2 {margin-top: 0 !important;}"
                 ".reveal section.perceptron-tight figure.perceptron-figure img {margin: 0 !important;}"
                 ".reveal section.perceptron-tight .jp-RenderedMarkdown p {margin: 0.4em 0 !important;}")


# A lesson's links to the others lead to their decks, beside it.
DECK_LINK = re.compile(r"\]\((\d\d-[\w-]+)\.ipynb(#[^)]*)?\)")
KERNEL_VIEW = "application/vnd.jupyter.widget-view+json"
# An image from the web (the index's Binder and JupyterLite badges) becomes its text: the link stays.
WEB_IMAGE = re.compile(r"!\[([^\]]*)\]\(https?://[^)]*\)")
# nbconvert makes every cell's input and output a Tab stop, for code that scrolls sideways; in a deck
# code and text wrap (PROJECTOR_CSS) and nothing scrolls (axe checks), and those stops would come
# before a slide's buttons.
CELL_TAB_STOP = re.compile(r'(<div class="(?:jp-Cell-inputWrapper|[^"]*jp-OutputArea-output[^"]*)"[^>]*?) tabindex="0"')
# What nbconvert's template loads from the web, and what calls it: a lecture hall may have no network.
WEB_PARTS = [
    re.compile(r"<script type=\"module\">\s*import mermaid from 'https://[^']+';\s*mermaid\.initialize\([^)]*\);\s*</script>"),
    re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.S),
    re.compile(r"var update = function\(event\)\{.*?Reveal\.addEventListener\('slidechanged', update\);", re.S),
]
# Slides out of view take no focus (Tab stays on the slide shown) and are hidden from screen readers.
# In a deck a heading's ¶ link goes to its slide (reveal.js reads the address's #/h/v, so a plain #Heading went
# to the title slide), and each figure is drawn larger, so that its smallest text shows at FIGURE_TEXT_PX
# (issue 36). A figure's image carries its smallest text at 1:1 in px (data-min-text-px: figure_text_px reads
# it off the PNG); on the slide shown it is scaled to FIGURE_TEXT_PX / that, no wider than the slide's 1240 px.
# If the slide would then be taller than 720 px, it first loses its padding and its headings' and paragraphs'
# margins (perceptron-tight), and only then is the figure shrunk by what still overflows. On the title slide
# the picture takes the column it needs beside the question if the question keeps 420 px, else goes under it.
# The decks' figures stand on sub-slides of their own or with a few lines (the lessons' slideshow metadata), so
# that room suffices; the figures too large for 20 px even alone are listed in tests/e2e/test_slides.py.
FIGURE_TEXT_PX = 20
SLIDE_HEIGHT, CONTENT_WIDTH = 720, 1240
FIGURES = "figure.perceptron-figure img, .perceptron-playable img"
LECTURE_SCRIPT = """<script>
(function() {
  var deck = document.querySelector('.reveal');
  document.addEventListener('click', function(event) {
    var link = event.target.closest('a.anchor-link');
    if (!link) return;
    var target = document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1)));
    var slide = target && target.closest('section');
    if (!slide || !window.Reveal) return;
    event.preventDefault();
    var at = Reveal.getIndices(slide);
    Reveal.slide(at.h, at.v);
  });
  function scaleTo(img, scale) {
    img.style.width = Math.ceil(img.naturalWidth * scale) + 'px';
    img.style.maxWidth = 'none';
    img.style.maxHeight = 'none';
    img.style.height = 'auto';
    img.dataset.scaled = scale.toFixed(4);
  }
  function column(img) {   // the title's picture column: the picture's width and what lies between it and its cell's edges
    var shown = img.closest('section'), cell = img.closest('.jp-Cell'), width = img.offsetWidth;
    var edges = img.getBoundingClientRect().left - cell.getBoundingClientRect().left
                + parseFloat(getComputedStyle(cell).paddingRight);
    shown.style.gridTemplateColumns = width <= %(beside)s ? 'minmax(0, 1fr) ' + Math.ceil(width + edges) + 'px'
                                                         : 'minmax(0, 1fr)';
  }
  function larger() {   // the slide on screen only: a hidden slide has no layout to measure
    var shown = [].slice.call(document.querySelectorAll('.reveal .slides section.present')).pop();
    if (!shown) return;
    var images = [].slice.call(shown.querySelectorAll('%(figures)s')).filter(function(img) {
      if (!img.naturalWidth) img.addEventListener('load', larger, {once: true});   // not decoded yet: when it is
      return img.naturalWidth && !img.dataset.scaled;
    });
    if (!images.length) return;
    var title = shown.classList.contains('perceptron-title');
    images.forEach(function(img) {
      var smallest = parseFloat(img.dataset.minTextPx);
      var scale = Math.min(%(target)s / smallest, %(width)s / img.naturalWidth);
      var player = img.closest('.perceptron-playable');
      if (player) player.style.maxWidth = 'none';
      scaleTo(img, scale);
      if (title) column(img);
    });
    if (shown.scrollHeight > %(height)s) shown.classList.add('perceptron-tight');   // no padding around the cells
    for (var round = 0; round < 4 && shown.scrollHeight > %(height)s; round++) {   // what the slide has no room for
      var tallest = images.reduce(function(a, b) { return a.offsetHeight >= b.offsetHeight ? a : b; });
      var before = shown.scrollHeight;
      scaleTo(tallest, Math.max(0.25, (tallest.offsetHeight - (before - %(height)s) - 1) / tallest.naturalHeight));
      if (title) column(tallest);          // a picture made smaller gives its column back to the question
      if (shown.scrollHeight >= before) break;   // nothing more to gain
    }
    if (window.Reveal) Reveal.layout();
  }
  deck.addEventListener('ready', larger);
  deck.addEventListener('slidechanged', larger);
})();
</script>
""" % {"target": FIGURE_TEXT_PX, "width": CONTENT_WIDTH, "height": SLIDE_HEIGHT, "figures": FIGURES,
       "beside": CONTENT_WIDTH - 28 - 420}   # the question's column, 420 px at least, and the 28 px gap
INERT_SCRIPT = """<script>
(function() {
  function inertOthers() {
    document.querySelectorAll('.reveal .slides section').forEach(function(slide) {
      var shown = slide.classList.contains('present') || slide.querySelector('section.present');
      if (shown) slide.removeAttribute('inert'); else slide.setAttribute('inert', '');
    });
  }
  var deck = document.querySelector('.reveal');
  deck.addEventListener('ready', inertOthers);
  deck.addEventListener('slidechanged', inertOthers);
})();
</script>
"""

# Formulas: $$display$$ and $inline$ TeX in Markdown. MathJax would come from the web, so the decks
# draw each formula once, at export, with matplotlib's mathtext (a TeX subset; what it names otherwise
# is mapped first) and embed it as an SVG image whose alt text is the formula in words (tex_words).
MATH = re.compile(r"\$\$(.+?)\$\$|(?<![\\$\w])\$([^$\n]+?)\$", re.S)
# A binomial coefficient at full size, in a line of text too (mathtext's \binom shrinks it to script size).
MATHTEXT_NAMES = {r"\le": r"\leq", r"\ge": r"\geq", r"\lVert": r"\Vert", r"\rVert": r"\Vert",
                  r"\binom": r"\genfrac{(}{)}{0}{0}"}
MATH_SIZE = {False: 18, True: 25}  # points, inline and display: 24 px (the decks' prose) and larger

# A formula's alt text is the formula in words, as a teacher reads it aloud (a screen reader would spell out
# TeX's backslashes and braces): tex_words knows the commands the lessons use and reads any other by its name.
TEX_TOKEN = re.compile(r"\\(?:text|operatorname|mathrm)\{[^{}]*\}|\\[A-Za-z]+|\\.|\.\.\.|\d+(?:\.\d+)?|\S")
SIGNS = {"+": "plus", "-": "minus", "=": "equals", "<": "is less than", ">": "is greater than", "/": "over",
         r"\le": "is at most", r"\ge": "is at least", r"\ne": "is not equal to", r"\leq": "is at most",
         r"\geq": "is at least", r"\neq": "is not equal to", r"\approx": "is approximately",
         r"\leftarrow": "becomes", r"\in": "in", r"\pm": "plus or minus", r"\cdot": "dot", r"\times": "times"}
RELATIONS = {sign for sign, word in SIGNS.items() if word.startswith("is ") or word in ("equals", "becomes")}
SILENT = {r"\,", r"\;", r"\:", r"\!", r"\quad", r"\qquad", r"\left", r"\right"}
FONTS = {r"\mathbf", r"\mathsf", r"\mathcal", r"\mathrm", r"\boldsymbol"}      # W in bold is read as W
WORDS = {r"\dots": "dot dot dot", r"\ldots": "dot dot dot", r"\cdots": "dot dot dot", "...": "dot dot dot",
         "*": "star", r"\nabla": "the gradient of", r"\exp": "the exponential of", r"\ln": "the natural log of",
         "sgn": "the sign of"}
PAIRS = {"|": ("|", "the absolute value of"), r"\lvert": (r"\rvert", "the absolute value of"),
         r"\lVert": (r"\rVert", "the norm of"), r"\lceil": (r"\rceil", "the ceiling of"),
         r"\lfloor": (r"\rfloor", "the floor of"), r"\|": (r"\|", "the norm of"), r"\{": (r"\}", "the set of")}
FUNCTIONS = set("fCEPQRSkN") | {r"\kappa", r"\exp", r"\ln"}     # f(x) is "f of x"; lambda(2 - lambda) a product
NAMED = re.compile(r"\\(?:operatorname|mathrm)\{")   # a name set upright, \mathrm{sgn}(x): a function too


def tex_words(tex):
    r"""The TeX formula `tex` in words to be read aloud: W \leftarrow W + \eta X is "W becomes W plus eta X"."""
    words = " ".join(_read(TEX_TOKEN.findall(tex)))
    words = re.sub(r",(\s*,)+", ",", re.sub(r"\s+([,.)])", r"\1", words))
    return re.sub(r"\s+", " ", re.sub(r"[\\{}^_$]", " ", words)).strip(" ,")


def _read(tokens, stop=None, comma=","):
    """The words of `tokens` up to `stop` (taken too) or to their end, a comma read as `comma`; the tokens read
    are taken off the list."""
    out, last, related = [], None, False     # last: the atom before ("atom", "number", "closed"), None after a sign;
    # related: a relation was read, so that a second one reads "which is ..." (0 < a \le 2: "..., which is at most 2")
    while tokens and tokens[0] != stop:
        token = tokens.pop(0)
        if token in SIGNS:
            out += [","] * (last == "closed") + [",", "which"] * (token in RELATIONS and related)
            out.append("times" if token == r"\cdot" and last == "number" else SIGNS[token])
            last, related = None, related or token in RELATIONS
        elif token in SILENT or token in FONTS:
            continue
        elif token in (",", ".", ";", ")", "]") or token.startswith(r"\text"):
            out.append(token[6:-1].strip() if token.startswith(r"\text") else comma if token == "," else token)
            last, related = None, related and token not in (",", ";") and not token.startswith(r"\text")
        else:
            words, closed = _scripts(token, *_atom(token, tokens), tokens)
            if last == "closed" or (last and words[0].startswith("the ")):
                out += [","] * (last == "closed") + ["times"]
            out += words
            last = "closed" if closed else "number" if token[0].isdigit() else None if words[-1].endswith(" of") \
                else "atom"   # after "the natural log of" no "times"
    if tokens:
        tokens.pop(0)
    return out


def _arg(tokens):
    """The words of a command's argument: a {group} or one token (through a font command)."""
    token = tokens.pop(0) if tokens else ""
    while token in FONTS and tokens:
        token = tokens.pop(0)
    return _read(tokens, "}") if token == "{" else _atom(token, tokens)[0]


def _atom(token, tokens):
    """The words of the atom that `token` begins, and whether it closes a group (a word after it is "times")."""
    if token == "{":
        return _read(tokens, "}"), False
    if token in ("(", "["):
        return [",", "open bracket", ","] + _read(tokens, {"(": ")", "[": "]"}[token]) + [",", "close bracket"], True
    if token in PAIRS:
        return [PAIRS[token][1]] + _read(tokens, PAIRS[token][0]), True
    if token in (r"\sum", r"\min"):
        limits = {}
        while tokens and tokens[0] in ("_", "^"):
            mark = tokens.pop(0)
            limits[mark] = [word.removeprefix("is ") for word in _arg(tokens)]   # "over i less than d"
        name = "the sum" if token == r"\sum" else "the minimum"
        if "^" in limits:
            return [name] + ["from"] * ("_" in limits) + limits.get("_", []) + ["to"] + limits["^"] + ["of"], False
        return [name] + ["over"] * ("_" in limits) + limits.get("_", []) + ["of"], False
    if token in (r"\frac", r"\binom"):
        if tokens and re.fullmatch(r"\d\d", tokens[0]):   # \frac12: TeX takes one digit for each
            digits = tokens.pop(0)
            tokens[:0] = [digits[0], digits[1]]
        top, bottom = _arg(tokens), _arg(tokens)
        if token == r"\binom":
            return top + ["choose"] + bottom, False
        if len(top) == len(bottom) == 1:
            return top + ["over"] + bottom, False
        return ["the fraction"] + top + ["over"] + bottom + [",", "end fraction"], True
    if token == r"\sqrt":
        inside = _arg(tokens)
        return ["the square root of"] + inside + [",", "end root"] * (len(inside) > 1), True
    if token == r"\hat":
        return _arg(tokens) + ["hat"], False
    if re.match(r"\\(text|operatorname|mathrm)\{", token):
        name = token[token.index("{") + 1:-1].strip()
        return [WORDS.get(name, name)], False
    return [WORDS.get(token, token.lstrip("\\"))], False   # a letter, a number, a Greek letter, a command's name


def _scripts(token, words, closed, tokens):
    """`words` of an atom with its primes, subscripts and superscripts, and a function's arguments after it."""
    while tokens and tokens[0] in ("_", "^", "'"):
        mark = tokens.pop(0)
        script = [] if mark == "'" else _arg(tokens)
        if mark != "^":
            joined = "".join(script)
            words += [joined] if joined in ("min", "max", "opt") else script or ["prime"]   # w_0 is "w 0"
        elif script in (["2"], ["star"], ["T"]):
            words += [","] * closed + [{"2": "squared", "star": "star", "T": "transpose"}[script[0]]]
        elif re.fullmatch(r"[A-Za-df-z]|\\[a-z]+", token) and len(script) == 1 and re.fullmatch(r"[A-Za-z]", script[0]):
            words += ["superscript"] + script   # x^p: pattern p's x, as in Budinich's i_k^p (e^u is a power)
        else:
            words += [","] * closed + ["to the power"] + script
            closed = closed or len(script) > 1
    if token in FUNCTIONS or NAMED.match(token):
        if tokens[:2] == [r"\left", "("]:   # f\left(x\right) is f(x)
            tokens.pop(0)
        if tokens and tokens[0] == "(":
            tokens.pop(0)
            words, closed = words + ["of"] * (not words[-1].endswith(" of")) + _read(tokens, ")", "and"), True
    return words, closed


def math_svg(tex, display=False, sizes=MATH_SIZE):
    """The TeX formula `tex` (without dollars) drawn by matplotlib's mathtext at sizes[display] points, as SVG."""
    import io

    from matplotlib import mathtext, rc_context
    from matplotlib.font_manager import FontProperties

    # on their own line fractions at full size; in a line of text a sum with its limits beside it, as MathJax sets it
    names = dict(MATHTEXT_NAMES, **({r"\frac": r"\dfrac"} if display else {r"\sum": r"\Sigma"}))
    for name, known in names.items():
        tex = re.sub(re.escape(name) + r"(?![A-Za-z])", lambda _: known, tex)
    drawn = io.BytesIO()
    with rc_context({"mathtext.fontset": "cm", "svg.fonttype": "path", "svg.hashsalt": "slides"}):
        mathtext.math_to_image(f"${tex}$", drawn, prop=FontProperties(size=sizes[display]), format="svg")
    return drawn.getvalue().decode("utf-8")


def drawn_math(markdown, sizes=MATH_SIZE):
    """`markdown` with every formula replaced by an image of it (display formulas centred on a line)."""
    def image(match):
        display = match.group(1) is not None
        tex = (match.group(1) if display else match.group(2)).strip()
        try:
            svg = math_svg(tex, display, sizes)
        except ValueError as error:  # TeX that mathtext does not know stays as it was written
            reason = (str(error).strip().splitlines() or ["mathtext could not parse it"])[0]
            print(f"slides: formula left as TeX ({reason}): {tex}", file=sys.stderr)
            return match.group(0)
        source = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")
        img = (f'<img class="formula" alt="{html.escape(tex_words(tex))}" src="{source}" '
               f'style="vertical-align:middle;margin:0">')
        return f'<div style="text-align:center;margin:0.6em 0">{img}</div>' if display else img
    return MATH.sub(image, markdown)


def export(notebook, output=DEFAULT_OUTPUT):
    """Write `notebook` as slides into `output`, with the assets beside it; return the page's path."""
    import nbformat
    from nbconvert import SlidesExporter

    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ASSETS, output / "slides_assets", dirs_exist_ok=True)
    # reveal_scroll off: the template made any slide taller than 95 % of the screen (684 px) a scrolling box
    # 684 px high, cutting off what a figure scaled to fit 720 px left below it; every slide fits 720 px (tests)
    exporter = SlidesExporter(reveal_url_prefix="slides_assets/reveal.js", reveal_scroll=False, reveal_width="1280",
                              reveal_height="720",
                              require_js_url="slides_assets/require.js", jquery_url="slides_assets/jquery.min.js",
                              exclude_input_prompt=True, exclude_output_prompt=True)
    book = nbformat.read(notebook, as_version=4)
    without_kernel_views(book)
    checks = [book.cells[i] for i in lessons.check_cells(book.cells)]   # known by their code, which goes next
    hidden.deck_cells(book)  # an exercise's check code left out, answers to Predict questions on a later press
    lecture_cells(book)
    standing_alone(book, checks)
    speaker_notes(book)
    for cell in book.cells:
        if cell.cell_type == "markdown":
            for lesson_words, deck_words in cell.metadata.get("deck", {}).get("replace", []):
                if lesson_words not in cell.source:
                    raise ValueError(f"{Path(notebook).name}: the deck replaces {lesson_words!r}, which cell "
                                     f"{cell.get('id')} no longer says")
                cell.source = cell.source.replace(lesson_words, deck_words)
            # the line under the title tells a student how long the lesson takes and to run its cells: not a class
            cell.source = lessons.MINUTES.sub("", cell.source)
            cell.source = WEB_IMAGE.sub(r"\1", DECK_LINK.sub(r"](\1.slides.html\2)", drawn_math(cell.source)))
    book.cells.append(nbformat.v4.new_markdown_cell(licence_text(), metadata={"slideshow": {"slide_type": "slide"}},
                                                    id="licence"))
    title = next((line[2:].strip() for cell in book.cells if cell.cell_type == "markdown"
                  for line in cell.source.splitlines() if line.startswith("# ")), Path(notebook).stem)
    body, _ = exporter.from_notebook_node(book, resources={"metadata": {"name": title}})
    page = output / (Path(notebook).stem + ".slides.html")
    page.write_text(offline(body.replace("</head>", f"<style>{PROJECTOR_CSS}</style>\n</head>", 1)),
                    encoding="utf-8")
    return page


CONTINUED = "perceptron-continued"   # the heading a sub-slide takes from its section
FOLD_ONLY = re.compile(r"\s*<details>.*</details>\s*", re.S)   # a text cell that is one fold (a worked solution)


def standing_alone(book, checks):
    """Slides that make sense without the notebook beside them (issue 42).

    An exercise's check (`checks`: its cells) is left out (its code is, already; before an answer its output only says to put
    one "in the cell above", which the deck does not show): the slide shows the exercise's task, and
    the worked solution's fold after it joins that slide. A
    sub-slide that opens with a cell's output (a figure, a table, a check) rather than the lesson's text
    is headed by its section's heading, "..., continued", so that no figure stands on a slide without
    saying what it is about.
    """
    import nbformat

    for i in [i for i, cell in enumerate(book.cells) if any(cell is check for check in checks)]:
        show = book.cells[i].metadata.setdefault("slideshow", {})
        following = next((c for c in book.cells[i + 1:]
                          if c.metadata.get("slideshow", {}).get("slide_type", "-") != "skip"), None)
        folded = following is not None and following.cell_type == "markdown" and FOLD_ONLY.fullmatch(following.source)
        if show.get("slide_type") in ("slide", "subslide") and following is not None and not folded:
            if following.metadata.setdefault("slideshow", {}).get("slide_type", "-") in ("-", "fragment"):
                following.metadata["slideshow"]["slide_type"] = show["slide_type"]   # it opens the slide instead
        show["slide_type"] = "skip"
    cells, section = [], ""
    for cell in book.cells:
        show = cell.metadata.setdefault("slideshow", {})
        text = cell.source.lstrip() if cell.cell_type == "markdown" else ""
        if text.startswith("## "):
            section = text.splitlines()[0][3:].strip()
        if show.get("slide_type") == "subslide" and section and cell.cell_type == "code":
            cells.append(nbformat.v4.new_markdown_cell(f'<h3 class="{CONTINUED}">{html.escape(section)}, continued</h3>',
                                                       metadata={"slideshow": {"slide_type": "subslide"}}))
            show["slide_type"] = "-"
        cells.append(cell)
    book.cells = cells


SUMMARY = re.compile(r"<details>\s*<summary>(.*?)</summary>(.*?)</details>", re.S)


def speaker_notes(book):
    """Give each slide its speaker notes (reveal.js's speaker view, the S key): what its folds hold, and the lesson's own.

    A presenter asks the room before a fold is opened; the speaker view shows them, ahead of the room,
    every fold of the slide in full (a Predict question's Answer, a worked solution), and any notes the
    lesson writes for the deck in a text cell's metadata, "deck": {"notes": "..."}. Each becomes a cell
    of slide type "notes" after its cell, which nbconvert puts in the slide's <aside class="notes">.
    """
    import nbformat

    cells = []
    for cell in book.cells:
        cells.append(cell)
        if cell.cell_type != "markdown" or cell.metadata.get("slideshow", {}).get("slide_type") == "skip":
            continue
        notes = [cell.metadata.get("deck", {}).get("notes", "")]
        notes += [f"**{summary.strip()}**: {body.strip()}" for summary, body in SUMMARY.findall(cell.source)]
        if any(notes):
            cells.append(nbformat.v4.new_markdown_cell("\n\n".join(n for n in notes if n),
                                                       metadata={"slideshow": {"slide_type": "notes"}}))
    book.cells = cells


def licence_text():
    """The deck's last slide: who may use the lesson and how to credit it (LICENSE)."""
    import navigation

    address = f"https://github.com/{navigation.repository()}"
    return ("## Using this lesson\n\n"
            "The lesson's text and figures are under the [Creative Commons Attribution 4.0 licence (CC BY 4.0)]"
            "(https://creativecommons.org/licenses/by/4.0/): share and adapt them, crediting *The perceptron, step "
            "by step*, by the perceptron course contributors. Its code is under the MIT licence. Both are in "
            f"[the course's LICENSE]({address}/blob/main/LICENSE).\n")


def without_kernel_views(book):
    """Leave out of `book` what needs a running kernel: a deck has none.

    An interactive view (ipywidgets) shows in a deck only its note that it needs a kernel: that
    output is dropped, and so is a cell left with nothing to show but its one-line call. A skipped
    cell that opened a slide passes its slide type to the next cell.
    """
    carried = None
    for cell in book.cells:
        show = cell.metadata.setdefault("slideshow", {})
        if carried and show.get("slide_type", "-") in ("-", "fragment"):
            show["slide_type"], carried = carried, None
        if cell.cell_type != "code":
            continue
        cell.outputs = [out for out in cell.outputs if KERNEL_VIEW not in out.get("data", {})]
        if not cell.outputs and len(cell.source.strip().splitlines()) == 1:
            if show.get("slide_type") in ("slide", "subslide"):
                carried = show["slide_type"]
            show["slide_type"] = "skip"


def lecture_cells(book):
    """What a class sees: the outputs of code, not the code, and the lesson's picture on its title slide.

    A code cell's input is left out of the deck unless the cell is tagged "deck-code" (code a class
    should read; no lesson tags any now); a code cell left with nothing to show is skipped, passing
    a slide it opened to the next cell. The first picture of the lesson joins the title slide, under
    the lesson's question, where the lesson shows it.
    """
    carried = None
    for cell in book.cells:
        show = cell.metadata.setdefault("slideshow", {})
        if carried and show.get("slide_type", "-") in ("-", "fragment"):
            show["slide_type"], carried = carried, None
        if cell.cell_type != "code" or "deck-code" in cell.metadata.get("tags", []):
            continue
        cell.metadata.setdefault("transient", {})["remove_source"] = True
        if not cell.outputs and show.get("slide_type") != "skip":
            if show.get("slide_type") in ("slide", "subslide"):
                carried = show["slide_type"]
            show["slide_type"] = "skip"
    for cell in book.cells:   # a fold (its name alone shows): no slide of its own; the links to other lessons: none
        text = cell.source.strip()
        folded = text.startswith("<details") and text.endswith("</details>") and text.count("<details") == 1
        if cell.cell_type == "markdown" and "navigation" in cell.metadata.get("tags", []):
            cell.metadata.setdefault("slideshow", {})["slide_type"] = "skip"   # a deck's own arrows lead on
        elif cell.cell_type == "markdown" and folded:
            if cell.metadata.get("slideshow", {}).get("slide_type") in ("slide", "subslide"):
                cell.metadata["slideshow"]["slide_type"] = "-"
    title_section = []
    for cell in book.cells[1:]:
        if cell.cell_type == "markdown" and cell.source.lstrip().startswith("## "):
            break
        title_section.append(cell)
    first = next((c for c in title_section if c.cell_type == "code" and c.outputs
                  and c.metadata["slideshow"].get("slide_type") != "skip"), None)
    if first is not None and all(c.metadata.get("slideshow", {}).get("slide_type", "-") in ("-", "skip", "fragment")
                                 or c is first for c in title_section[:title_section.index(first) + 1]):
        first.metadata["slideshow"]["slide_type"] = "-"


TITLE_CSS = (".reveal section.perceptron-title {display: grid !important; grid-template-columns: minmax(0, 1fr) minmax(0, 42%);"
             " column-gap: 28px; align-items: center;}"
             ".reveal section.perceptron-title h1 {font-size: 48px;}"
             ".reveal section.perceptron-title figure img {max-height: 560px; max-width: 100%; height: auto;}"
             ".reveal section.perceptron-title > .jp-Cell {width: auto !important; min-width: 0;}")


def title_slide(body):
    """`body` with its first slide laid out as the lesson's opening: the question beside its picture."""
    from bs4 import BeautifulSoup

    page = BeautifulSoup(body, features="html.parser")
    first = page.select_one(".reveal .slides > section")
    if first is not None and first.find("section") is not None:
        first = first.find("section")
    if first is None or first.select_one("figure.perceptron-figure") is None:
        return body
    first["class"] = first.get("class", []) + ["perceptron-title"]
    style = page.new_tag("style")
    style.string = TITLE_CSS
    page.head.append(style)
    return str(page)


def png_dpi(png):
    """The resolution a PNG (bytes) says it was drawn at, in dots per inch (its pHYs chunk); None if it says none.

    Read by Pillow, which matplotlib itself needs (pHYs stores dots per metre: 100 dpi reads 99.9998).
    """
    import io

    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        dpi = image.info.get("dpi")
    return float(dpi[0]) if dpi else None


def figure_text_px(source):
    """The smallest text of a figure (its image's data: URI `source`) at 1:1, in px, or None if not a course figure.

    Every picture of the course is a perceptron_lib Picture, which lifts any smaller text to TEXT points when
    drawn (plotting/base.py); the PNG says at how many dpi it was drawn, so TEXT is TEXT * dpi / 72 px.
    """
    from perceptron_lib.course.plotting.base import TEXT

    if not source.startswith("data:image/png;base64,"):
        return None
    dpi = png_dpi(base64.b64decode(source.split(",", 1)[1]))
    return round(TEXT * dpi / 72, 3) if dpi else None


def figure_sizes(body):
    """`body` with each figure's image (FIGURES) carrying its smallest text at 1:1 in px: data-min-text-px."""
    from bs4 import BeautifulSoup

    page = BeautifulSoup(body, features="html.parser")
    for img in page.select(FIGURES):
        px = figure_text_px(img.get("src", ""))
        if px is None:
            raise ValueError("a figure whose smallest text is not known (no PNG with its dpi): "
                             f"{img.get('alt', '')[:60]}")
        img["data-min-text-px"] = f"{px:g}"
    return str(page)


def no_icon(body):
    """`body` with an empty icon: served, a deck would otherwise ask for /favicon.ico and log a 404."""
    return body.replace("<head>", '<head>\n<link rel="icon" href="data:,">', 1)


def words_in_alt(body):
    """`body` with each figure's description in words moved from its fold into the picture's alt text.

    In a lesson the description is a fold under the picture; on a slide, where every line counts,
    it follows the figure's short name in the alt text, which a screen reader reads.
    """
    from bs4 import BeautifulSoup

    if 'class="perceptron-figure"' not in body:
        return body
    page = BeautifulSoup(body, features="html.parser")
    for figure in page.select("figure.perceptron-figure"):
        words = figure.find("details")
        figure.img["alt"] = f'{figure.img["alt"]} {words.p.get_text()}'
        words.decompose()
    return str(page)


def offline(body):
    """The deck `body` with nothing that reaches the web (MathJax, mermaid), and with hidden slides inert."""
    body = without(body, WEB_PARTS, "slides")
    theme = (ASSETS / "reveal.js" / "dist" / "theme" / "simple.css").read_text(encoding="utf-8")
    theme = "\n".join(line for line in theme.splitlines() if not line.startswith("@import url(http"))
    body, found = re.subn(r'<link href="slides_assets/reveal\.js/dist/theme/simple\.css" id="theme" rel="stylesheet"/>',
                          lambda _: f'<style id="theme">/* reveal.js simple theme, without its web fonts */\n{theme}</style>',
                          body)
    if found != 1:
        raise RuntimeError(f"nbconvert's slides template changed: the theme's link was found {found} times")
    # no margin around the slide: a 1280x720 slide on a 1280x720 screen is drawn 1:1, so that 24 px is 24 px;
    # and every slide in order with the right arrow, as with Page Down and Space: a presenter's clicker sends
    # → (or Page Down), and in reveal.js's default mode → skips a section's vertical slides (issue 42: deck 02
    # showed 12 of its 35 slides)
    body, found = re.subn(r"(height: 720,)", r'\1 margin: 0, navigationMode: "linear",', body)
    if found != 1:
        raise RuntimeError(f"nbconvert's slides template changed: the slide's height was found {found} times")
    # reveal.js comes through require.js: made a global, for a heading's link to its slide (LECTURE_SCRIPT)
    body, found = re.subn(r"(function\(Reveal, RevealNotes\)\{)", r"\1 window.Reveal = Reveal;", body)
    if found != 1:
        raise RuntimeError(f"nbconvert's slides template changed: reveal.js's callback was found {found} times")
    body = CELL_TAB_STOP.sub(r"\1", body)
    body = no_icon(title_slide(figure_sizes(words_in_alt(body))))
    return body.replace("</body>", INERT_SCRIPT + LECTURE_SCRIPT + "</body>", 1)


def without(body, patterns, template):
    """`body` with each of `patterns` removed; each must match exactly once, or nbconvert's `template` changed."""
    for pattern in patterns:
        body, found = pattern.subn("", body)
        if found != 1:
            raise RuntimeError(f"nbconvert's {template} template changed: {pattern.pattern[:60]!r} matched {found} "
                               "times")
    return body


def main(argv=None):
    """Export the lessons named in `argv` (all by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    for notebook in notebooks:
        print(export(notebook, args.output))


if __name__ == "__main__":
    sys.exit(main())
