"""The package's shape in numbers: its import graph by layer, circles, upward imports, raise statements, twins.

    python tools/architecture.py            # this checkout
    python tools/architecture.py --at REV   # a git revision (read with git show, nothing checked out)

The layers, bottom to top, are declared here once (LAYERS); tests/test_layers.py holds the package to them:
a module imports only from its own layer or below, no two modules import each other even through others,
the folders are runs of layers (core/, then theory/, then course/, then the modules beside the namespace), so
that no folder imports from a folder after it, and the pictures (course/plotting/) compute no theory: they import
no learner or theory module but geometry (the lines and sides they draw), so that the theory a picture shows is
computed by its caller (a lesson, a widget, or figures.py, which computes the experiment figures' theory and
hands it to the pictures). A module is named by its path in the package, dots for slashes (core.rule,
course.plotting.base; a folder's __init__.py by the folder's name).
"""
import argparse
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "perceptron_lib"

# Bottom to top. A module may import from its own layer and the layers below it.
LAYERS = {
    # core/: what a reader meets first
    "checks": ["core", "core.arithmetic", "core.validation", "core.constraints"],
    "rule": ["core.rule"],
    "record": ["core.trace"],
    "runs": ["core.training", "core.batch"],
    # theory/: what the lessons teach beyond the rule
    "data": ["theory", "theory.theory_constraints", "theory.datasets"],
    "learners": ["theory.multiclass", "theory.kernels", "theory.voted", "theory.criterion", "theory.sigmoid",
                 "theory.budinich", "theory.scores"],
    "theory": ["theory.geometry", "theory.bounds", "theory.separability", "theory.capacity", "theory.boolean_counts"],
    # course/: what a lesson shows and asks
    "course": ["course", "course.describe", "course.tables", "course.answers", "course.exercises",
               "course.plotting.base", "course.plotting.pattern_space", "course.plotting.runs",
               "course.plotting.weight_space", "course.plotting.experiments", "course.plotting.counts",
               "course.plotting.classes", "course.plotting", "course.figures", "course.fast_pictures"],
    # beside the namespace: the doors to scikit-learn (imported at first use) and to Jupyter's widgets
    "doors": ["estimators", "widgets"],
    "namespace": ["__init__"],
}
LEVEL = {module: i for i, modules in enumerate(LAYERS.values()) for module in modules}
FOLDERS = ("core", "theory", "course", "")   # in order; "" is the package's own folder, beside the namespace
# What a picture may import from the package (besides other pictures): checks, sums, the rule's tests,
# the record of a run, geometry's lines and sides and the words of describe.py.
PICTURES_MAY_IMPORT = {"core.arithmetic", "core.validation", "core.constraints", "theory.theory_constraints",
                       "core.rule", "core.trace", "theory.geometry", "course.describe"}
# the modules whose raise statements are the checks themselves
CHECKS = {"core.validation", "core.constraints", "theory.theory_constraints"}


def sources(rev=None):
    """{module name: source text} of the package, at `rev` (git) or in the working tree."""
    if rev is None:
        paths = sorted((ROOT / PACKAGE).rglob("*.py"))
        return {_name(p.relative_to(ROOT / PACKAGE).as_posix()): p.read_text(encoding="utf-8") for p in paths}
    listing = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, PACKAGE], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
    return {_name(path[len(PACKAGE) + 1:]): subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True,
                                                           capture_output=True, text=True).stdout
            for path in listing if path.endswith(".py")}


def _name(relative):
    name = relative[:-3].replace("/", ".")
    return name.removesuffix(".__init__")


def folder(module):
    """The folder of `module` among FOLDERS: its first part, or "" for a module beside the namespace."""
    head = module.split(".")[0]
    return head if head in FOLDERS else ""


