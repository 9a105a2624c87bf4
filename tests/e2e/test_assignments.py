"""The assignments' round trip with nbgrader (tools/assignments.py), for every lesson with exercises.

Slow (every submission is run by `nbgrader autograde`), so it lives with the end-to-end tests, which
CI runs once. For each lesson: the assignment is the lesson's exercises, each from its declaration
(perceptron_lib/course/exercises.py: its title, points and answers); `nbgrader generate_assignment` makes a
student copy with no right answer, no worked solution and no code that computes one; then three
students hand in: ada with every answer as the text asks for it (full points), bob with the
odd-numbered answers wrong and the even ones right (exactly the odd ones' points lost), and cy with
answers that raise, have the wrong type, are left at None or do not compile (nothing). One more, dan,
changes a read-only cell of one lesson and is warned about, alone. The scores come from nbgrader's
gradebook and grades.csv; the feedback names each exercise, gives the lesson's hint, and shows no
traceback and no test code.
"""
import ast
import contextlib
import csv
import html
import io
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import assignments  # noqa: E402
import lessons  # noqa: E402
from perceptron_lib.course.exercises import EXERCISES, exercise, verdict  # noqa: E402

pytest.importorskip("nbgrader", reason="nbgrader is the instructor's extra: pip install -e '.[instructor]'")

LESSONS = [p for p in sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
           if assignments.exercises(json.loads(p.read_text(encoding="utf-8")))]
NOTHING = ["raises", "type", "empty", "syntax"]   # what cy does to exercise k, in turn
CHANGED = "06-gradient-descent"                   # the lesson where dan changes a read-only cell


