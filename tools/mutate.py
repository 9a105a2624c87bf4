"""A mutation run: does a module's own test file notice when its code is changed a little?

    python tools/mutate.py rule                      # perceptron_lib/rule.py against tests/test_rule.py
    python tools/mutate.py training --tests tests/test_training.py tests/test_rule.py
    python tools/mutate.py batch --lines 140-160     # only the mutants on those lines
    python tools/mutate.py rule --list               # the mutants, not run

Run it on a core module before changing it (CONTRIBUTING.md): each core module's own test file should kill at
least 90% of its mutants; `--save` keeps the score of a whole run in tools/mutation_scores.json.

One small change at a time (a mutant): a comparison flipped (< and <=, > and >=, == and !=), + and - swapped,
* and / swapped, a whole-number constant nudged by one, `and` and `or` swapped, a condition negated (if, while
and conditional expressions), a `not` dropped, True and False swapped. Each mutant is written into a copy of
the package in a temporary folder, and the test files run on it in a child forked from this process (which has
imported numpy, matplotlib, scipy and pytest once), stopping at the first failure; only the tests that ran
the mutated function in an unmutated baseline run (traced) are run for a mutant (all of them for a change at
module level; none, and the mutant survives, for a function no test runs): a mutant is *killed* when a
test fails or it errs, *survives* when every test passes, and *times out* after `--timeout` seconds (counted
as killed: the change made a run endless). Docstrings and the text of messages are not mutated.

A survivor is a test that is missing, or an *equivalent* mutant: a change that cannot alter any result
(`x + 0.0` and `x - 0.0` on a value that is never -0.0, a bound that no input reaches). Equivalent survivors are
listed with the reason in tools/mutation_equivalent.txt (module:line:mutation, then the reason), and left out
of the score.
"""
import argparse
import ast
import copy
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "perceptron_lib"
EQUIVALENT = ROOT / "tools" / "mutation_equivalent.txt"
SCORES = ROOT / "tools" / "mutation_scores.json"

FLIP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
        ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}
SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
        ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr}


