"""A mutation run: does a module's own test file notice when its code is changed a little?

    python tools/mutate.py rule                      # perceptron_lib/core/rule.py against tests/test_rule.py
    python tools/mutate.py training --tests tests/test_training.py tests/test_rule.py
    python tools/mutate.py batch --lines 140-160     # only the mutants on those lines
    python tools/mutate.py rule --list               # the mutants, not run

Run it on a module that carries the rule before changing it (CONTRIBUTING.md names them): each one's own test file
should kill at least 90% of its non-equivalent mutants in a whole run; `--save` keeps its score in
tools/mutation_scores.json.

One small change at a time (a mutant): a comparison flipped (< and <=, > and >=, == and !=), + and - swapped,
* and / swapped, a whole-number constant nudged by one, `and` and `or` swapped, a condition negated (if, while
and conditional expressions), a `not` dropped, True and False swapped. Each mutant is written into a copy of
the package in a temporary folder, and the test files run on it in a child forked from this process (which has
imported numpy, matplotlib, scipy and pytest once), stopping at the first failure; a Python that a test starts
(`python -c`, a script) imports the copy too (PYTHONPATH names the copy, whose sitecustomize.py finds the package
there before the working directory, where the unmutated package is). Only the tests that ran the mutated function in
an unmutated baseline run (traced) are run for a mutant (all of them for a change at module level; none, and the
mutant survives, for a function no test runs): a mutant is *killed* when a test fails or it errs, *survives* when
every test passes, and *times out* after `--timeout` seconds (counted as killed: the change made a run endless).
Docstrings, the text of messages and the bad-input examples of a constraint (the `bad` of `Custom(check, bad)`:
data for tests/test_declared.py, not behaviour) are not mutated.

A survivor is a test that is missing, or an *equivalent* mutant: a change that cannot alter any result
(`x + 0.0` and `x - 0.0` on a value that is never -0.0, a bound that no input reaches). Equivalent survivors are
listed with the reason in tools/mutation_equivalent.txt, and left out of the score. An entry names one mutant
exactly, by what outlives line shifts: ``module: qualname: mutation #n: `the line's code, stripped of comments and spaces around`: reason``,
the qualified name of the function (or class) holding it, and n its place among the same changes on lines of
that text in that function (`--list` prints each mutant so). tests/test_mutate.py fails on an entry that names no
mutant (stale) or several. `--save` keeps only whole runs (never `--lines` or `--sample`), with the date, the
counts and every survivor.
"""
import argparse
import ast
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "perceptron_lib"
EQUIVALENT = ROOT / "tools" / "mutation_equivalent.txt"
SCORES = ROOT / "tools" / "mutation_scores.json"

FLIP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
        ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}
SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
        ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr}


class Mutant(NamedTuple):
    """One small change: where (line, and the `key` that names it exactly), what, and the mutated source."""

    line: int
    description: str
    text: str
    key: tuple   # (qualified name of the enclosing function or class, the line's source stripped, description, n)

    @property
    def name(self):
        """The mutant as tools/mutation_equivalent.txt names it: qualname: description #n: `source line`."""
        qualname, code, description, n = self.key
        return f"{qualname}: {description} #{n}: `{code}`"


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


def _bad_examples(tree):
    """The ids of the nodes that make a constraint's bad-input examples (never mutated).

    They are data for tests/test_declared.py, not behaviour: the `bad` argument of a `Custom(check, bad)`
    constraint (the second argument, or `bad=`), a lambda or a function of this module named there.
    """
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    skip = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        bad = [k.value for k in node.keywords if k.arg == "bad"]
        if called == "Custom" and len(node.args) >= 2:
            bad.append(node.args[1])
        for value in bad:
            if isinstance(value, ast.Name) and value.id in functions:
                value = functions[value.id]
            skip.update(id(v) for v in ast.walk(value))
    return skip


def _qualnames(tree):
    """{id(node): qualified name of the innermost function or class holding it ('<module>' at module level)}."""
    names = {}

    def visit(node, qualname):
        for child in ast.iter_child_nodes(node):
            inner = qualname
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = child.name if qualname == "<module>" else f"{qualname}.{child.name}"
            elif isinstance(child, ast.Lambda):
                inner = "<lambda>" if qualname == "<module>" else f"{qualname}.<lambda>"
            names[id(child)] = inner if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                               ast.ClassDef, ast.Lambda)) else qualname
            visit(child, inner)
    visit(tree, "<module>")
    return names


def _code_lines(source):
    """The source's lines without their comments (an entry names a line by its code alone)."""
    import io
    import tokenize
    lines = source.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col]
    return lines


