"""How far apart the course's colours stay for colour-blind eyes, and the figures as they see them.

    python benchmarks/colour_blind.py                     # the palettes, in numbers
    python benchmarks/colour_blind.py --figures build/cvd  # and three lesson figures, simulated

Deuteranopia and protanopia (no green or no red cones, about 1 man in 12 has one of the milder or
stronger forms) are simulated with Machado, Oliveira and Fernandes' matrices at full severity
(IEEE TVCG 15(6), 2009), applied to linear RGB. For each palette the script prints the smallest
colour difference (CIE 1976 Delta E in L*a*b*) between two of its colours, with normal vision and
under each simulation: under about 10 two colours are hard to tell apart on a projector, under
about 5 they look the same. The palette the lessons used for classes before Okabe and Ito's is
kept here as the reference.

With --figures, four figures that were hardest to read (lesson 09's four classes and its eight
classes in space, lesson 08's Cover curves, lesson 09's ring) are taken from the notebooks' stored outputs and written as
normal | deuteranopia | protanopia side by side.
"""
import argparse
import base64
import io
import itertools
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from perceptron_lib.course.plotting import CLASS_COLORS, NEGATIVE, POSITIVE  # noqa: E402

BEFORE = ["#1f6fb4", "#e07b00", "#2a9d3a", "#c0392b", "#7b4fa8", "#8c564b", "#d45fb0", "#555555",
          "#a8a800", "#17a2b8"]   # the class colours the lessons used before
SIMULATIONS = {
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
}
# (notebook, what to look for in the cell's code) of the figures that were hardest to read
FIGURES = [("09-beyond-two-classes.ipynb", "plot_layer_steps(layer"),
           ("09-beyond-two-classes.ipynb", "plot_layer_steps(cube"),
           ("08-capacity.ipynb", "plot_cover_check("),
           ("09-beyond-two-classes.ipynb", "plot_regions(")]


def to_linear(rgb):
    rgb = np.asarray(rgb, float)
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def to_srgb(linear):
    linear = np.clip(linear, 0, 1)
    return np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * linear ** (1 / 2.4) - 0.055)


def simulate(rgb, kind):
    """sRGB values in [0, 1] (..., 3) as seen with `kind` ('deuteranopia', 'protanopia' or 'normal')."""
    if kind == "normal":
        return np.asarray(rgb, float)
    return to_srgb(to_linear(rgb) @ SIMULATIONS[kind].T)


def lab(rgb):
    """CIE L*a*b* (D65) of sRGB values in [0, 1]."""
    xyz = to_linear(rgb) @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                                      [0.0193, 0.1192, 0.9505]]).T
    xyz = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def rgb_of(hex_colour):
    return np.array([int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)])


def closest_pair(colours, kind):
    """(smallest Delta E, the two colours) between any two of `colours` as `kind` sees them."""
    seen = {c: lab(simulate(rgb_of(c), kind)) for c in colours}
    return min((float(np.linalg.norm(seen[a] - seen[b])), a, b) for a, b in itertools.combinations(colours, 2))


def stored_png(notebook, marker):
    """The first PNG a cell of `notebook` whose code contains `marker` stored as its output."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if marker in "".join(cell["source"]):
            for output in cell.get("outputs", []):
                if "image/png" in output.get("data", {}):
                    return base64.b64decode(output["data"]["image/png"])
    raise LookupError(f"{notebook}: no figure from a cell with {marker!r}")


def write_figures(folder):
    from matplotlib.image import imread, imsave
    folder.mkdir(parents=True, exist_ok=True)
    for notebook, marker in FIGURES:
        picture = imread(io.BytesIO(stored_png(notebook, marker)))[..., :3]
        row = np.concatenate([simulate(picture, kind) for kind in ("normal", *SIMULATIONS)], axis=1)
        name = folder / f"{notebook[:2]}-{marker.rstrip('(').split('(')[0]}.png"
        imsave(name, np.clip(row, 0, 1))
        print(f"wrote {name.relative_to(ROOT) if name.is_relative_to(ROOT) else name}: normal | deuteranopia | protanopia")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--figures", type=Path, help="write three simulated figures into this folder")
    args = parser.parse_args(argv)
    palettes = {"classes, before (reference)": BEFORE, "classes, now (Okabe and Ito)": CLASS_COLORS,
                "classes, first four now": CLASS_COLORS[:4], "classes, first four before": BEFORE[:4],
                "two targets (blue, orange)": [POSITIVE, NEGATIVE]}
    print("smallest Delta E between two colours of a palette (under about 10: hard to tell apart)")
    for name, colours in palettes.items():
        found = [closest_pair(colours, kind) for kind in ("normal", *SIMULATIONS)]
        print(f"  {name:30s} " + "  ".join(f"{kind} {d:5.1f} ({a} {b})"
                                            for kind, (d, a, b) in zip(("normal", *SIMULATIONS), found)))
    if args.figures:
        write_figures(args.figures)


if __name__ == "__main__":
    main()
