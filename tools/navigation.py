"""Write the generated parts: the index's contents, every lesson's navigation, the README's list, the guide's plan.

Idempotent: running it twice changes nothing. `python tools/navigation.py --check` changes
nothing and exits 1 if a notebook is out of date (the tests run it that way).

The plan of the collection lives here; a lesson not written yet is listed as coming.
The repository address comes from pyproject.toml ([project.urls] Repository), so every link to
the course's places (Binder, the website and its JupyterLite site on the repository's GitHub Pages)
is written in one place: a fork changes that line and runs this script.
"""
import argparse
import json
import re
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lessons  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
INDEX = "00-index.ipynb"

PLAN = [
    ("00", "Index", "what is here, in what order, how to run it"),
    ("01", "Threshold units", "AND, OR, at-least-m-of-p, the bias, the geometry of W·X = 0, why XOR is not one"),
    ("02", "The learning rule", "the OR worked example replayed presentation by presentation"),
    ("03", "XOR and cycling", "the cycling theorem and the ways out"),
    ("04", "Weight space", "the dual view: pattern hyperplanes, the error landscape, correction rules"),
    ("05", "The convergence theorem", "the bound checked on thousands of problems"),
    ("06", "The rule as gradient descent", "the perceptron criterion, inputs 0/1 or −1/+1, learning rates and correction rules"),
    ("07", "Sigmoid units", "a smooth unit and its steepness, Budinich's standard and adaptive algorithms"),
    ("08", "Capacity", "Cover's counting, how many Boolean functions are separable, where learning is hardest"),
    ("09", "Beyond two classes", "multi-class and kernel perceptrons on handwritten digits"),
]


def repository():
    """'owner/name' of the GitHub repository, from pyproject.toml."""
    url = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Repository"]
    return re.sub(r"^https://github\.com/", "", url).rstrip("/")


def binder_url(path="notebooks/" + INDEX):
    """A Binder link that opens JupyterLab at `path` (relative to the repository root)."""
    return f"https://mybinder.org/v2/gh/{repository()}/HEAD?urlpath=lab/tree/{path}"


def site_url(page=""):
    """The course website (tools/website.py), published on the repository's GitHub Pages: its root, or `page`."""
    owner, project = repository().split("/")
    return f"https://{owner}.github.io/{project}/{page}"


def lite_url(name=INDEX):
    """The published JupyterLite site opened at lesson `name`.

    tools/website.py builds it into the website's folder, with the lessons at its root; the README's
    "The course website" says how to publish it there.
    """
    return site_url(f"lab/index.html?path={name}")


def site_text():
    """The README's line that leads to the website."""
    return (f"**Read it as a website:** [{site_url()}]({site_url()}): every lesson a page that steps its runs "
            "without Python, with search, and a button that runs the lesson live in your browser.\n")


LITE_BADGE = "https://jupyterlite.rtfd.io/en/latest/_static/badge.svg"


def badges():
    """The Binder and JupyterLite badges, opening the index."""
    return (f"[![Binder](https://mybinder.org/badge_logo.svg)]({binder_url()}) "
            f"[![Try it in your browser with JupyterLite]({LITE_BADGE})]({lite_url()})\n")


def notebooks():
    """The notebooks present, in order, as (number, file name, title)."""
    found = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        heading = "".join(cells[0]["source"]).splitlines()[0]
        found.append((path.name[:2], path.name, re.sub(r"^#\s*\d\d\s*·\s*", "", heading).strip()))
    return found


# Seconds from opening a lesson in JupyterLite to its first cell's picture, on the development machine
# (python benchmarks/first_step.py, lessons 01 and 02 on a first visit: 12.2 and 12.3 s, lesson 09 17.4 s;
# 26 November 2026, the machine otherwise idle; README). Lesson 09's first cell loads its digits.
FIRST_CELL_SECONDS = 12
FIRST_CELL_SLOWER = {"09": 17}