def mutants(source):
    """[Mutant(line, description, mutated source, key)] for every single change of the source.

    The key names a mutant exactly and outlives line shifts: the qualified name of the function (or class)
    that holds it, the stripped source of its line, the change, and n, its place (1, 2, ...) among the
    changes alike (same function, same line text, same change) in the order of the source.
    """
    tree = ast.parse(source)
    skip = _docstrings(tree) | _bad_examples(tree)
    qualnames = _qualnames(tree)
    lines = _code_lines(source)
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
    sites.sort(key=lambda site: (site[0].lineno, site[0].col_offset, site[2] or 0))
    result, seen = [], {}
    for node, field, index, new, description in sites:
        old = _apply(node, field, index, new)
        try:
            text = ast.unparse(tree)
        finally:
            _restore(node, field, index, old)
        alike = (qualnames.get(id(node), "<module>"), lines[node.lineno - 1].strip(), description)
        seen[alike] = seen.get(alike, 0) + 1
        result.append(Mutant(node.lineno, description, text, (*alike, seen[alike])))
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


ENTRY = re.compile(r"^(?P<module>[\w.]+): (?P<qualname>[^:]+): (?P<description>.+?)(?: #(?P<n>\d+))?: "
                   r"`(?P<code>.*?)`: (?P<reason>.+)$")


def source_path(module):
    """The file of `module`: named by its file's stem (rule, runs), as the equivalence entries and the scores name
    it, or by its path in the package with dots for slashes, whole or its end (core.rule, plotting.runs)."""
    found = [path for path in sorted(PACKAGE.rglob("*.py")) if path.name != "__init__.py"
             and f".{'.'.join(path.relative_to(PACKAGE).with_suffix('').parts)}".endswith(f".{module}")]
    if len(found) != 1:
        raise SystemExit(f"{module!r} names {len(found)} modules of perceptron_lib, not one: "
                         f"{[p.relative_to(PACKAGE).as_posix() for p in found]}")
    return found[0]