def imports(texts):
    """{module: {imported package module: [line numbers]}}: every relative import, at any depth of the code."""
    graph = {}
    packages = {module.rpartition(".")[0] for module in texts}   # a folder's name, where a module sits in it
    for module, text in texts.items():
        package = module.split(".") if module in packages else module.split(".")[:-1]
        found = {}
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):   # import perceptron_lib.core.rule
                targets = [alias.name.split(".")[1:] for alias in node.names if alias.name.split(".")[0] == PACKAGE]
                names = [".".join(target) for target in targets]
            elif isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0] == PACKAGE):
                if node.level:   # from ..core import rule
                    base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
                    target = base + (node.module.split(".") if node.module else [])
                else:            # from perceptron_lib.core import rule
                    target = node.module.split(".")[1:]
                # `from ..core import rule` imports the module core.rule; `from ..core.rule import train`, core.rule
                names = [".".join(target + [alias.name]) if ".".join(target + [alias.name]) in texts
                         else ".".join(target) for alias in node.names]
            else:
                continue
            names = [name or "__init__" for name in names]   # `from .. import train`: the namespace itself
            for name in names:
                if name in texts:
                    found.setdefault(name, []).append(node.lineno)
        graph[module] = found
    return graph


def circles(graph):
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on, result, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                result.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return result


def upward(graph):
    """Imports from a higher layer: [(module, imported, line)]."""
    return [(m, t, lines[0]) for m, targets in sorted(graph.items()) for t, lines in sorted(targets.items())
            if m in LEVEL and t in LEVEL and LEVEL[t] > LEVEL[m]]


def backward(graph):
    """Imports from a folder after the importer's (FOLDERS' order): [(module, imported, line)]."""
    return [(m, t, lines[0]) for m, targets in sorted(graph.items()) for t, lines in sorted(targets.items())
            if FOLDERS.index(folder(t)) > FOLDERS.index(folder(m))]


def theory_in_pictures(graph):
    """Imports by a picture module of a learner or theory module: [(module, imported, line)]."""
    return [(m, t, lines[0]) for m, targets in sorted(graph.items()) if m.startswith("course.plotting")
            for t, lines in sorted(targets.items())
            if not t.startswith("course.plotting") and t not in PICTURES_MAY_IMPORT]


def raises(texts):
    """{module: raise statements}, the checks' own modules excluded."""
    return {m: n for m, text in texts.items()
            if m not in CHECKS and (n := sum(isinstance(node, ast.Raise) for node in ast.walk(ast.parse(text))))}


def twins(texts):
    """Check-skipping twins: public functions named *_unchecked, and `_name` beside a public `name` in one module
    unless `name` is its worker's front: its checks (its declaration) and one ``return _name(...)``."""
    found = []
    for module, text in texts.items():
        functions = {node.name: node for node in ast.walk(ast.parse(text))
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        found += [f"{module}.{name}" for name in sorted(functions) if name.endswith("_unchecked")]
        found += [f"{module}.{name}" for name in sorted(functions)
                  if name.startswith("_") and not name.startswith("__") and name[1:] in functions
                  and not _front(functions[name[1:]], name)]
    return found


def _front(function, worker):
    """Whether `function` is declared and its body, after the docstring, is ``return worker(...)``."""
    body = [node for node in function.body
            if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
    return (any("declared" in ast.unparse(decorator) for decorator in function.decorator_list)
            and len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Call)
            and ast.unparse(body[0].value.func) == worker)


def report(rev=None):
    texts = sources(rev)
    graph = imports(texts)
    sizes = {m: len(t.splitlines()) for m, t in texts.items()}
    largest = max(sizes, key=sizes.get)
    count = raises(texts)
    return {
        # a revision from before the folders names its modules otherwise: the checks below cannot judge those
        "modules without a layer": sorted(set(texts) - set(LEVEL)),
        "raise statements outside the checks (validation, constraints, theory_constraints)":
            f"{sum(count.values())} in {len(count)} modules",
        "twins": len(twins(texts)),
        "circles": circles(graph),
        "upward imports": [f"{m} -> {t} (line {n})" for m, t, n in upward(graph)],
        "imports from a later folder": [f"{m} -> {t} (line {n})" for m, t, n in backward(graph)],
        "theory imported by pictures": [f"{m} -> {t} (line {n})" for m, t, n in theory_in_pictures(graph)],
        "largest module": f"{largest.replace('.', '/')}.py, {sizes[largest]} lines",
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", help="a git revision")
    args = parser.parse_args(argv)
    for key, value in report(args.at).items():
        if isinstance(value, list):
            print(f"{key}: {len(value)}")
            for item in value:
                print(f"    {item}")
        else:
            print(f"{key}: {value}")


if __name__ == "__main__":
    sys.exit(main())