def notebook(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def right_answers(lesson):
    """Each exercise's right answers as the text asks for them (the answer cell's metadata): the last of
    them, the least precise where there are several (the assignment's solution holds the first)."""
    cells = notebook(lesson)["cells"]
    return [cells[a]["metadata"]["answers"][-1] for a, _, _ in assignments.exercises(notebook(lesson))]


def handed_in(student_copy, right, kinds):
    """A submission: the student copy with exercise k answered as kinds[k] says (default "right")."""
    made = json.loads(json.dumps(student_copy))
    for cell in made["cells"]:
        found = re.fullmatch(r"exercise-(\d+)-answer", cell["metadata"].get("nbgrader", {}).get("grade_id", ""))
        if not found:
            continue
        number = int(found.group(1))
        kind, names = kinds.get(number, "right"), right[number - 1]
        lines = {"right": [f"{name} = {value}" for name, value in names.items()],
                 "wrong": [f"{name} = 12345" for name in names],
                 "raises": ["raise ValueError('not sure yet')"],
                 "type": [f"{name} = 'abc'" for name in names],
                 "empty": [],
                 "syntax": ["my_answer = (1, 2"]}[kind]
        cell["source"] = "".join(cell["source"]) + "".join(line + "\n" for line in lines)
    return made


def kinds_of(who, count):
    """What `who` does to each of `count` exercises."""
    if who == "bob":
        return {k: "wrong" for k in range(1, count + 1, 2)}
    if who == "cy":
        return {k: NOTHING[(k - 1) % len(NOTHING)] for k in range(1, count + 1)}
    return {}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The course directory after release and grading, and what grading printed."""
    course = tmp_path_factory.mktemp("course")
    names = assignments.course(course, LESSONS)
    assignments.release(course, names)
    submissions = tmp_path_factory.mktemp("submissions")
    for lesson, name in zip(LESSONS, names):
        student = notebook(course / "release" / name / f"{name}.ipynb")
        right = right_answers(lesson)
        for who in ("ada", "bob", "cy") + (("dan",) if name == CHANGED else ()):
            made = handed_in(student, right, kinds_of(who, len(right)))
            if who == "dan":   # changes the public test of exercise 1
                next(c for c in made["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == "exercise-1-form"
                     )["source"] = ["print('all good')\n"]
            folder = submissions / who / name
            folder.mkdir(parents=True)
            (folder / f"{name}.ipynb").write_text(json.dumps(made), encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()) as said:
        grades = assignments.grade(course, names, submissions)
    return course, names, grades, said.getvalue()


def test_every_lesson_with_exercises_is_an_assignment_and_the_guide_says_its_points():
    import navigation

    assert [p.name[:2] for p in LESSONS] == [f"{k:02}" for k in range(1, 10)]
    assert "(docs/instructors.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(ex.points > 0 for ex in EXERCISES)   # the guide's plan adds up the declarations' points
    assert navigation.update(check=True) == []   # the guide's plan is up to date


def test_every_setting_in_the_config_is_one_nbgrader_reads(tmp_path):
    """Each c.Class.option the config sets is a configurable trait of a class nbgrader or nbconvert uses."""
    from nbconvert.exporters import HTMLExporter
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.preprocessors import ClearSolutions, Execute

    classes = {c.__name__: c for c in (CourseDirectory, ClearSolutions, Execute, HTMLExporter)}
    set_here = re.findall(r"^c\.(\w+)\.(\w+) =", assignments.CONFIG, re.M)
    assert len(set_here) >= 4
    for name, option in set_here:
        assert option in classes[name].class_traits(config=True), (name, option)
    assert (assignments.TEMPLATES / "feedback" / "index.html.j2").is_file()   # in place of nbgrader's "feedback"


def test_the_assignment_is_the_lessons_exercises_each_from_its_declaration():
    """Drift: made from the lesson and the declarations each time: per exercise its text, answer cell,
    public test and hidden test, named and worth as declared; nothing else of the lesson."""
    for lesson in LESSONS:
        original, made = notebook(lesson), assignments.source_notebook(lesson)
        found = assignments.exercises(original)
        tests = [c for c in made["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
        assert len(tests) == len(found)
        assert sum(c["cell_type"] == "code" for c in made["cells"]) == 1 + 3 * len(found)   # imports; answer, public, hidden
        assert len(json.dumps(made)) < 30_000, lesson.name
        for k, ((answer, _, names), test) in enumerate(zip(found, tests), 1):
            ex = exercise(f"{lesson.name[:2]}.{k}")
            assert test["metadata"]["nbgrader"]["grade_id"] == assignments.item_id(ex.title)
            assert test["metadata"]["nbgrader"]["points"] == ex.points
            assert assignments.item_title(test) == ex.title
            assert lessons.source(original["cells"][answer]).strip() in "".join(
                lessons.source(c) for c in made["cells"] if c["cell_type"] == "code")
            text = "\n".join(lessons.source(c) for c in made["cells"] if c["cell_type"] == "markdown")
            assert re.search(rf"(\*\*{k}\.|Exercise {k}\b)", text), (lesson.name, k)


def test_the_hidden_tests_hold_the_declared_answers_and_solve_the_lessons_right_answers():
    """The values written in each hidden test are the declaration's, and the lesson's right answers pass with them."""
    import numpy as np
    import perceptron_lib as pl

    for lesson in LESSONS:
        for k, given in enumerate(right_answers(lesson), 1):
            ex = exercise(f"{lesson.name[:2]}.{k}")
            source = assignments.hidden_test(ex)
            values = [eval(given[name], {"np": np, "pl": pl}) for name in ex.names]
            if "right = " in source:
                right = ast.literal_eval(re.search(r"^right = (.*?)\nfound", source, re.S | re.M).group(1))
                assert right == assignments.written_answers(ex.key)
                assert verdict(ex.key, *values, right=right).solved, ex.key
            else:   # a code exercise: the library's judge
                assert {f.kind for f in ex.fields} == {"code"} and "the library's judge" in source


def code_calls(text):
    """The names a notebook's code calls."""
    calls = set()
    for cell in json.loads(text)["cells"]:
        if cell["cell_type"] == "code":
            for node in ast.walk(ast.parse(lessons.source(cell))):
                if isinstance(node, ast.Call):
                    calls.add(node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "?"))
    return calls


