"""Assignments from the lessons, for nbgrader: each lesson's exercises for marks, graded in parallel, with feedback.

    python tools/assignments.py COURSE                         # the course directory, its source and release
    python tools/assignments.py COURSE --submissions FOLDER    # ... and grades.csv and feedback/, in COURSE

The lessons stay the one source, and the exercises are declared once, in perceptron_lib/course/exercises.py:
the k-th exercise of lesson NN is "NN.k", with its title, its points and its answers. Each lesson with
exercises becomes an nbgrader assignment ("05-convergence-theorem", ...), a notebook of its exercises
only (the lesson itself is where a student reads and practises):

- the lesson's title, and its import cell (`import numpy as np`, `import perceptron_lib as pl`);
- for each exercise, its text as the lesson gives it, from its heading ("**2. ...**" or
  "### Exercise 1 · ...") to its answer cell; a code cell there (lesson 09 shows a run's mistakes α_k
  in one) comes as the output the lesson stores, a table, so that the copy holds no code to run but
  the student's;
- its answer cell (`my_R, my_gamma, my_bound = None, None, None`), a solution cell: the line stays for
  the student, and a solution region, left out of the student copy, holds the right answer as the text
  asks for it (the cell's metadata "answers") and the lesson's worked solution, as comments;
- a public test, read-only, in place of the lesson's check: it says whether the answer will be read
  (`form_verdict`: a number where a number is asked, ...), not whether it is right;
- a hidden test worth the exercise's points, named by its title: the cell's first line
  ("# Exercise 1: R, γ and the bound for AND"), where the feedback and grades.csv read it, its
  grade_id spelled in the letters nbgrader allows (`item_id`). It holds the right answers as values,
  written here from the declaration, and passes them to `verdict`, so that grading computes no answer
  (a code exercise, 02.4 and 03.4, has no value to write: the library's judge runs the student's
  function). A wrong answer raises NotYet, which IPython shows as its message (✓ or ✗ per answer and
  the lesson's hint), not as a traceback.

Then `nbgrader generate_assignment` writes the student copies into COURSE/release/: none of them holds
a right answer, a worked solution or code that computes one. With --submissions,
FOLDER/<student>/<assignment>/<assignment>.ipynb are collected into COURSE/submitted/, each hidden
test put back where the student left its cell as released (`collect`), and graded by nbgrader's
autograde, one submission per core at a time (`autograde`); `nbgrader generate_feedback` writes each
student's feedback, COURSE/feedback/<student>/<assignment>/<assignment>.html, with the template
tools/templates/feedback (each exercise by its title, its points and hint, no test code, no
traceback); and COURSE/grades.csv holds one row per student, a column per exercise and the total, for a
learning platform (`grades_table`). nbgrader is an instructor's tool: `pip install -e ".[instructor]"`;
a student installs nothing of it.
"""
import argparse
import csv
import json
import os
import pprint
import re
import shutil
import subprocess
import sys
import unicodedata
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lessons  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TEMPLATES = ROOT / "tools" / "templates"   # feedback/: the feedback's template, in place of nbgrader's of that name
WORKED = re.compile(r"<details>\s*<summary>\s*A worked solution[^<]*</summary>(.*?)</details>\s*", re.S | re.I)
STUB = "# Your answer: put it in place of None above."
IMPORTS = ("import numpy as np", "import perceptron_lib as pl")
CONFIG = f'''# nbgrader's settings for the perceptron course (written by tools/assignments.py)
c = get_config()
c.CourseDirectory.root = {{root!r}}
c.CourseDirectory.db_url = "sqlite:///" + {{db!r}}
c.ClearSolutions.code_stub = {{{{"python": {STUB!r}}}}}
c.Execute.timeout = 60   # an exercise's cell takes well under a second: this stops a student's endless loop
# the feedback (its template "feedback" is the course's, for the command and the formgrader's button alike):
# each exercise by its title, the lesson's hint, no test code, no traceback, no 117 kB of Bootstrap
c.HTMLExporter.extra_template_basedirs = [{str(TEMPLATES)!r}]
'''
PUBLIC_TEST = '''# Will your answer be read? Whether it is right is marked when your work is graded.
from perceptron_lib.course.exercises import form_verdict
yours = [globals().get(name) for name in {names}]   # a name not set counts as None
form = form_verdict({key}, *yours)
if form.status == "ready":
    print({ready}
          " It is marked when your work is graded.")
else:
    print(form.message)
'''
HIDDEN_TEST = '''# {title}
# {points} points, marked when your work is graded.
### BEGIN HIDDEN TESTS
from perceptron_lib.course.exercises import verdict


class NotYet(Exception):
    """Not (yet) right: IPython shows its message, the lesson's words, not a traceback."""
    def _render_traceback_(self):
        return str(self).splitlines()


yours = [globals().get(name) for name in {names}]
{call}
marks = ", ".join(("✓ " if ok else "✗ ") + label for ok, label in zip(found.marks, {labels}))
if found.status == "missing":
    raise NotYet(f"No answer: {{found.field}} is None.")
if found.status == "form":
    raise NotYet(f"Not read: {{found.message}}")   # the form asked
if found.status == "wrong":
    raise NotYet(f"{{marks}}\\nNot yet: {{found.message}}")   # the lesson's hint for the first wrong answer
print(f"{{marks}}\\n{{found.message}}".strip())
### END HIDDEN TESTS
'''
RIGHT_CALL = '''# perceptron_lib.course.exercises.answers({key}), written when the assignment was made:
right = {right}
found = verdict({key}, *yours, right=right)'''
JUDGE_CALL = '''# the library's judge runs your function: perceptron_lib.course.exercises.answers({key})
found = verdict({key}, *yours)'''


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


