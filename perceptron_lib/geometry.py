"""Geometry of a threshold unit in pattern space: its decision line and positive side."""
import numpy as np


def positive_side(w, xlim, ylim):
    """The part of a rectangle where w0 + w1 x1 + w2 x2 > 0, as a polygon.

    The decision line W·X = 0 splits pattern space in two; the unit outputs 1
    on the side W points to (Honavar 1996, section 4; Manfredi 2021, "the
    geometry of a linear classifier").

    Parameters
    ----------
    w : array-like of shape (3,)
        Weights [w0, w1, w2], bias first.
    xlim, ylim : (float, float)
        The rectangle [x_min, x_max] x [y_min, y_max].

    Returns
    -------
    ndarray of shape (n_vertices, 2)
        The vertices in order around the polygon; no rows when that side
        misses the rectangle.

    Examples
    --------
    >>> positive_side([-1, 1, 0], (0, 2), (0, 1)).tolist()
    [[1.0, 0.0], [2.0, 0.0], [2.0, 1.0], [1.0, 1.0]]
    """
    w = _check_w(w)
    (x0, x1), (y0, y1) = xlim, ylim
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)
    value = w[0] + corners @ w[1:]
    vertices = []
    for i in range(4):  # Sutherland-Hodgman against one half-plane
        a, b = corners[i], corners[(i + 1) % 4]
        fa, fb = value[i], value[(i + 1) % 4]
        if fa > 0:
            vertices.append(a)
        if (fa > 0) != (fb > 0) and fa != fb:
            vertices.append(a + (b - a) * (fa / (fa - fb)))
    return np.array(vertices).reshape(-1, 2)


def decision_line(w, xlim, ylim):
    """Where the line w0 + w1 x1 + w2 x2 = 0 crosses a rectangle.

    Parameters
    ----------
    w : array-like of shape (3,)
        Weights [w0, w1, w2], bias first.
    xlim, ylim : (float, float)
        The rectangle.

    Returns
    -------
    ndarray of shape (2, 2) or (0, 2)
        The segment's two end points, or no rows when the line misses the
        rectangle (or w1 = w2 = 0, when there is no line).

    Examples
    --------
    >>> decision_line([-1, 1, 1], (0, 1), (0, 1)).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """
    w = _check_w(w)
    if w[1] == 0 and w[2] == 0:
        return np.empty((0, 2))
    (x0, x1), (y0, y1) = xlim, ylim
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)
    value = w[0] + corners @ w[1:]
    points = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        fa, fb = value[i], value[(i + 1) % 4]
        if fa == 0:
            points.append(a)
        elif fa * fb < 0:
            points.append(a + (b - a) * (fa / (fa - fb)))
    if len(points) < 2:
        return np.empty((0, 2))
    points = np.array(points)
    # the two points farthest apart (a line through a corner is found twice)
    i, j = np.unravel_index(np.argmax(((points[:, None] - points[None]) ** 2).sum(-1)), (len(points),) * 2)
    return points[[i, j]]


def _check_w(w):
    w = np.asarray(w, dtype=float)
    if w.shape != (3,):
        raise ValueError(f"w must be [w0, w1, w2] (shape (3,)) for a picture in the plane, got shape {w.shape}")
    return w
