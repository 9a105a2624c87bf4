"""How long grading a class takes (tools/assignments.py): N students' submissions of one lesson.

    python benchmarks/grading.py                          # 10 students of lesson 05, one worker per core
    python benchmarks/grading.py --students 20 notebooks/06-gradient-descent.ipynb
    python benchmarks/grading.py --students 100           # the class of 100 itself

Makes a course directory in a temporary folder, releases the lesson, hands in N copies of the student
copy with every answer right (the lesson's metadata "answers": every hidden test runs to its end, and
a solved exercise says what the lesson adds, the slowest case), and times the steps of
`assignments.grade`: collecting the submissions, `nbgrader autograde` (one worker per core, or
--workers), `nbgrader generate_feedback` and grades.csv. Prints each step's seconds, the seconds per
student, and what a class of 100 takes at that rate (every step counted per student, so an upper
estimate from a small N). As a reference, the seconds a student costs are also given as a ratio to
what no grading can save, a kernel started and `import perceptron_lib` run in it, once (autograde runs
one kernel per submission); and the machine's load average before and after: the machine is shared,
and the times vary with what else runs.

Before issue 41 (item 4) the assignment was the whole lesson, run top to bottom for each student by
its own `nbgrader autograde`, one student after another: 10-25 s a student for lesson 05 and 7-11 s
for lesson 06 (two runs of the old benchmark on this machine, 2 cores, load average 4-5 from other
work), so 17-40 minutes for 100 students of lesson 05. After, on the same machine as busy: 2.1 s a
student for 100 students of lesson 05, 3.5 minutes in all (autograde 197 s, feedback 13 s), and 1.2 s
a student for 20 of lesson 06.
"""
import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
import assignments  # noqa: E402
from test_assignments import handed_in, right_answers  # noqa: E402


def kernel_start():
    """Seconds to start a kernel and import perceptron_lib in it: the least a grading can cost."""
    from jupyter_client.manager import start_new_kernel

    start = time.perf_counter()
    manager, client = start_new_kernel(kernel_name="python3", stderr=subprocess.DEVNULL)
    client.execute_interactive("import perceptron_lib", timeout=60)
    seconds = time.perf_counter() - start
    client.stop_channels()
    manager.shutdown_kernel()
    return seconds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lesson", nargs="?", type=Path, default=ROOT / "notebooks" / "05-convergence-theorem.ipynb")
    parser.add_argument("--students", type=int, default=10)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    args = parser.parse_args(argv)
    load, reference = os.getloadavg()[0], kernel_start()
    with tempfile.TemporaryDirectory() as tmp:
        course, handed = Path(tmp) / "course", Path(tmp) / "handed-in"
        (name,) = assignments.course(course, [args.lesson])
        assignments.release(course, [name])
        student = json.loads((course / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8"))
        submission = json.dumps(handed_in(student, right_answers(args.lesson), {}))
        students = [f"student{k:03}" for k in range(args.students)]
        for who in students:
            (handed / who / name).mkdir(parents=True)
            (handed / who / name / f"{name}.ipynb").write_text(submission, encoding="utf-8")
        steps, start = {}, time.perf_counter()
        handed_in_now = assignments.collect(course, [name], handed)
        steps["collect"] = time.perf_counter() - start
        with contextlib.redirect_stdout(io.StringIO()):
            errors = assignments.autograde(course, [(name, who) for who in handed_in_now[name]], args.workers)
        steps["autograde"] = time.perf_counter() - start - sum(steps.values())
        assignments.nbgrader(course, "generate_feedback", name, "--force")
        steps["feedback"] = time.perf_counter() - start - sum(steps.values())
        grades = assignments.grades_table(course).read_text(encoding="utf-8").splitlines()
        steps["grades.csv"] = time.perf_counter() - start - sum(steps.values())
    if errors or len(grades) != args.students + 1:
        raise RuntimeError(f"grading failed: {errors}")
    total = sum(steps.values())
    print(f"{name}: {args.students} students, {args.workers} workers on {os.cpu_count()} cores; "
          f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    for step, seconds in steps.items():
        print(f"  {step:11} {seconds:7.1f} s   {seconds / args.students:5.2f} s a student")
    print(f"  {'in all':11} {total:7.1f} s   {total / args.students:5.2f} s a student "
          f"({total / args.students / reference:.1f}x a kernel that imports perceptron_lib, {reference:.2f} s); "
          f"100 students: {100 * total / args.students / 60:.1f} minutes at this rate")


if __name__ == "__main__":
    main()