def _docstrings(tree):
    """The ids of string constants that are docstrings or f-string parts (never mutated)."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            skip.add(id(node.body[0].value))
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in ast.walk(node))
    return skip


def mutants(source):
    """[(line, description, mutated source)] for every single change of the source."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    sites = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in FLIP:
                    sites.append((node, "ops", i, FLIP[type(op)](), f"{type(op).__name__} -> {FLIP[type(op)].__name__}"))
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in SWAP:
            sites.append((node, "op", None, SWAP[type(node.op)](), f"{type(node.op).__name__} -> "
                                                                   f"{SWAP[type(node.op)].__name__}"))
        elif isinstance(node, ast.BoolOp):
            other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            sites.append((node, "op", None, other, f"{type(node.op).__name__} -> {type(other).__name__}"))
        elif isinstance(node, ast.Constant) and type(node.value) is int and not isinstance(node.value, bool):
            sites.append((node, "value", None, node.value + 1, f"{node.value} -> {node.value + 1}"))
        elif isinstance(node, ast.Constant) and type(node.value) is float:
            nudged = node.value + 1.0 if node.value == 0 else node.value * 2
            sites.append((node, "value", None, nudged, f"{node.value!r} -> {nudged!r}"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            sites.append((node, "value", None, not node.value, f"{node.value} -> {not node.value}"))
        elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
            sites.append((node, "test", None, ast.UnaryOp(op=ast.Not(), operand=node.test), "condition negated"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            sites.append((node, "drop-not", None, None, "not dropped"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            sites.append((node, "drop-not", None, None, "unary minus dropped"))
    result = []
    for node, field, index, new, description in sites:
        old = _apply(node, field, index, new)
        try:
            text = ast.unparse(tree)
        finally:
            _restore(node, field, index, old)
        result.append((node.lineno, description, text))
    return result


def _apply(node, field, index, new):
    if field == "ops":
        old = node.ops[index]
        node.ops[index] = new
        return old
    if field == "drop-not":
        old = (node.op, node.operand)
        node.op = ast.UAdd()   # +x: the operand itself (for bools: the value, an int, still truthy alike)
        return old
    old = getattr(node, field)
    setattr(node, field, new)
    return old


def _restore(node, field, index, old):
    if field == "ops":
        node.ops[index] = old
    elif field == "drop-not":
        node.op, node.operand = old
    else:
        setattr(node, field, old)


def equivalent(module):
    """{(line, description): reason} of the mutants of `module` judged equivalent (tools/mutation_equivalent.txt)."""
    found = {}
    if EQUIVALENT.exists():
        for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
            if line.startswith(f"{module}:"):
                _, number, description, reason = line.split(":", 3)
                found[(int(number), description.strip())] = reason.strip()
    return found


def run(module, tests, lines=None, timeout=60, show=print, jobs=1, sample=None):
    """Run the mutants of perceptron_lib/<module>.py against the test files; returns the outcomes.

    `jobs` children run at once, each on its own copy of the package; `sample` runs that many mutants drawn
    at random (seed 0) instead of all of them, for an estimate of the score on a busy machine.
    """
    import random
    import matplotlib
    matplotlib.use("Agg")
    import numpy  # noqa: F401  (imported once here, before the forks)
    import pytest  # noqa: F401
    import scipy  # noqa: F401
    import matplotlib.pyplot  # noqa: F401
    for heavy in ("hypothesis", "_hypothesis_pytestplugin", "scipy.optimize", "sklearn.linear_model", "ipywidgets"):
        try:   # what the test files import, once, before the forks
            __import__(heavy)
        except ImportError:
            pass
    path = PACKAGE / f"{module.replace('.', '/')}.py"
    source = path.read_text(encoding="utf-8")
    chosen = [m for m in mutants(source) if not lines or lines[0] <= m[0] <= lines[1]]
    if sample and sample < len(chosen):
        chosen = sorted(random.Random(0).sample(chosen, sample), key=lambda m: m[0])
    outcomes = []
    with tempfile.TemporaryDirectory() as folder:
        copies = []
        for j in range(jobs):
            root = Path(folder) / f"copy{j}"
            shutil.copytree(PACKAGE, root / "perceptron_lib", ignore=shutil.ignore_patterns("__pycache__"))
            copies.append((str(root), root / "perceptron_lib" / path.relative_to(PACKAGE)))
        # a baseline: the tests must pass on the copy as it is; it records which tests run which function
        coverage = Path(folder) / "coverage.json"
        start = time.time()
        pid = _start_tests(*copies[0], source, tests, timeout * 10, coverage=coverage)
        baseline = _outcome(os.waitpid(pid, 0)[1])
        if baseline != "survived":
            raise SystemExit(f"the tests do not pass on the unmutated package ({baseline}); fix them first")
        covered = {int(k): v for k, v in json.loads(coverage.read_text()).items()}
        functions = _functions(source)
        show(f"baseline: the tests pass ({time.time() - start:.1f} s, traced); {len(chosen)} mutants, {jobs} at once")
        running, free = {}, list(range(jobs))
        for number, description, text in chosen:
            span = functions.get(number)
            if span is None:          # module level: run at import, every test may depend on it
                selected = tests
            else:
                selected = sorted({test for line in range(span[0], span[1] + 1) for test in covered.get(line, ())})
                if _Tracer.IMPORT in selected:   # run while importing: any test may depend on it
                    selected = tests
            if not selected:
                outcomes.append((number, description, "survived"))
                show(f"{module}.py:{number}: {description}: survived (no test runs it)")
                continue
            while not free:
                _collect(running, free, outcomes, module, show)
            slot = free.pop()
            pid = _start_tests(*copies[slot], text, selected, timeout)
            running[pid] = (slot, number, description, len(selected), time.time())
        while running:
            _collect(running, free, outcomes, module, show)
    return sorted(outcomes)


def _collect(running, free, outcomes, module, show):
    pid, status = os.wait()
    if pid not in running:
        return
    slot, number, description, count, start = running.pop(pid)
    free.append(slot)
    outcome = _outcome(status)
    outcomes.append((number, description, outcome))
    show(f"{module}.py:{number}: {description}: {outcome} ({count} tests, {time.time() - start:.1f} s)")


def _functions(source):
    """{line: (first, last)} of the innermost function holding each line (lines outside functions absent)."""
    spans = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # the body only: a def line (and its defaults) runs at import, the body when the function is called
            first = node.body[0].lineno if isinstance(node.body, list) else node.body.lineno
            last = node.end_lineno
            for line in range(first, last + 1):
                if line not in spans or spans[line][1] - spans[line][0] > last - first:
                    spans[line] = (first, last)
    return spans


class _Tracer:
    """A pytest plugin that records, for each test, the lines of one file it runs (the baseline's coverage)."""

    IMPORT = "<import>"   # lines run while the test files were imported (class bodies, decorators, __init_subclass__)

    def __init__(self, filename):
        self.filename, self.current, self.lines = filename, self.IMPORT, {}

    def _local(self, frame, event, arg):
        if event == "line":
            self.lines.setdefault(frame.f_lineno, set()).add(self.current)
        return self._local

    def _global(self, frame, event, arg):
        return self._local if frame.f_code.co_filename == self.filename else None

    def pytest_sessionstart(self, session):
        sys.settrace(self._global)

    def pytest_runtest_setup(self, item):
        self.current = item.nodeid
        sys.settrace(self._global)

    def pytest_runtest_teardown(self, item):
        self.current = self.IMPORT


def _start_tests(folder, target, text, tests, timeout, coverage=None):
    """Fork a child that runs the tests on the copy at `folder`, with `text` as the module; returns its pid."""
    target.write_text(text, encoding="utf-8")
    pid = os.fork()
    if pid == 0:   # the child: import the mutated package from the copy, run the tests, exit with their code
        try:
            os.chdir(ROOT)
            sys.path.insert(0, folder)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            signal.alarm(timeout)
            import pytest
            plugins = [_Tracer(str(target))] if coverage else []
            code = pytest.main(["-x", "-q", "-p", "no:cacheprovider", "-p", "no:nbval", "-p", "no:anyio", "--no-header",
                                "-o", "addopts=", "-o", "pythonpath=tests", *tests], plugins=plugins)
            if coverage:
                coverage.write_text(json.dumps({line: sorted(ids) for line, ids in plugins[0].lines.items()}))
        except BaseException:
            code = 3
        os._exit(int(code))
    return pid


def _outcome(status):
    if os.WIFSIGNALED(status):
        return "timeout" if os.WTERMSIG(status) == signal.SIGALRM else "killed"
    code = os.WEXITSTATUS(status)
    return "survived" if code == 0 else ("no tests" if code == 5 else "killed")


def score(module, outcomes):
    """(killed, total, survivors, equivalent survivors) with equivalent survivors left out of the total."""
    known = equivalent(module)
    survivors = [(n, d) for n, d, o in outcomes if o == "survived" and (n, d) not in known]
    equal = [(n, d) for n, d, o in outcomes if o == "survived" and (n, d) in known]
    total = len(outcomes) - len(equal)
    return total - len(survivors), total, survivors, equal


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", help="a module of perceptron_lib, e.g. rule or plotting.runs")
    parser.add_argument("--tests", nargs="+", help="test files (default: tests/test_<module>.py)")
    parser.add_argument("--lines", help="first-last: only mutants on these lines")
    parser.add_argument("--timeout", type=int, default=60, help="seconds a mutant's tests may take")
    parser.add_argument("--list", action="store_true", help="list the mutants, do not run them")
    parser.add_argument("--save", action="store_true", help="keep the score in tools/mutation_scores.json")
    parser.add_argument("--jobs", type=int, default=1, help="children at once (each on its own copy)")
    parser.add_argument("--sample", type=int, help="run this many mutants drawn at random (seed 0), not all")
    args = parser.parse_args(argv)
    source = (PACKAGE / f"{args.module.replace('.', '/')}.py").read_text(encoding="utf-8")
    if args.list:
        for number, description, _ in mutants(source):
            print(f"{args.module}.py:{number}: {description}")
        return 0
    tests = args.tests or [f"tests/test_{args.module.split('.')[-1]}.py"]
    lines = tuple(int(v) for v in args.lines.split("-")) if args.lines else None
    outcomes = run(args.module, tests, lines, args.timeout, jobs=args.jobs, sample=args.sample)
    killed, total, survivors, equal = score(args.module, outcomes)
    print(f"\n{args.module}: {killed} of {total} mutants killed by {' '.join(tests)} "
          f"({100 * killed / max(total, 1):.0f}%), {len(equal)} equivalent survivors left out")
    for number, description in survivors:
        print(f"  survived: {args.module}.py:{number}: {description}")
    if args.save and not lines:
        scores = json.loads(SCORES.read_text(encoding="utf-8")) if SCORES.exists() else {}
        scores[args.module] = {"tests": tests, "killed": killed, "total": total, "sample": args.sample,
                               "equivalent": [f"{n}: {d}" for n, d in equal],
                               "survivors": [f"{n}: {d}" for n, d in survivors]}
        SCORES.write_text(json.dumps(scores, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