def minutes_text(notebook, page=False):
    """The line under a lesson's title: how long it takes, and what to do first (in the notebook: run the cells;
    on its page, tools/website.py: read on, or run it live)."""
    core, everything = lessons.minutes(notebook), lessons.minutes(notebook, core=False)
    number = re.match(r"#\s*(\d\d)", "".join(notebook["cells"][0]["source"]))
    seconds = FIRST_CELL_SLOWER.get(number and number.group(1), FIRST_CELL_SECONDS)
    further = f"; about {everything} with the parts marked *going further*" if everything > core else ""
    first = (f"Read it here, or run it live above (its first cell answers in about {seconds} s)." if page else
             f"Run the cells from the top (Run → Run All Cells); in the browser the first one answers after about "
             f"{seconds} s, while Python starts.")
    # the comments on lines of their own: on the same line they would make the whole line raw HTML, its ** shown
    return f"<!-- minutes:start -->\n**About {core} minutes** with its exercises{further}. {first}\n<!-- minutes:end -->\n"


def _set_minutes(notebook):
    """Write (or bring up to date) the minutes line after the lesson's title; True if it changed."""
    cell = notebook["cells"][0]
    old = "".join(cell["source"])
    text = lessons.MINUTES.sub("", old)
    title, _, rest = text.partition("\n")
    new = f"{title}\n\n{minutes_text(notebook)}{rest.lstrip(chr(10)) and chr(10) + rest.lstrip(chr(10))}"
    cell["source"] = new.splitlines(keepends=True)
    return new != old


def navigation_text(name, present):
    names = [n for _, n, _ in present]
    titles = {n: t for _, n, t in present}
    i = names.index(name)
    parts = []
    if i > 0:
        parts.append(f"[← {titles[names[i - 1]]}]({names[i - 1]})")
    if name != INDEX and names[i - 1] != INDEX:
        parts.append(f"[Index]({INDEX})")
    if i + 1 < len(names):
        parts.append(f"[{titles[names[i + 1]]} →]({names[i + 1]})")
    return "---\n" + " · ".join(parts) + "\n"


def contents_text(present):
    files = {number: (name, title) for number, name, title in present}
    lines = ["| # | lesson | what it covers | minutes |", "|---|---|---|---|"]
    for number, title, what in PLAN[1:]:
        if number in files:
            name, actual = files[number]
            notebook = json.loads((NOTEBOOKS / name).read_text())
            core, everything = lessons.minutes(notebook), lessons.minutes(notebook, core=False)
            lines.append(f"| {number} | [{actual}]({name}) ([Binder]({binder_url('notebooks/' + name)}), "
                         f"[JupyterLite]({lite_url(name)})) | {what} | {core}"
                         f"{f' ({everything} with going further)' if everything > core else ''} |")
        else:
            lines.append(f"| {number} | {title} *(coming)* | {what} | |")
    return "\n".join(lines) + "\n"


GUIDE = ROOT / "docs" / "instructors.md"


VIEWS = {"PlayableRun": "the run in the player", "TraceStepper": "the run in the player", "UnitView": "a unit's weights",
         "DualView": "W in both spaces", "BoundExplorer": "the bound's explorer"}


def plan_row(number, title, notebook):
    """One lesson's row of the guide's plan: minutes, what to present, what to do live, what to set, the assignment."""
    cells = notebook["cells"]
    core, further, live = [], [], []
    for cell in cells:
        text = lessons.source(cell)
        if cell["cell_type"] == "markdown" and text.startswith("## ") and text[3:4].isdigit():
            name = text.splitlines()[0][3:].split(".")[0]
            (further if lessons.GOING_FURTHER in lessons.tags(cell) else core).append(name)
        views = [view for view in VIEWS if view + "(" in text]
        if cell["cell_type"] == "code" and views and "my_" not in text:
            section = next((lessons.source(c).splitlines()[0][3:].split(".")[0] for c in reversed(cells[:cells.index(cell)])
                            if c["cell_type"] == "markdown" and lessons.source(c).startswith("## ")), "")
            live += [f"{VIEWS[view]} (§{section})" for view in views]
    answers = [i for i, cell in enumerate(cells) if lessons.answer_names(cell)]
    in_class = sum(lessons.GOING_FURTHER not in lessons.tags(cells[i]) for i in answers)
    at_home = len(answers) - in_class
    present = "§" + ", ".join(core) if core else "–"
    shown = "; ".join(dict.fromkeys(live)) if live else "its pictures"
    home = f"{at_home} exercise{'s' * (at_home != 1)}" if at_home else "–"
    if further:
        home += f"; reading: §{', '.join(further)}"
    return (f"| {number} | {title} | {lessons.minutes(notebook)} ({lessons.minutes(notebook, core=False)}) | {present} "
            f"| {shown} | {in_class} | {home} "
            f"| {len(answers)} exercises, {points(number, len(answers))} points |")


