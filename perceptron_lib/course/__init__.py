"""The course's machinery: what a lesson shows and asks, drawn from what core/ and theory/ computed.

- tables.py: tables and the ✓ lines of `Checks`;
- answers.py and exercises.py: a student's answers, read and judged; the exercises declared as data;
- plotting/: the pictures, one module per group of lessons; figures.py: the lessons' experiment figures;
- describe.py: a figure in words, read off its artists;
- fast_pictures.py: a figure's PNG in many states, fast enough for a click.

The views that wire these to a student's click are widgets.py, beside the namespace (the one module that needs
ipywidgets); nothing here imports it (tests/test_layers.py).
"""
