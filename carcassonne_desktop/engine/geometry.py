"""Ports, directions and rotations (DESIGN.md section 3).

Ports are handled as small integers inside the engine because port lookups sit
on the hot path of every placement; their names only appear at the edges
(catalogue files, records, events).
"""

from __future__ import annotations

EDGE_PORTS: tuple[str, ...] = ("N", "E", "S", "W")
HALF_PORTS: tuple[str, ...] = ("NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN")
CENTRE_PORT = "C"
PORT_NAMES: tuple[str, ...] = EDGE_PORTS + HALF_PORTS + (CENTRE_PORT,)
PORT_INDEX: dict[str, int] = {name: index for index, name in enumerate(PORT_NAMES)}
CENTRE = PORT_INDEX[CENTRE_PORT]

# Direction d (0=N, 1=E, 2=S, 3=W) leads to the neighbour at (x+dx, y+dy).
DELTAS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
OPPOSITE: tuple[int, ...] = (2, 3, 0, 1)
# The two half-edge ports (as port indexes) lying on each edge.
EDGE_HALVES: tuple[tuple[int, int], ...] = (
    (PORT_INDEX["NW"], PORT_INDEX["NE"]),
    (PORT_INDEX["EN"], PORT_INDEX["ES"]),
    (PORT_INDEX["SE"], PORT_INDEX["SW"]),
    (PORT_INDEX["WS"], PORT_INDEX["WN"]),
)
# Which half-edge of the neighbour faces each half-edge: NW meets the north
# neighbour's SW, EN meets the east neighbour's WN, and so on.
FACING_HALF: dict[int, int] = {
    PORT_INDEX[a]: PORT_INDEX[b]
    for a, b in (
        ("NW", "SW"), ("NE", "SE"), ("EN", "WN"), ("ES", "WS"),
        ("SE", "NE"), ("SW", "NW"), ("WS", "ES"), ("WN", "EN"),
    )
}
# The eight positions around a tile, for cloister-like features.
NEIGHBOURHOOD: tuple[tuple[int, int], ...] = (
    (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1),
)


def rotate_port_index(port: int, rot: int) -> int:
    """Port index after `rot` clockwise quarter turns."""
    rot %= 4
    if port < 4:
        return (port + rot) % 4
    if port < 12:
        return 4 + (port - 4 + 2 * rot) % 8
    return port


def rotate_port(port: str, rot: int) -> str:
    """Port name after `rot` clockwise quarter turns (N->E, NW->EN, ...)."""
    try:
        index = PORT_INDEX[port]
    except KeyError:
        raise ValueError(f"unknown port {port!r}") from None
    return PORT_NAMES[rotate_port_index(index, rot)]


def is_port(name: object) -> bool:
    return isinstance(name, str) and name in PORT_INDEX