def _cell(cell_type, cell_id, source, nbgrader=None):
    cell = {"cell_type": cell_type, "id": cell_id, "metadata": {"nbgrader": nbgrader} if nbgrader else {},
            "source": source.splitlines(keepends=True)}
    if cell_type == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def _plain(value):
    """`value` with numpy's numbers and arrays made Python's, tuples kept (a subset's items are tuples)."""
    if isinstance(value, np.ndarray):
        return _plain(value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    return value


def written_answers(key):
    """The right answers of exercise `key` as its hidden test writes them: Python's numbers, lists and tuples."""
    from perceptron_lib.course.exercises import answers

    return _plain(answers(key))


def _form(field):
    """The form a field's answer must have, in a few words ("a number", "a list of 3 numbers")."""
    if field.kind == "number":
        return "a whole number" if field.whole else "a number"
    if field.kind in ("vector", "weights"):
        return f"a list of {field.length} numbers"
    if field.kind == "choice":
        return "one of " + " or ".join(label for _, label in field.options)
    if field.kind == "subset":
        return "a list of some of " + ", ".join(label for _, label in field.options) + " (or none)"
    return "a function"


def _quoted(value):
    """`value` (a string or a list of strings) as a Python literal in double quotes."""
    return json.dumps(value, ensure_ascii=False)


def public_test(ex):
    """The source of exercise `ex`'s public test: whether its answers have the form asked (`form_verdict`)."""
    forms = "; ".join(f"{field.label}: {_form(field)}" for field in ex.fields)
    return PUBLIC_TEST.format(names=_quoted(list(ex.names)), key=_quoted(ex.key),
                              ready=_quoted(f"Your answer will be read ({forms})."))


def hidden_test(ex):
    """The source of exercise `ex`'s hidden test: `verdict` with the right answers written in as values."""
    if any(field.kind == "code" for field in ex.fields):
        call = JUDGE_CALL.format(key=_quoted(ex.key))
    else:
        right = pprint.pformat(written_answers(ex.key), width=100, compact=True).replace("\n", "\n" + " " * 8)
        call = RIGHT_CALL.format(right=right, key=_quoted(ex.key))
    return HIDDEN_TEST.format(title=ex.title, points=ex.points, names=_quoted(list(ex.names)),
                              labels=_quoted([field.label for field in ex.fields]), call=call)


def item_id(title):
    """nbgrader's grade_id for an exercise titled `title` (letters, digits and -): "Exercise-1-R-gamma-and-the-bound-for-AND".

    nbgrader refuses other characters in an id, so the title itself is the test cell's first line, a
    comment, where the feedback and grades.csv read it.
    """
    spelled = "".join(unicodedata.name(ch).split()[-1].lower() if ch.isalpha() and not ch.isascii() else ch
                      for ch in title)
    return re.sub(r"[^A-Za-z0-9]+", "-", spelled).strip("-")


def item_title(cell):
    """The title of the exercise a test cell marks: its first line, less the "# "."""
    return lessons.source(cell).split("\n", 1)[0].removeprefix("# ")


def _text_start(cells, after, answer, k):
    """(cell index, character) where exercise k's text starts: its heading, the last one before its answer cell."""
    heading = re.compile(rf"^(?:\*\*{k}\.|#+ *Exercise {k}\b)", re.M)
    for i in range(answer - 1, after - 1, -1):
        found = heading.search(lessons.source(cells[i])) if cells[i]["cell_type"] == "markdown" else None
        if found:
            return i, found.start()
    return None


def _shown(cell, where):
    """What a cell of an exercise's text shows: a text cell's text; for a code cell (a table the text
    needs), its output in the lesson as text, so that the student copy holds no code but the answers'."""
    if cell["cell_type"] == "markdown":
        return lessons.source(cell)
    shown = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "text/markdown" in data or "text/html" in data:
            shown.append("".join(data.get("text/markdown") or data["text/html"]))
        elif "text/plain" in data or output.get("output_type") == "stream":
            shown.append("```\n" + "".join(data.get("text/plain") or output.get("text", "")).rstrip("\n") + "\n```")
        else:
            raise ValueError(f"{where}: its text needs a code cell whose output is not text ({', '.join(data)})")
    return "\n\n".join(shown)


def _worked_solution(cells, check, answers):
    """The text of the worked solution after the check cell `check` (before the next exercise), or ""."""
    for k in range(check + 1, len(cells)):
        if k in answers:
            return ""
        fold = WORKED.search(lessons.source(cells[k]))
        if fold:
            return fold.group(1).strip()
    return ""


def _solution(cells, answer, check, answers, where):
    """The source of an answer cell with its solution region: the worked solution as comments, the right answer."""
    right = cells[answer]["metadata"].get("answers")
    if not right:
        raise ValueError(f"{where}: the answer cell has no metadata 'answers'")
    worked = "\n".join("# " + line if line.strip() else "#"
                       for line in _worked_solution(cells, check, answers).splitlines())
    given = "\n".join(f"{name} = {expression}" for name, expression in right[0].items())
    return (lessons.source(cells[answer]).rstrip("\n") + "\n### BEGIN SOLUTION\n"
            + (worked + "\n" if worked else "") + given + "\n### END SOLUTION\n")


def _title(lesson, cells, count):
    """The assignment's first cell: the lesson's title, and where the lesson is."""
    title = lessons.source(cells[0]).splitlines()[0].lstrip("# ").strip()
    return _cell("markdown", "title", f"# {title}: exercises\n\n"
                 f"The lesson itself, `{lesson.name}` (or its page on the course website), is where you read and "
                 f"practise; this notebook holds its {count} exercises for marks, and the sections and names "
                 "they mention are the lesson's. Run the cells from the top. Put each answer in place of None, "
                 "keeping its name, and run the cell under it: it tells you whether your answer will be read. "
                 "Whether it is right is marked when your work is graded: your feedback gives each exercise's "
                 "points and, for a wrong answer, the lesson's hint.")


def source_notebook(lesson):
    """The nbgrader source notebook of `lesson` (a path): its exercises, as a dict; None if it has none.

    A ValueError names an exercise that is not declared in perceptron_lib.course.exercises, or declared with
    other names than the lesson's answer cell sets, or whose text or answers the lesson lacks.
    """
    from perceptron_lib.course.exercises import exercise

    lesson = Path(lesson)
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    found = exercises(notebook)
    if not found:
        return None
    cells = notebook["cells"]
    made = [_title(lesson, cells, len(found)),
            _cell("code", "imports", "\n".join(IMPORTS) + "\n", _grader("imports", locked=True))]
    answers, after = {a for a, _, _ in found}, 0
    for k, (answer, check, names) in enumerate(found, 1):
        ex, where = exercise(f"{lesson.name[:2]}.{k}"), f"{lesson.name}, exercise {k}"
        if lessons.exercise_key(cells[check]) not in (None, ex.key):
            raise ValueError(f"{where}: its check cell checks {lessons.exercise_key(cells[check])}, not {ex.key}")
        if tuple(names) != ex.names:
            raise ValueError(f"{where}: the answer cell sets {', '.join(names)}; perceptron_lib.course.exercises "
                             f"declares {ex.key} with {', '.join(ex.names)}")
        start = _text_start(cells, after, answer, k)
        if start is None:
            raise ValueError(f"{where}: no text (a line '**{k}. ...' or '### Exercise {k} ...' before its answer cell)")
        made += [_cell("markdown", f"exercise-{k}-text-{i}",
                       lessons.source(cells[i])[start[1]:] if i == start[0] else _shown(cells[i], where))
                 for i in range(start[0], answer)]
        made += [_cell("code", f"exercise-{k}-answer", _solution(cells, answer, check, answers, where),
                       _grader(f"exercise-{k}-answer", solution=True)),
                 _cell("code", f"exercise-{k}-form", public_test(ex), _grader(f"exercise-{k}-form", locked=True)),
                 _cell("code", f"exercise-{k}-grade", hidden_test(ex),
                       _grader(item_id(ex.title), grade=True, locked=True, points=ex.points))]
        after = check + 1
    metadata = {key: notebook["metadata"][key] for key in ("kernelspec", "language_info") if key in notebook["metadata"]}
    return {"cells": made, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


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
    """The student copies: COURSE/release/<name>/<name>.ipynb, with no answer, no worked solution, no hidden test."""
    for name in names:
        nbgrader(root, "generate_assignment", name, "--force")


def _notebook(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _hidden_parts(root, name):
    """{grade_id: (source as released, source with its hidden tests)} of the test cells whose hidden tests were left out."""
    made = {c["metadata"]["nbgrader"]["grade_id"]: lessons.source(c)
            for c in _notebook(root / "source" / name / f"{name}.ipynb")["cells"]
            if c["metadata"].get("nbgrader", {}).get("grade") and not c["metadata"]["nbgrader"]["solution"]}
    released = {c["metadata"]["nbgrader"]["grade_id"]: lessons.source(c)
                for c in _notebook(root / "release" / name / f"{name}.ipynb")["cells"] if "nbgrader" in c["metadata"]}
    return {cell_id: (released[cell_id], source) for cell_id, source in made.items()
            if cell_id in released and released[cell_id] != source}


def collect(root, names, submissions):
    """Copy FOLDER/<student>/<name>/ into COURSE/submitted/, hidden tests in place; return {name: [students]}.

    nbgrader puts back a read-only cell that differs from its source, and warns ("Attribute 'checksum'
    for cell ... has changed!"). A hidden test cell always differs: the student's copy never held its
    hidden part. So each one a student left as released gets its hidden part back here, and nbgrader
    warns only about the cells a student did change (and puts them back).
    """
    root, submissions = Path(root).resolve(), Path(submissions).resolve()
    students = sorted(p.name for p in submissions.iterdir() if p.is_dir())
    handed_in = {}
    for name in names:
        hidden = None
        for student in students:
            given = submissions / student / name
            if not given.is_dir():
                continue
            target = root / "submitted" / student / name
            shutil.copytree(given, target, dirs_exist_ok=True)
            handed_in.setdefault(name, []).append(student)
            if not (target / f"{name}.ipynb").is_file():
                continue   # nbgrader says what is missing
            hidden = _hidden_parts(root, name) if hidden is None else hidden
            try:
                notebook = _notebook(target / f"{name}.ipynb")
            except ValueError:
                continue   # not a notebook: nbgrader says so
            for cell in notebook.get("cells", []):
                cell_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
                if cell_id in hidden and lessons.source(cell) == hidden[cell_id][0]:
                    cell["source"] = hidden[cell_id][1].splitlines(keepends=True)
            (target / f"{name}.ipynb").write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    return handed_in


def _quiet():
    """A grading worker's start: its stderr, where the kernels and SQLAlchemy write their notices, goes nowhere
    (nbgrader's log and errors come back in each grading's result)."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)


def _autograde(root, name, student):
    """`nbgrader autograde NAME --student STUDENT --force` in this process: {"success", "log", "error"}."""
    from nbgrader.converters import Autograde
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.utils import capture_log
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    app = Autograde(coursedir=CourseDirectory(config=config, assignment_id=name, student_id=student), config=config)
    app.force = True
    return capture_log(app)


def autograde(root, jobs, workers=None):
    """`nbgrader autograde` each (assignment, student) of `jobs`, `workers` at a time (default: one per core).

    Each worker is a process that imports nbgrader once and grades one submission after another (nbgrader's
    own command would start Python and import nbgrader again for each, 2 s a student). A grading writes
    its grades to the sqlite gradebook, which lets one writer in at a time and makes the others wait; a
    grading that waited longer than sqlite does (5 s) is run again, alone. Returns {job: error} of the
    gradings that failed, and prints what nbgrader warned about (a read-only cell a student changed).
    """
    names, students = zip(*jobs) if jobs else ((), ())
    with ProcessPoolExecutor(workers or os.cpu_count(), initializer=_quiet) as pool:
        done = dict(zip(jobs, pool.map(_autograde, [root] * len(jobs), names, students)))
    for job, result in done.items():
        if not result["success"] and "database is locked" in result.get("error", ""):
            done[job] = _autograde(root, *job)
    for (name, student), result in done.items():
        for line in result.get("log", "").splitlines():
            if line.startswith("[WARNING]") and "Removing existing assignment" not in line:
                print(f"{student}, {name}: {line}")
    return {job: result.get("error") or result.get("log", "") for job, result in done.items() if not result["success"]}


def grades_table(root):
    """COURSE/grades.csv from the gradebook: one row per student, a column per exercise and the total; its path.

    A column is named by its lesson and the exercise's title ("05 Exercise 1: R, γ and the bound for AND"),
    in the order of the assignments and their exercises; an exercise a student did not hand in is empty.
    """
    from nbgrader.api import Gradebook, MissingEntry

    root = Path(root).resolve()
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as book:
        items = []   # (assignment, grade_id, title)
        for assignment in sorted(book.assignments, key=lambda a: a.name):
            source = root / "source" / assignment.name / f"{assignment.name}.ipynb"
            if assignment.submissions and source.is_file():
                items += [(assignment.name, cell["metadata"]["nbgrader"]["grade_id"], item_title(cell))
                          for cell in _notebook(source)["cells"] if cell["metadata"].get("nbgrader", {}).get("grade")]
        rows = []
        for student in sorted(book.students, key=lambda s: s.id):
            scores = []
            for assignment, cell_id, _ in items:
                try:
                    scores.append(book.find_grade(cell_id, assignment, assignment, student.id).score)
                except MissingEntry:
                    scores.append(None)
            total = sum(score for score in scores if score is not None)
            rows.append([student.id, *("" if s is None else f"{s:g}" for s in scores), f"{total:g}"])
    path = root / "grades.csv"
    with path.open("w", newline="", encoding="utf-8") as out:
        table = csv.writer(out)
        table.writerow(["student", *(f"{assignment[:2]} {title}" for assignment, _, title in items), "total"])
        table.writerows(rows)
    return path


def grade(root, names, submissions, workers=None):
    """Grade FOLDER/<student>/<name>/: autograde in parallel, feedback, COURSE/grades.csv; return its path.

    A released lesson with no submissions yet is skipped, with a line saying so. A submission nbgrader
    cannot grade is named, with nbgrader's words, after the others are graded (a RuntimeError).
    """
    root = Path(root).resolve()
    handed_in = collect(root, names, submissions)
    graded = []
    for name in names:
        if name not in handed_in:   # mid-term: released, nothing handed in yet (nbgrader would fail on it)
            print(f"{name}: no submissions in {submissions}, not graded")
        else:
            graded.append(name)
    errors = autograde(root, [(name, student) for name in graded for student in handed_in[name]], workers)
    for name in graded:
        nbgrader(root, "generate_feedback", name, "--force")
    path = grades_table(root)
    if errors:
        raise RuntimeError("not graded:\n" + "\n".join(f"{student}, {name}: {error}"
                                                        for (name, student), error in errors.items()))
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("course", type=Path, help="the course directory to write (made if missing)")
    parser.add_argument("--submissions", type=Path, help="a folder <student>/<assignment>/<assignment>.ipynb to grade")
    parser.add_argument("--workers", type=int, help="submissions graded at once (default: one per core)")
    parser.add_argument("lessons", nargs="*", type=Path, help="lessons to make assignments of (default: all)")
    args = parser.parse_intermixed_args(argv)
    names = course(args.course, args.lessons or None)
    release(args.course, names)
    print(f"{len(names)} assignments: {', '.join(names)}; student copies in {args.course / 'release'}")
    if args.submissions:
        print(f"grades: {grade(args.course, names, args.submissions, args.workers)}; "
              f"feedback: {args.course / 'feedback'}/<student>/<assignment>/")


if __name__ == "__main__":
    sys.exit(main())
