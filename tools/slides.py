"""Export lessons as reveal.js slides that need no network: for a lecture hall with no connection.

    python tools/slides.py                                   # every lesson -> build/slides/
    python tools/slides.py notebooks/02-learning-rule.ipynb --output somewhere

`jupyter nbconvert --to slides` writes a page that loads reveal.js, require.js and jQuery from
the web. Here the same export points at copies kept in tools/slides_assets/ (reveal.js 4.0.2, the
version nbconvert's template is written for; require.js 2.3.6; jQuery 3.5.1; their licenses
beside them; taken unchanged from the npm registry), which are copied beside the pages: open
build/slides/NN-name.slides.html from disk, or serve the folder. For a projector the pages leave
out the In/Out prompts, set code at 16 px, wrap long lines and tighten tables (PROJECTOR_CSS);
tools/slide_fit.py measures what still overflows. The kernel-free players (PlayableRun) step in them; formulas in Markdown need MathJax
from the web and show as plain TeX without it.
"""
import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = Path(__file__).resolve().parent / "slides_assets"
DEFAULT_OUTPUT = ROOT / "build" / "slides"
# A slide is 960×700 px: long code lines and wide text outputs wrap instead of being cut off at its edge,
# and code and tables are set a little smaller and tighter (16 px, where prose is 20), so that a check
# or a run of a dozen presentations fits one slide.
PROJECTOR_CSS = (".reveal .jp-InputArea-editor pre, .reveal .jp-OutputArea-output pre "
                 "{white-space: pre-wrap; overflow-wrap: anywhere;}"
                 ".reveal .jp-InputArea-editor pre {font-size: 16px !important; line-height: 1.25 !important;}"
                 ".reveal .jp-OutputArea-output table {font-size: 0.8em !important;}"
                 ".reveal .jp-OutputArea-output td, .reveal .jp-OutputArea-output th {padding: 0.1em 0.5em !important; line-height: 1.15;}")


def export(notebook, output=DEFAULT_OUTPUT):
    """Write `notebook` as slides into `output`, with the assets beside it; return the page's path."""
    import nbformat
    from nbconvert import SlidesExporter

    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ASSETS, output / "slides_assets", dirs_exist_ok=True)
    exporter = SlidesExporter(reveal_url_prefix="slides_assets/reveal.js", reveal_scroll=True,
                              require_js_url="slides_assets/require.js", jquery_url="slides_assets/jquery.min.js",
                              exclude_input_prompt=True, exclude_output_prompt=True)
    body, _ = exporter.from_notebook_node(nbformat.read(notebook, as_version=4))
    body = body.replace("</head>", f"<style>{PROJECTOR_CSS}</style>\n</head>", 1)
    page = output / (Path(notebook).stem + ".slides.html")
    page.write_text(body, encoding="utf-8")
    return page


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    for notebook in notebooks:
        print(export(notebook, args.output))


if __name__ == "__main__":
    sys.exit(main())
