"""Export lessons as HTML pages that need no kernel and no network: to read, to print, to put online.

    python tools/pages.py                                   # every lesson -> build/pages/
    python tools/pages.py notebooks/02-learning-rule.ipynb --output somewhere

`jupyter nbconvert --to html` writes a page that loads require.js, MathJax and mermaid from the web
and draws prompts and some code in colours too faint to read (axe-core: contrast 2.2:1 for the
prompts, about 4.2:1 for numbers, comments and operators, where WCAG 2.1 AA asks 4.5:1). Here the
same export has its lesson's title, formulas drawn at export as SVG images whose alt text is the
TeX (as in the decks, tools/slides.py), no script or image from the web, links to other lessons
leading to their pages, and the prompts and code colours darkened (READING_CSS). The figures keep
their descriptions (alt text and a fold beneath) and the kernel-free players step; the views that
need a kernel show their note and the static figure that follows them. What answers a Predict
question, and the code of an exercise's check, are in closed folds (tools/hidden.py).
"""
import re
import sys
from pathlib import Path

import hidden
import slides
from slides import WEB_IMAGE, WEB_PARTS, drawn_math, without

MATHJAX = WEB_PARTS[1]
MATH_SIZE = {False: 11, True: 15}  # points: a page's prose is about 14 px

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUTPUT = ROOT / "build" / "pages"
PAGE_LINK = re.compile(r"\]\((\d\d-[\w-]+)\.ipynb(#[^)]*)?\)")
# What the HTML template loads from the web besides MathJax: require.js, which nothing in a lesson uses (no
# widget state is stored), and mermaid's module (only for diagrams, which no lesson has).
REQUIRE_JS = re.compile(r'<script src="https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/[^"]+"></script>')
MERMAID = re.compile(r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded", async \(\) => \{\s*'
                     r'const diagrams = document\.querySelectorAll\("\.jp-Mermaid.*?</script>', re.S)
# Prompts and Pygments' faint colours, darkened to at least 5.5:1 on the code cells' grey (#f5f5f5).
READING_CSS = """
.jp-InputPrompt, .jp-OutputPrompt { color: #616161 !important; opacity: 1 !important; }
.highlight .ow, .highlight .nd { color: #7b1fa2 !important; }
.highlight .m, .highlight .mf, .highlight .mi, .highlight .mh, .highlight .mo, .highlight .il,
.highlight .k, .highlight .kc, .highlight .kd, .highlight .kn, .highlight .kp, .highlight .kr,
.highlight .nb, .highlight .bp, .highlight .sx { color: #006b00 !important; }
.highlight .c, .highlight .c1, .highlight .cm, .highlight .cs, .highlight .ch, .highlight .cp,
.highlight .cpf { color: #336666 !important; }
"""


def export(notebook, output=DEFAULT_OUTPUT):
    """Write `notebook` as a page into `output`; return the page's path."""
    import nbformat
    from nbconvert import HTMLExporter

    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    book = nbformat.read(notebook, as_version=4)
    for cell in book.cells:
        if cell.cell_type == "markdown":
            cell.source = WEB_IMAGE.sub(r"\1", PAGE_LINK.sub(r"](\1.html\2)", drawn_math(cell.source, MATH_SIZE)))
    title = next((line[2:].strip() for cell in book.cells if cell.cell_type == "markdown"
                  for line in cell.source.splitlines() if line.startswith("# ")), Path(notebook).stem)
    body, _ = HTMLExporter().from_notebook_node(book, resources={"metadata": {"name": title}})
    page = output / (Path(notebook).stem + ".html")
    page.write_text(offline(hidden.fold_page(body, book)).replace("</head>", f"<style>{READING_CSS}</style>\n</head>", 1), encoding="utf-8")
    return page


def offline(body):
    """The page `body` with nothing that reaches the web: no require.js, MathJax or mermaid."""
    return without(body, (REQUIRE_JS, MATHJAX, MERMAID), "HTML")


def main(argv=None):
    slides.main(argv, export, DEFAULT_OUTPUT, __doc__)


if __name__ == "__main__":
    sys.exit(main())
