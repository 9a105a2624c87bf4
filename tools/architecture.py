"""The package's shape in numbers: its import graph by layer, circles, upward imports, raise statements, twins.

    python tools/architecture.py            # this checkout
    python tools/architecture.py --at REV   # a git revision (read with git show, nothing checked out)

The layers, bottom to top, are declared here once (LAYERS); tests/test_layers.py holds the package to them:
a module imports only from its own layer or below, no two modules import each other even through others,
and the pictures (plotting/) compute no theory: they import no learner or theory module but geometry (the
lines and sides they draw), so that the theory a picture shows is computed by its caller (a lesson, a widget, or
figures.py, which computes the experiment figures' theory and hands it to the pictures).
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
    "base": ["arithmetic", "validation", "constraints", "theory_constraints"],
    "data": ["datasets"],
    "rule": ["rule"],
    "record": ["trace"],
    "learners": ["training", "batch", "multiclass", "kernels", "voted", "criterion", "sigmoid", "budinich",
                 "scores"],
    "theory": ["geometry", "bounds", "separability", "capacity", "boolean_counts"],
    "estimators": ["estimators"],   # scikit-learn's estimators around the learners (imported at first use)
    "course": ["describe", "tables", "answers", "exercises", "plotting.base", "plotting.pattern_space", "plotting.runs",
               "plotting.weight_space", "plotting.experiments", "plotting.counts", "plotting.classes", "plotting",
               "figures", "fast_pictures", "widgets"],
    "namespace": ["__init__"],
}
LEVEL = {module: i for i, modules in enumerate(LAYERS.values()) for module in modules}
# What a picture may import from the package (besides other pictures): checks, sums, the rule's tests,
# the record of a run, geometry's lines and sides and the words of describe.py.
PICTURES_MAY_IMPORT = {"arithmetic", "validation", "constraints", "theory_constraints", "rule", "trace", "geometry",
                       "describe"}
CHECKS = {"validation", "constraints", "theory_constraints"}   # the modules whose raise statements are the checks themselves
CORE = ["arithmetic", "rule", "training", "batch", "trace"]


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
    return {"plotting.__init__": "plotting"}.get(name, name)


def imports(texts):
    """{module: {imported package module: [line numbers]}}: every relative import, at any depth of the code."""
    graph = {}
    for module, text in texts.items():
        package = module.split(".")[:-1] if module != "plotting" else ["plotting"]
        found = {}
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.ImportFrom) or not node.level:
                continue
            base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
            target = ".".join(base + ([node.module] if node.module else []))
            names = [target] if node.module else [".".join(base + [alias.name]) for alias in node.names]
            for name in names:
                if name in texts or name == "plotting":
                    found.setdefault(name, []).append(node.lineno)
                elif f"{name}.__init__" in texts:
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


def theory_in_pictures(graph):
    """Imports by a picture module of a learner or theory module: [(module, imported, line)]."""
    return [(m, t, lines[0]) for m, targets in sorted(graph.items()) if m.startswith("plotting")
            for t, lines in sorted(targets.items())
            if not t.startswith("plotting") and t not in PICTURES_MAY_IMPORT]


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
        "raise statements outside the checks (validation, constraints, theory_constraints)": f"{sum(count.values())} in {len(count)} modules",
        "twins": len(twins(texts)),
        "circles": circles(graph),
        "upward imports": [f"{m} -> {t} (line {n})" for m, t, n in upward(graph)],
        "theory imported by pictures": [f"{m} -> {t} (line {n})" for m, t, n in theory_in_pictures(graph)],
        "largest module": f"{largest}.py, {sizes[largest]} lines",
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
