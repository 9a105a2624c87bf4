"""The assignments' round trip with nbgrader (tools/assignments.py), for every lesson with exercises.

Slow (every submission is run top to bottom by `nbgrader autograde`), so it lives with the
end-to-end tests, which CI runs once. For each lesson: the source notebook follows the lesson (a
drift test); `nbgrader generate_assignment` makes a student copy with no right answer and no
worked solution in it; then two students hand in: one with every answer as the exercise asks
(full points), one whose odd-numbered exercises are wrong, raise, are left empty or have the wrong
type (in turn, over the lessons) and whose even-numbered ones are right: exactly the odd ones' points
are lost, and the grading run does not stop. The scores come from nbgrader's gradebook and its CSV
export.
"""
import csv
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import assignments  # noqa: E402
import lessons  # noqa: E402

pytest.importorskip("nbgrader", reason="nbgrader is the instructor's extra: pip install -e '.[instructor]'")

LESSONS = [p for p in sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
           if assignments.exercises(json.loads(p.read_text(encoding="utf-8")))]
BROKEN = ["wrong", "raises", "empty", "type"]   # what the second student does to odd exercises, in turn


def handed_in(student_copy, right, kinds):
    """A submission: the student copy with each exercise answered as `kinds` says (default right)."""
    notebook = json.loads(json.dumps(student_copy))
    for cell in notebook["cells"]:
        found = re.match(r"exercise-(\d+)-answer", cell["metadata"].get("nbgrader", {}).get("grade_id", ""))
        if not found:
            continue
        number = int(found.group(1))
        kind, names = kinds.get(number, "right"), right[number - 1]
        lines = {"right": [f"{name} = {value}" for name, value in names.items()],
                 "wrong": [f"{name} = 12345" for name in names],
                 "raises": ["raise ValueError('not sure yet')"],
                 "empty": [],
                 "type": [f"{name} = 'abc'" for name in names]}[kind]
        cell["source"] = "".join(cell["source"]) + "".join(line + "\n" for line in lines)
    return notebook


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The course directory after release and grading of two students, and what they handed in."""
    course = tmp_path_factory.mktemp("course")
    names = assignments.course(course, LESSONS)
    assignments.release(course, names)
    submissions, broken = tmp_path_factory.mktemp("submissions"), {}
    for lesson, name in zip(LESSONS, names):
        answer_cells = assignments.exercises(json.loads(lesson.read_text(encoding="utf-8")))
        right = [json.loads(lesson.read_text(encoding="utf-8"))["cells"][a]["metadata"]["answers"][0]
                 for a, _, _ in answer_cells]
        student = json.loads((course / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8"))
        broken[name] = {k: BROKEN[(k // 2 + len(broken)) % len(BROKEN)] for k in range(1, len(right) + 1, 2)}
        for who, kinds in (("ada", {}), ("bob", broken[name])):
            folder = submissions / who / name
            folder.mkdir(parents=True)
            (folder / f"{name}.ipynb").write_text(json.dumps(handed_in(student, right, kinds)), encoding="utf-8")
    grades = assignments.grade(course, names, submissions)
    return course, names, broken, grades


def test_every_lesson_with_exercises_is_an_assignment_and_the_guide_says_its_points():
    import navigation

    assert [p.name[:2] for p in LESSONS] == [f"{k:02}" for k in range(1, 10)]
    assert "(docs/instructors.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert navigation.update(check=True) == []   # the guide's plan is up to date


def test_the_source_notebook_follows_the_lesson(tmp_path):
    """Drift: the source is made from the lesson each time, so it holds the lesson's cells and its exercises."""
    for lesson in LESSONS:
        original = json.loads(lesson.read_text(encoding="utf-8"))
        made = assignments.source_notebook(lesson)
        grade_cells = [c for c in made["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
        assert len(grade_cells) == len(assignments.exercises(original))
        kept = [lessons.source(c) for c in original["cells"] if c["cell_type"] == "code" and not lessons.answer_names(c)]
        assert all(any(lessons.source(c) == k for c in made["cells"]) for k in kept), lesson.name


def test_a_student_copy_holds_no_answer_and_no_worked_solution(graded):
    course, names, _, _ = graded
    for lesson, name in zip(LESSONS, names):
        text = (course / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8")
        assert "<summary>A worked solution" not in text and "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text
        assert '"answers"' not in text
        original = json.loads(lesson.read_text(encoding="utf-8"))
        for answer, _, _ in assignments.exercises(original):
            for student_name, expression in original["cells"][answer]["metadata"]["answers"][0].items():
                assert f"{student_name} = {expression}" not in text, (name, student_name, expression)


def test_right_answers_get_full_points_and_each_broken_exercise_exactly_its_own(graded):
    from nbgrader.api import Gradebook

    course, names, broken, grades = graded
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        for name in names:
            for who in ("ada", "bob"):
                notebook = book.find_submission_notebook(name, name, who)
                scores = {g.name: g.score for g in notebook.grades}   # grade cell -> points given
                assert len(scores) == len(assignments.exercises(json.loads(
                    (ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))))
                for cell, score in scores.items():
                    number = int(cell.split("-")[1])
                    wanted = 0 if who == "bob" and number in broken[name] else assignments.POINTS
                    assert score == wanted, (name, who, broken[name].get(number), scores)
    rows = list(csv.DictReader(grades.open()))
    assert {(r["assignment"], r["student_id"]) for r in rows} == {(n, s) for n in names for s in ("ada", "bob")}
    kinds = {kind for broken_here in broken.values() for kind in broken_here.values()}
    assert kinds == set(BROKEN)   # every way of getting it wrong was graded somewhere
    for row in rows:
        lost = assignments.POINTS * len(broken[row["assignment"]]) if row["student_id"] == "bob" else 0
        assert float(row["score"]) == float(row["max_score"]) - lost


def test_a_released_lesson_with_no_submissions_yet_is_skipped_with_a_line(tmp_path, monkeypatch, capsys):
    """Mid-term, most released lessons have no submissions: grading the others must not fail on them."""
    calls = []
    monkeypatch.setattr(assignments, "nbgrader", lambda root, *args: calls.append(args) or "")
    (tmp_path / "handed-in" / "ada" / "02-learning-rule").mkdir(parents=True)
    assignments.grade(tmp_path / "course", ["01-threshold-units", "02-learning-rule"], tmp_path / "handed-in")
    assert ("autograde", "02-learning-rule", "--force") in calls
    assert not any(call[0] == "autograde" and call[1] == "01-threshold-units" for call in calls)
    assert "01-threshold-units: no submissions in" in capsys.readouterr().out
