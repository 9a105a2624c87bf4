"""A Sphinx extension for the library's reference (tools/website.py): docstrings written for help() read as RST.

The package's docstrings are numpydoc, written to be read in the source and in help(): they write an absolute
value as |W·X| and name fitted attributes as scikit-learn does, n_features_in_. In reStructuredText both mean
something else (a substitution, a link target). After napoleon has turned a docstring into RST, this escapes
the two, so that the page shows the docstring's own text; nothing else changes.
"""
import re

PIPE = re.compile(r"(?<!\\)\|")
TRAILING_UNDERSCORE = re.compile(r"(?<=\w)_(?=[\s,.;:)]|$)")


def escape(app, what, name, obj, options, lines):
    for i, line in enumerate(lines):
        if line.lstrip().startswith((":param", ":type", ":returns", ":rtype", ":ivar", ":vartype")):
            head, _, text = line.partition(": ")   # a field's name is napoleon's own, already escaped
            if text and head.count(":") >= 2:
                lines[i] = head + ": " + TRAILING_UNDERSCORE.sub(r"\\_", PIPE.sub(r"\\|", text))
                continue
        if not line.lstrip().startswith(".. "):
            lines[i] = TRAILING_UNDERSCORE.sub(r"\\_", PIPE.sub(r"\\|", line))


def setup(app):
    app.connect("autodoc-process-docstring", escape, priority=600)   # after napoleon (500)
    return {"parallel_read_safe": True}
