"""How long nbgrader takes to grade one submission of each assignment (tools/assignments.py).

    python benchmarks/grading.py            # every lesson with exercises
    python benchmarks/grading.py notebooks/05-convergence-theorem.ipynb

Makes a course directory in a temporary folder, hands in one submission per lesson with every answer
right (the answers in the lessons' metadata), and times `nbgrader autograde` for each lesson: the
time is mostly the lesson itself, run top to bottom. Prints, per lesson, its exercises, points and
seconds, and the time of one `python -m json` start as a reference run alongside (the machine's speed).
"""
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
import assignments  # noqa: E402
from test_assignments import handed_in  # noqa: E402


def main(argv):
    lessons = [Path(p) for p in argv] or sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
    with tempfile.TemporaryDirectory() as tmp:
        course, handed = Path(tmp) / "course", Path(tmp) / "in"
        names = assignments.course(course, lessons)
        assignments.release(course, names)
        rows = []
        for lesson, name in zip(lessons, names):
            notebook = json.loads(lesson.read_text(encoding="utf-8"))
            right = [notebook["cells"][a]["metadata"]["answers"][0] for a, _, _ in assignments.exercises(notebook)]
            student = json.loads((course / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8"))
            folder = course / "submitted" / "ada" / name
            folder.mkdir(parents=True)
            (folder / f"{name}.ipynb").write_text(json.dumps(handed_in(student, right, {})), encoding="utf-8")
            assignments.nbgrader(course, "db", "assignment", "add", name)
            if not rows:
                assignments.nbgrader(course, "db", "student", "add", "ada")
            start = time.perf_counter()
            assignments.nbgrader(course, "autograde", name, "--force")
            seconds = time.perf_counter() - start
            reference = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import json"], check=True)
            reference = time.perf_counter() - reference
            rows.append((name, len(right), assignments.POINTS * len(right), seconds, seconds / reference))
    print(f"{'assignment':32} exercises points  seconds  (ratio to a bare Python start)")
    for name, exercises, points, seconds, ratio in rows:
        print(f"{name:32} {exercises:9} {points:6} {seconds:8.1f}  ({ratio:.0f}x)")


if __name__ == "__main__":
    main(sys.argv[1:])