def entries(module=None):
    """[(module, (qualname, code, description, n or None), reason)] of tools/mutation_equivalent.txt.

    An entry reads ``module: qualname: description #n: `source line`: reason``; #n (which of the changes alike on
    that line of that function, in source order) may be left out when there is one.
    """
    found = []
    if EQUIVALENT.exists():
        for number, line in enumerate(EQUIVALENT.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            match = ENTRY.match(line)
            if not match:
                raise ValueError(f"{EQUIVALENT.name}:{number}: not an entry: {line!r}")
            if module is None or match["module"] == module:
                n = int(match["n"]) if match["n"] else None
                found.append((match["module"], (match["qualname"], match["code"], match["description"], n),
                              match["reason"]))
    return found


def matches(entry_key, mutant_key):
    """Does an entry's key name this mutant (n left out: any n, for the entry to name one, there must be one)?"""
    return entry_key[:3] == mutant_key[:3] and entry_key[3] in (None, mutant_key[3])


def run(module, tests, lines=None, timeout=60, show=print, jobs=1, sample=None):
    """Run the mutants of `module` (its file: `source_path`) against the test files; returns the outcomes.

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
    path = source_path(module)
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
        for mutant in chosen:
            number, description, text = mutant.line, mutant.description, mutant.text
            span = functions.get(number)
            if span is None:          # module level: run at import, every test may depend on it
                selected = tests
            else:
                selected = sorted({test for line in range(span[0], span[1] + 1) for test in covered.get(line, ())})
                if _Tracer.IMPORT in selected:   # run while importing: any test may depend on it
                    selected = tests
            if not selected:
                outcomes.append((number, description, "survived", mutant.key))
                show(f"{module}.py:{number}: {description}: survived (no test runs it)")
                continue
            while not free:
                _collect(running, free, outcomes, module, show)
            slot = free.pop()
            pid = _start_tests(*copies[slot], text, selected, timeout)
            running[pid] = (slot, mutant, len(selected), time.time())
        while running:
            _collect(running, free, outcomes, module, show)
    return sorted(outcomes)


def _collect(running, free, outcomes, module, show):
    pid, status = os.wait()
    if pid not in running:
        return
    slot, mutant, count, start = running.pop(pid)
    free.append(slot)
    outcome = _outcome(status)
    outcomes.append((mutant.line, mutant.description, outcome, mutant.key))
    show(f"{module}.py:{mutant.line}: {mutant.description}: {outcome} ({count} tests, {time.time() - start:.1f} s)")


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


# Written into each copy: a Python started by a test finds perceptron_lib in the copy, whatever its sys.path[0]
SITECUSTOMIZE = """import importlib.machinery
import sys


class _Copy:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "perceptron_lib":
            return importlib.machinery.PathFinder.find_spec(name, [{folder!r}])
        return None


sys.meta_path.insert(0, _Copy)
"""


def _start_tests(folder, target, text, tests, timeout, coverage=None):
    """Fork a child that runs the tests on the copy at `folder`, with `text` as the module; returns its pid."""
    target.write_text(text, encoding="utf-8")
    (Path(folder) / "sitecustomize.py").write_text(SITECUSTOMIZE.format(folder=str(folder)), encoding="utf-8")
    pid = os.fork()
    if pid == 0:   # the child: import the mutated package from the copy, run the tests, exit with their code
        try:
            os.chdir(ROOT)
            sys.path.insert(0, folder)
            # a Python the tests start (python -c, a script, subprocess) imports the copy too: PYTHONPATH names the
            # copy, whose sitecustomize.py puts a finder of the copy's package before the working directory (ROOT)
            os.environ["PYTHONPATH"] = os.pathsep.join([folder] + [p for p in [os.environ.get("PYTHONPATH")] if p])
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
    """(killed, total, survivors, equivalent survivors) with equivalent survivors left out of the total.

    `outcomes` are run()'s (line, description, outcome, key); survivors are (line, description, key).
    """
    named = entries(module)
    equal, survivors = [], []
    for number, description, outcome, key in outcomes:
        if outcome != "survived":
            continue
        (equal if any(matches(entry, key) for _, entry, _ in named) else survivors).append((number, description, key))
    for _, entry, _ in named:
        if sum(matches(entry, key) for *_, key in outcomes) > 1:
            raise ValueError(f"{module}: the equivalence entry {entry} names more than one mutant")
    total = len(outcomes) - len(equal)
    return total - len(survivors), total, survivors, equal


def _named(number, description, key):
    return f"{number}: {Mutant(number, description, '', key).name}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", help="a module of perceptron_lib, e.g. rule, runs or course.plotting.runs")
    parser.add_argument("--tests", nargs="+", help="test files (default: tests/test_<module>.py)")
    parser.add_argument("--lines", help="first-last: only mutants on these lines")
    parser.add_argument("--timeout", type=int, default=60, help="seconds a mutant's tests may take")
    parser.add_argument("--list", action="store_true", help="list the mutants, do not run them")
    parser.add_argument("--save", action="store_true",
                        help="keep the score of a whole run in tools/mutation_scores.json (not with --lines or --sample)")
    parser.add_argument("--note", help="with --save: what the sources were (a commit, edits in flight)")
    parser.add_argument("--jobs", type=int, default=1, help="children at once (each on its own copy)")
    parser.add_argument("--sample", type=int, help="run this many mutants drawn at random (seed 0), not all")
    args = parser.parse_args(argv)
    if args.save and (args.lines or args.sample):
        parser.error("--save keeps whole runs only: leave out --lines and --sample")
    args.module = source_path(args.module).stem   # one name for the entries, the scores and the tests: the stem
    source = source_path(args.module).read_text(encoding="utf-8")
    if args.list:
        for mutant in mutants(source):
            print(f"{args.module}.py:{mutant.line}: {args.module}: {mutant.name}")
        return 0
    tests = args.tests or [f"tests/test_{args.module}.py"]
    lines = tuple(int(v) for v in args.lines.split("-")) if args.lines else None
    outcomes = run(args.module, tests, lines, args.timeout, jobs=args.jobs, sample=args.sample)
    killed, total, survivors, equal = score(args.module, outcomes)
    print(f"\n{args.module}: {killed} of {total} mutants killed by {' '.join(tests)} "
          f"({100 * killed / max(total, 1):.0f}%), {len(equal)} equivalent survivors left out")
    for number, description, key in survivors:
        print(f"  survived: {args.module}.py:{_named(number, description, key)}")
    if args.save:
        import datetime
        scores = json.loads(SCORES.read_text(encoding="utf-8")) if SCORES.exists() else {}
        timeouts = [_named(n, d, k) for n, d, o, k in outcomes if o == "timeout"]
        scores[args.module] = {
            "date": datetime.date.today().isoformat(), "tests": tests, "mutants": len(outcomes),
            "equivalent": len(equal), "killed": killed, "non_equivalent": total,
            "score": f"{killed} of {total} ({100 * killed / max(total, 1):.0f}%)",
            "timeouts_counted_killed": timeouts, "sources": args.note or "",
            "survivors": [_named(*s) for s in survivors]}
        SCORES.write_text(json.dumps(scores, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
