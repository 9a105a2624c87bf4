"""The longest functions of perceptron_lib, in lines of code (docstrings and blank lines not counted).

    python tools/function_lengths.py [--top 15]
"""
import argparse
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "perceptron_lib"


def lengths():
    """(lines of code, "module.function") for every function and method of the package."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):   # the folders too: course/plotting/runs.py is "course.plotting.runs.step_figure"
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                body = node.body
                first = body[1] if len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(
                    getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str) else body[0]
                start = first.lineno if first is not body[0] else node.lineno
                code = [ln for ln in lines[start - 1:node.end_lineno] if ln.strip() and not ln.strip().startswith("#")]
                module = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
                found.append((len(code), f"{module}.{node.name}"))
    return sorted(found, reverse=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15)
    for n, name in lengths()[: parser.parse_args().top]:
        print(f"{n:4d}  {name}")
