"""How many critical or serious accessibility violations axe-core finds in each lesson's outputs, in JupyterLab.

    python benchmarks/axe_counts.py [--lessons 01 02]

Each lesson is run top to bottom in a real JupyterLab in Chromium (as the browser tests run it),
then axe-core checks the output areas (JupyterLab's own editor and toolbars are not the course's)
and the script prints, per lesson, the number of critical or serious violations by rule, and the
number of controls of the views (steppers, unit and dual views, the bound explorer) that the
accessibility tree shows without a name. The browser tests require 0 and 0 (tests/e2e); this
prints the figures, for a before and after: the kernel imports perceptron_lib from PYTHONPATH, so
`PYTHONPATH=<an older checkout> python benchmarks/axe_counts.py` counts an older version's views.
"""
import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from jupyter import ROOT, chromium, jupyter_lab, open_and_run_all, unnamed_controls  # noqa: E402
from test_accessibility import serious_violations  # noqa: E402

VIEWS = ".perceptron-stepper, .perceptron-dual, .perceptron-unit, .perceptron-bounds"


def count(lessons=()):
    """{lesson: (Counter of rule -> violations, unnamed controls)}."""
    found = {}
    with jupyter_lab() as (base, token, _), chromium() as page:
        for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
            if lessons and path.name[:2] not in lessons:
                continue
            open_and_run_all(page, base, token, path.name)
            violations = serious_violations(page, ".jp-NotebookPanel .jp-OutputArea")
            unnamed = sum(len(unnamed_controls(view)) for view in page.locator(VIEWS).all())
            found[path.name] = (collections.Counter(rule for rule, _, _ in violations), unnamed)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", nargs="*", default=(), help="lesson numbers (all)")
    args = parser.parse_args()
    for name, (rules, unnamed) in count(args.lessons).items():
        listed = ", ".join(f"{rule} {n}" for rule, n in sorted(rules.items())) or "none"
        print(f"{name}: {sum(rules.values())} critical or serious ({listed}); unnamed controls in views: {unnamed}")


if __name__ == "__main__":
    main()