def points(number, count):
    """What lesson `number`'s `count` exercises are worth in nbgrader: their declarations' points."""
    from perceptron_lib.course.exercises import exercise   # the package, only where the plan is written
    return sum(exercise(f"{number}.{k}").points for k in range(1, count + 1))


def plan_text(present):
    """The guide's table: for each lesson, its minutes, what to present, do live, set, and grade."""
    lines = ["| # | lesson | minutes: core (all) | present from the deck | live | exercises in class | homework "
             "| assignment |", "|---|---|---|---|---|---|---|---|"]
    for number, name, title in present:
        if name != INDEX:
            lines.append(plan_row(number, title, json.loads((NOTEBOOKS / name).read_text())))
    return "\n".join(lines) + "\n"


def _set_tagged_cell(notebook, tag, text, *, append=False):
    for cell in notebook["cells"]:
        if tag in cell.get("metadata", {}).get("tags", []):
            old = "".join(cell["source"])
            cell["source"] = text.splitlines(keepends=True)
            had_slide = "slideshow" in cell["metadata"]
            cell["metadata"].setdefault("slideshow", {"slide_type": "-"})
            return old != text or not had_slide
    if not append:
        raise SystemExit(f"no cell tagged {tag!r} to fill")
    notebook["cells"].append({"cell_type": "markdown", "id": f"{tag}-cell",
                              "metadata": {"slideshow": {"slide_type": "-"}, "tags": [tag]},
                              "source": text.splitlines(keepends=True)})
    return True


def readme_text(text, present):
    """README.md with its generated parts (Binder badge, list of lessons) brought up to date."""
    lessons = contents_text(present).replace("](0", "](notebooks/0")
    for name, body in (("binder", badges()), ("site", site_text()), ("notebooks", lessons)):
        text = re.sub(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)",
                      lambda m, body=body: m.group(1) + body + m.group(2), text, flags=re.S)
    return text


def update(check=False):
    """Write (or, with check, only compare) every generated part. Returns the files out of date."""
    present = notebooks()
    stale = []
    readme = ROOT / "README.md"
    if readme.exists():
        old = readme.read_text()
        new = readme_text(old, present)
        if new != old:
            stale.append("README.md")
            if not check:
                readme.write_text(new)
    if GUIDE.exists():
        old = GUIDE.read_text()
        new = re.sub(r"(<!-- plan:start -->\n).*?(<!-- plan:end -->)", lambda m: m.group(1) + plan_text(present) + m.group(2),
                     old, flags=re.S)
        if new != old:
            stale.append("docs/instructors.md")
            if not check:
                GUIDE.write_text(new)
    for _, name, _ in present:
        path = NOTEBOOKS / name
        notebook = json.loads(path.read_text())
        changed = _set_tagged_cell(notebook, "navigation", navigation_text(name, present), append=True)
        if name != INDEX:
            changed |= _set_minutes(notebook)
        if name == INDEX:
            changed |= _set_tagged_cell(notebook, "contents", contents_text(present))
            changed |= _set_tagged_cell(notebook, "binder", badges())
        if changed:
            stale.append(name)
            if not check:
                path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return stale


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if out of date")
    check = parser.parse_args().check
    stale = update(check=check)
    for name in stale:
        print(f"{'out of date' if check else 'updated'}: {name}")
    return 1 if stale and check else 0


if __name__ == "__main__":
    sys.exit(main())