def test_a_student_copy_holds_no_answer_and_no_code_that_computes_one(graded):
    course, names, _, _ = graded
    for lesson, name in zip(LESSONS, names):
        text = (course / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8")
        for hidden in ("BEGIN SOLUTION", "HIDDEN TESTS", "A worked solution", '"answers"', "right =", "NotYet"):
            assert hidden not in text, (name, hidden)
        assert code_calls(text) <= {"form_verdict", "globals", "get", "print"}, (name, code_calls(text))
        original = notebook(lesson)
        for k, (answer, _, _) in enumerate(assignments.exercises(original), 1):
            for given in original["cells"][answer]["metadata"]["answers"]:
                for student_name, expression in given.items():
                    assert f"{student_name} = {expression}" not in text, (name, student_name, expression)
            right = json.dumps(assignments.written_answers(f"{name[:2]}.{k}"), default=repr)
            for value in re.findall(r"-?\d+\.\d{3,}", right):   # the answers' values to many digits
                assert value not in text, (name, k, value)


def test_right_answers_get_full_points_and_each_wrong_one_loses_exactly_its_own(graded):
    from nbgrader.api import Gradebook

    course, names, _, _ = graded
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        for lesson, name in zip(LESSONS, names):
            titles = [exercise(f"{name[:2]}.{k}").title for k in range(1, len(right_answers(lesson)) + 1)]
            for who in ("ada", "bob", "cy"):
                scores = {g.name: g.score for g in book.find_submission_notebook(name, name, who).grades}
                assert set(scores) == {assignments.item_id(title) for title in titles}
                for k, title in enumerate(titles, 1):
                    lost = who == "cy" or (who == "bob" and k % 2 == 1)
                    worth = exercise(f"{name[:2]}.{k}").points
                    assert scores[assignments.item_id(title)] == (0 if lost else worth), (name, who, k)


def test_the_grades_are_one_row_per_student_with_a_column_per_exercise_and_the_total(graded):
    course, names, grades, _ = graded
    rows = list(csv.DictReader(grades.open(encoding="utf-8")))
    assert [row["student"] for row in rows] == ["ada", "bob", "cy", "dan"]
    worth = {f"{name[:2]} {ex.title}": ex.points for name in names for ex in EXERCISES if ex.key.startswith(name[:2] + ".")}
    columns = list(worth)
    assert list(rows[0]) == ["student", *columns, "total"]
    ada, bob, cy, dan = rows
    assert float(ada["total"]) == sum(ex.points for ex in EXERCISES)
    assert all(float(ada[column]) == worth[column] for column in columns)
    assert float(bob["total"]) == sum(ex.points for ex in EXERCISES if int(ex.key.split(".")[1]) % 2 == 0)
    assert float(cy["total"]) == 0
    assert [column for column in columns if dan[column] != ""] == [c for c in columns if c.startswith(CHANGED[:2])]
    assert float(dan["total"]) == sum(worth[c] for c in columns if c.startswith(CHANGED[:2]))


def test_the_feedback_names_each_exercise_gives_the_hint_and_shows_no_traceback_nor_test_code(graded):
    course, names, _, _ = graded
    for lesson, name in zip(LESSONS, names):
        right = right_answers(lesson)
        for who in ("ada", "bob", "cy"):
            path = course / "feedback" / who / name / f"{name}.html"
            page = html.unescape(path.read_text(encoding="utf-8"))
            assert path.stat().st_size < 100_000, (name, who, path.stat().st_size)
            assert "Bootstrap" not in page   # nbgrader's own template: 117 kB of style in every page
            page = re.sub(r"<style.*?</style>", "", page, flags=re.S)   # its words: code highlighting's "Generic.Traceback"
            for hidden in ("Traceback", "HIDDEN TESTS", "_render_traceback_"):   # no traceback, no test code
                assert hidden not in page, (name, who, hidden)
            for k in range(1, len(right) + 1):
                ex = exercise(f"{name[:2]}.{k}")
                assert ex.title in page
                if who == "bob" and k % 2 == 1:   # wrong: the lesson's hint
                    hint = verdict(ex.key, *[12345] * len(ex.names)).message
                    assert hint in page, (name, k, hint)
            if who == "cy":
                assert "ValueError: not sure yet" in page   # the student's own error, in one line


def test_only_a_read_only_cell_a_student_changed_is_warned_about_and_put_back(graded):
    course, _, _, said = graded
    warned = [line for line in said.splitlines() if "has changed" in line]
    assert warned and all(line.startswith(f"dan, {CHANGED}:") for line in warned), said
    autograded = notebook(course / "autograded" / "dan" / CHANGED / f"{CHANGED}.ipynb")
    public = next(c for c in autograded["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == "exercise-1-form")
    assert "form_verdict" in lessons.source(public)


def test_a_released_lesson_with_no_submissions_yet_is_skipped_with_a_line(tmp_path, monkeypatch, capsys):
    """Mid-term, most released lessons have no submissions: grading the others must not fail on them."""
    graded, commands = [], []
    monkeypatch.setattr(assignments, "autograde", lambda root, jobs, workers=None: graded.extend(jobs) or {})
    monkeypatch.setattr(assignments, "nbgrader", lambda root, *args: commands.append(args) or "")
    monkeypatch.setattr(assignments, "grades_table", lambda root: root / "grades.csv")
    (tmp_path / "handed-in" / "ada" / "02-learning-rule").mkdir(parents=True)
    assignments.grade(tmp_path / "course", ["01-threshold-units", "02-learning-rule"], tmp_path / "handed-in")
    assert graded == [("02-learning-rule", "ada")]
    assert commands == [("generate_feedback", "02-learning-rule", "--force")]
    assert "01-threshold-units: no submissions in" in capsys.readouterr().out
