"""Assignments from the lessons, for nbgrader: student copies without the answers, and grades.

    python tools/assignments.py COURSE                         # the course directory, its source and release
    python tools/assignments.py COURSE --submissions FOLDER    # ... and grades: COURSE/grades.csv

The lessons stay the one source. Each lesson with exercises becomes an nbgrader assignment
("01-threshold-units", ...) whose source notebook is made from the lesson as it is:

- an exercise's answer cell (`my_R, my_gamma = None, None`) becomes a solution cell: the line stays
  for the student to fill in, and below it a solution region holds the right answer (the answer
  cell's metadata "answers", as the exercise's text asks for it) and the worked solution, as
  comments; the fold "A worked solution" leaves the text;
- its check cell stays as it is, for the student (a hint for every wrong answer), read-only;
- after it, an autograded test cell worth POINTS points runs the check again, hidden from the
  student, and fails unless the check says ✓ and neither ✗ nor "Not yet";
- the answers in the metadata are dropped; everything else is the lesson, outputs included (the
  pictures show before a student runs anything, as in the lesson).

Then `nbgrader generate_assignment` writes the student copies into COURSE/release/. With
--submissions, FOLDER/<student>/<assignment>/<assignment>.ipynb are collected into
COURSE/submitted/, graded with `nbgrader autograde` (every notebook run top to bottom, offline), and
the scores exported with `nbgrader export` to COURSE/grades.csv. nbgrader is an instructor's tool:
`pip install -e ".[instructor]"`; a student installs nothing of it.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lessons  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
POINTS = 2
WORKED = re.compile(r"<details>\s*<summary>\s*A worked solution[^<]*</summary>(.*?)</details>\s*", re.S | re.I)
STUB = "# Your answer: put it in place of None above."
CONFIG = f'''# nbgrader's settings for the perceptron course (written by tools/assignments.py)
c = get_config()
c.CourseDirectory.root = {{root!r}}
c.CourseDirectory.db_url = "sqlite:///" + {{db!r}}
c.ClearSolutions.code_stub = {{{{"python": {STUB!r}}}}}
c.ClearOutput.enabled = False            # the lessons' pictures show before anything runs, as in the lessons
c.Execute.timeout = 600                  # a lesson's longest cell takes seconds; a busy machine more
# (a cell that raises costs its exercise, not the rest: nbgrader's Execute always goes on after an error)
c.ExecutePreprocessor.interrupt_on_timeout = True
'''
HIDDEN_TEST = '''# Grading of exercise {number} ({points} points): the check above must say ✓, with no ✗ and no "Not yet".
### BEGIN HIDDEN TESTS
import ast as _ast, contextlib as _contextlib, io as _io
_check = _ast.parse({check!r})
_last = _check.body.pop() if _check.body and isinstance(_check.body[-1], _ast.Expr) else None
with _contextlib.redirect_stdout(_io.StringIO()) as _said:
    exec(compile(_check, "check", "exec"), globals())
    if _last is not None:
        print(repr(eval(compile(_ast.Expression(_last.value), "check", "eval"), globals())))
_said = _said.getvalue()
assert "✓" in _said and "✗" not in _said and "Not yet" not in _said, _said
### END HIDDEN TESTS
'''


def exercises(notebook):
    """[(answer cell index, check cell index, names)] of a lesson, in order."""
    cells, found = notebook["cells"], []
    checks = lessons.check_cells(cells)
    for i, cell in enumerate(cells):
        names = lessons.answer_names(cell)
        check = next((j for j in checks if j > i), None)
        if names and check is not None:
            found.append((i, check, names))
    return found


def _grader(cell_id, *, solution=False, grade=False, locked=False, points=None):
    meta = {"grade": grade, "grade_id": cell_id, "locked": locked, "schema_version": 3, "solution": solution,
            "task": False}
    if points is not None:
        meta["points"] = points
    return meta


def _code(cell_id, source, nbgrader):
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": {"nbgrader": nbgrader},
            "outputs": [], "source": source.splitlines(keepends=True)}


def source_notebook(lesson):
    """The nbgrader source notebook of `lesson` (a path), as a dict; None if the lesson has no exercise."""
    notebook = json.loads(Path(lesson).read_text(encoding="utf-8"))
    found = exercises(notebook)
    if not found:
        return None
    cells = notebook["cells"]
    solutions = {}   # answer cell -> the worked solution's text, from the fold after its check
    for answer, check, _ in found:
        later = next((k for k in range(check + 1, len(cells)) if WORKED.search(lessons.source(cells[k]))), None)
        if later is not None and not any(answer < a2 < later for a2, _, _ in found if a2 != answer):
            fold = WORKED.search(lessons.source(cells[later]))
            solutions[answer] = fold.group(1).strip()
            rest = WORKED.sub("", lessons.source(cells[later]), count=1)
            cells[later]["source"] = rest.splitlines(keepends=True)
    made = []
    for number, (answer, check, names) in enumerate(found, 1):
        right = cells[answer]["metadata"].pop("answers", None)
        if not right:
            raise ValueError(f"{Path(lesson).name}: the answer cell {answer} has no metadata 'answers'")
        worked = "\n".join("# " + line if line.strip() else "#" for line in solutions.get(answer, "").splitlines())
        given = "\n".join(f"{name} = {expression}" for name, expression in right[0].items())
        cells[answer]["source"] = (lessons.source(cells[answer]).rstrip("\n") + "\n### BEGIN SOLUTION\n"
                                   + (worked + "\n" if worked else "") + given + "\n### END SOLUTION\n"
                                   ).splitlines(keepends=True)
        cells[answer]["metadata"]["nbgrader"] = _grader(f"exercise-{number}-answer", solution=True)
        cells[check]["metadata"]["nbgrader"] = _grader(f"exercise-{number}-check", locked=True)
        made.append((check, _code(f"exercise-{number}-grade",
                                  HIDDEN_TEST.format(number=number, points=POINTS, check=lessons.source(cells[check])),
                                  _grader(f"exercise-{number}-grade", grade=True, locked=True, points=POINTS))))
    for check, cell in reversed(made):
        cells.insert(check + 1, cell)
    notebook["cells"] = [cell for cell in cells if cell["cell_type"] != "markdown" or lessons.source(cell).strip()]
    return notebook


def course(root, notebooks=None):
    """Write the course directory `root`: nbgrader_config.py and source/<name>/<name>.ipynb; return the names."""
    root = Path(root).resolve()
    root.mkdir(parents=True, exist_ok=True)
    (root / "nbgrader_config.py").write_text(CONFIG.format(root=str(root), db=str(root / "gradebook.db")))
    names = []
    for lesson in notebooks or sorted(NOTEBOOKS.glob("0[1-9]-*.ipynb")):
        made = source_notebook(lesson)
        if made is None:
            continue
        name = Path(lesson).stem
        folder = root / "source" / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.ipynb").write_text(json.dumps(made, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        names.append(name)
    return names


def nbgrader(root, *args):
    """Run an nbgrader command in the course directory `root`; its output, or an error naming the command."""
    here = str(Path(sys.executable).parent)   # nbgrader runs alembic, a command beside this Python
    env = dict(os.environ, PATH=here + os.pathsep + os.environ.get("PATH", ""))
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=root, capture_output=True, text=True, env=env)
    if done.returncode:
        raise RuntimeError(f"nbgrader {' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout + done.stderr


def release(root, names):
    """The student copies: COURSE/release/<name>/<name>.ipynb, with no answer and no worked solution."""
    for name in names:
        nbgrader(root, "generate_assignment", name, "--force")


def grade(root, names, submissions):
    """Collect FOLDER/<student>/<name>/ into COURSE/submitted/, autograde, export COURSE/grades.csv; return its path."""
    root, submissions = Path(root).resolve(), Path(submissions).resolve()
    students = sorted(p.name for p in submissions.iterdir() if p.is_dir())
    for student in students:
        for name in names:
            given = submissions / student / name
            if given.is_dir():
                shutil.copytree(given, root / "submitted" / student / name, dirs_exist_ok=True)
    for student in students:
        nbgrader(root, "db", "student", "add", student)
    handed_in = [name for name in names if any((submissions / student / name).is_dir() for student in students)]
    for name in names:
        nbgrader(root, "db", "assignment", "add", name)
        if name not in handed_in:   # mid-term: released, nothing handed in yet (nbgrader would fail on it)
            print(f"{name}: no submissions in {submissions}, not graded")
            continue
        nbgrader(root, "autograde", name, "--force")
    nbgrader(root, "export", "--to", str(root / "grades.csv"))
    return root / "grades.csv"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("course", type=Path, help="the course directory to write (made if missing)")
    parser.add_argument("--submissions", type=Path, help="a folder <student>/<assignment>/<assignment>.ipynb to grade")
    parser.add_argument("lessons", nargs="*", type=Path, help="lessons to make assignments of (default: all)")
    args = parser.parse_intermixed_args(argv)
    names = course(args.course, args.lessons or None)
    release(args.course, names)
    print(f"{len(names)} assignments: {', '.join(names)}; student copies in {args.course / 'release'}")
    if args.submissions:
        print(f"grades: {grade(args.course, names, args.submissions)}")


if __name__ == "__main__":
    sys.exit(main())
