"""Writing, reading and drawing state graphs: GraphML, GEXF, node-link JSON and DOT.

The format comes from the file's extension (:data:`FORMATS`). GraphML and GEXF open in Gephi,
Cytoscape and yEd; node-link JSON is networkx's own; DOT is written here by hand, so Graphviz
users need neither pygraphviz nor pydot. GraphML, GEXF and JSON are streamed by
:mod:`strategy.present.graph_stream` (networkx writes what it does not cover), and every file
is written whole or not at all: into a temporary file beside it, then renamed over it. Each
writer has a reader that gives back the same graph: node ids, attributes with their types
(str, int, float, bool) and graph attributes.

>>> import networkx as nx
>>> graph = nx.DiGraph(start="a")
>>> graph.add_node("a", label="a", value=0.5, exact="1/2", won=False)
>>> graph.add_edge("a", "b", action="go")
>>> print(dot_text(graph))
digraph {
  graph [start="a"];
  "a" [label="a", value=0.5, exact="1/2", won=false];
  "b";
  "a" -> "b" [action="go"];
}
>>> same = parse_dot(dot_text(graph))
>>> same.graph == graph.graph and dict(same.nodes(data=True)) == dict(graph.nodes(data=True))
True
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from strategy.engine.atomic import atomic_path
from strategy.engine.errors import InputError, echo
from strategy.engine.extras import require
from strategy.present.graph_stream import streamable, write_gexf, write_graphml, write_node_link

# networkx is an extra (graph); through require, a missing one is named in one line.
nx: Any = require("networkx", "graph", "writing a state graph")

__all__ = [
    "DRAW_FORMATS",
    "FORMATS",
    "MAX_DRAWN_NODES",
    "check_drawing_path",
    "dot_text",
    "draw_graph",
    "format_of",
    "layered_positions",
    "parse_dot",
    "read_graph",
    "write_graph",
]

#: File extensions and the format each one means.
FORMATS = {".graphml": "graphml", ".gexf": "gexf", ".json": "json", ".dot": "dot", ".gv": "dot"}

#: File extensions :func:`draw_graph` writes.
DRAW_FORMATS = (".png", ".svg", ".pdf")

#: Beyond this many nodes a drawing is a blot: :func:`draw_graph` refuses.
MAX_DRAWN_NODES = 200

# More edge labels than this hide the drawing under numbers.
_MAX_EDGE_LABELS = 60

_GEXF_NAMESPACE = "{http://www.gexf.net/1.2draft}"
_COLOURS = {"decision": "#4c72b0", "chance": "#dd8452", "terminal": "#55a868"}
#: A drawing's width and height at most, in inches (at 100 dots an inch: 6,000 pixels).
MAX_DRAWING_INCHES = 60.0
#: Inches a character of a 7-point label takes, the space between two labels, and a row.
_CHAR_INCHES = 0.065
_LABEL_GAP_INCHES = 0.35
_ROW_INCHES = 1.0


def format_of(path: Path) -> str:
    """The format a file's extension names, or ``ValueError`` listing the known ones.

    >>> format_of(Path("battle.GraphML"))
    'graphml'
    """
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        known = ", ".join(FORMATS)
        raise InputError(
            f"{path}: unknown graph format {echo(suffix or '(none)')}; use one of {known}"
        )
    return FORMATS[suffix]


def write_graph(graph: Any, path: Path) -> None:
    """Write ``graph`` to ``path`` in the format of its extension (``OSError`` if it cannot).

    An interrupted or failed write leaves ``path`` as it was: the old file or none.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "g.json"
    ...     write_graph(nx.DiGraph([("a", "b")]), path)
    ...     sorted(read_graph(path).edges), [p.name for p in Path(folder).iterdir()]
    ([('a', 'b')], ['g.json'])
    """
    kind = format_of(path)
    # Whole or not at all: a second writer or an interrupted one never leaves half a graph.
    with atomic_path(path) as temporary:
        if kind == "dot" or streamable(graph, kind):
            with temporary.open("w", encoding="utf-8", newline="\n") as stream:
                if kind == "graphml":
                    write_graphml(graph, stream)
                elif kind == "gexf":
                    write_gexf(graph, stream, description=json.dumps(graph.graph))
                elif kind == "json":
                    write_node_link(graph, stream)
                else:
                    stream.write(dot_text(graph) + "\n")
        elif kind == "graphml":
            nx.write_graphml(graph, temporary)
        elif kind == "gexf":
            _write_gexf(graph, temporary)
        else:
            data = nx.node_link_data(graph, edges="edges")
            temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def read_graph(path: Path) -> Any:
    """The graph :func:`write_graph` wrote to ``path``, as a ``networkx.DiGraph``."""
    kind = format_of(path)
    if kind == "graphml":
        graph = nx.read_graphml(path)
        for key in ("node_default", "edge_default"):  # bookkeeping the reader adds
            graph.graph.pop(key, None)
        return graph
    if kind == "gexf":
        return _read_gexf(path)
    if kind == "json":
        data = json.loads(path.read_text(encoding="utf-8"))
        return nx.node_link_graph(data, directed=True, multigraph=False, edges="edges")
    return parse_dot(path.read_text(encoding="utf-8"))


def _write_gexf(graph: Any, path: Path) -> None:
    """GEXF via networkx, with the graph attributes (which GEXF lacks) as JSON in meta."""
    writer = nx.readwrite.gexf.GEXFWriter(encoding="utf-8", prettyprint=True)
    writer.add_graph(graph)
    meta = writer.xml.find("meta")
    ElementTree.SubElement(meta, "description").text = json.dumps(graph.graph)
    writer.write(path)


def _read_gexf(path: Path) -> Any:
    graph = nx.DiGraph(nx.read_gexf(path))
    graph.graph.clear()  # networkx's own "mode"; ours are in the meta description
    description = ElementTree.parse(path).find(
        f"{_GEXF_NAMESPACE}meta/{_GEXF_NAMESPACE}description"
    )
    if description is not None and description.text:
        graph.graph.update(json.loads(description.text))
    for _, _, data in graph.edges(data=True):
        data.pop("id", None)  # GEXF numbers the edges; the graph never had the attribute
    return graph


def dot_text(graph: Any) -> str:
    """The graph in Graphviz's DOT language, quoted so that :func:`parse_dot` reads it back.

    Strings are quoted; ints, floats (always with a point) and ``true``/``false`` are not,
    which is how the types survive. Node ids are always quoted strings.
    """
    lines = ["digraph {"]
    if graph.graph:
        lines.append(f"  graph{_dot_list(graph.graph)};")
    for node, data in graph.nodes(data=True):
        lines.append(f"  {_quote(str(node))}{_dot_list(data)};")
    for source, target, data in graph.edges(data=True):
        lines.append(f"  {_quote(str(source))} -> {_quote(str(target))}{_dot_list(data)};")
    lines.append("}")
    return "\n".join(lines)


_DOT_KEYWORDS = frozenset({"node", "edge", "graph", "digraph", "subgraph", "strict"})


def _dot_list(data: Mapping[str, Any]) -> str:
    if not data:
        return ""
    keys = [
        key if key.isidentifier() and key.lower() not in _DOT_KEYWORDS else _quote(key)
        for key in data
    ]
    pairs = ", ".join(f"{key}={_dot_value(v)}" for key, v in zip(keys, data.values(), strict=True))
    return f" [{pairs}]"


def _dot_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"DOT has no number {value!r}")
        # DOT numerals have no exponent: write the shortest round-tripping digits positionally.
        text = format(Decimal(repr(value)), "f")
        return text if "." in text else text + ".0"
    if isinstance(value, str):
        return _quote(value)
    raise ValueError(f"DOT attributes are str, int, float or bool, not {type(value).__name__}")


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


_TOKEN = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|(->|[\[\]{}=,;])|([-\w.]+))', re.DOTALL)
_UNESCAPE = {"\\\\": "\\", '\\"': '"', "\\n": "\n"}


def parse_dot(text: str) -> Any:
    """The graph in DOT text as :func:`dot_text` writes it (one ``digraph``, no subgraphs).

    >>> sorted(parse_dot('digraph { "a" -> "b" [p=0.25]; }').edges(data=True))
    [('a', 'b', {'p': 0.25})]
    """
    tokens = _tokens(text)
    tokens.reverse()  # popped from the end, in reading order

    def take(expected: str | None = None) -> tuple[str, object]:
        if not tokens:
            raise ValueError("DOT: the text ends too soon")
        token = tokens.pop()
        if expected is not None and token[0] != expected:
            raise ValueError(f"DOT: expected {expected!r}, found {token[1]!r}")
        return token

    def attributes() -> dict[str, object]:
        found: dict[str, object] = {}
        if tokens and tokens[-1][0] == "[":
            take("[")
            while tokens and tokens[-1][0] != "]":
                key = str(take()[1])
                take("=")
                found[key] = take()[1]
                if tokens and tokens[-1][0] == ",":
                    take(",")
            take("]")
        return found

    graph = nx.DiGraph()
    if take("word")[1] != "digraph":
        raise ValueError("DOT: a state graph is a digraph")
    take("{")
    while tokens and tokens[-1][0] != "}":
        kind, name = take()
        if (kind, name) == ("word", "graph"):
            graph.graph.update(attributes())
        elif tokens and tokens[-1][0] == "->":
            take("->")
            graph.add_edge(name, take("quoted")[1], **attributes())
        else:
            graph.add_node(name, **attributes())
        take(";")
    take("}")
    return graph


def _tokens(text: str) -> list[tuple[str, object]]:
    """``(kind, value)``: ``("quoted", str)``, ``("word", typed value)`` or a symbol twice."""
    tokens: list[tuple[str, object]] = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise ValueError(f"DOT: cannot read {text[position : position + 20]!r}")
        quoted, symbol, word = match.groups()
        position = match.end()
        if quoted is not None:
            tokens.append(("quoted", re.sub(r'\\[\\"n]', lambda m: _UNESCAPE[m.group()], quoted)))
        elif symbol is not None:
            tokens.append((symbol, symbol))
        else:
            tokens.append(("word", _word_value(word)))
    return tokens


def _word_value(word: str) -> object:
    if word in ("true", "false"):
        return word == "true"
    try:
        return float(word) if "." in word else int(word)
    except ValueError:
        return word


def check_drawing_path(path: Path) -> None:
    """``ValueError`` unless ``path`` names a picture :func:`draw_graph` can write.

    >>> check_drawing_path(Path("battle.gif"))
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: battle.gif: a drawing is .png, .svg, .pdf, not '.gif'
    """
    if path.suffix.lower() not in DRAW_FORMATS:
        raise InputError(f"{path}: a drawing is {', '.join(DRAW_FORMATS)}, not {echo(path.suffix)}")


def _parents(graph: Any, node: Any) -> set[Any]:
    return set(graph.predecessors(node))


def layered_positions(graph: Any) -> dict[Any, tuple[float, float]]:
    """Positions for a drawing: rows by the ``layer`` attribute, first layer on top.

    Within a row, nodes follow the mean position of their parents in the rows above (the
    barycentre heuristic), which uncrosses most edges of a game's graph; a node whose
    parents are all in its own row stands right after its parent.

    >>> graph = nx.DiGraph([("a", "c"), ("b", "d")])
    >>> nx.set_node_attributes(graph, {"a": 0, "b": 0, "c": 1, "d": 1}, "layer")
    >>> layered_positions(graph)
    {'a': (-0.5, 0), 'b': (0.5, 0), 'c': (-0.5, -1), 'd': (0.5, -1)}
    """
    rows: dict[int, list[Any]] = {}
    for node, data in graph.nodes(data=True):
        rows.setdefault(data.get("layer", 0), []).append(node)
    positions: dict[Any, tuple[float, float]] = {}
    for depth, layer in enumerate(sorted(rows)):
        row = rows[layer]

        def barycentre(node: Any) -> float:
            placed = [positions[p][0] for p in graph.predecessors(node) if p in positions]
            return sum(placed) / len(placed) if placed else 0.0

        members = set(row)
        # A node reached only from its own row (a stop beside the decision that made it)
        # goes right after its parent: the edge between them is short and crosses nothing.
        beside = [n for n in row if _parents(graph, n) and _parents(graph, n) <= members]
        row = sorted((n for n in row if n not in beside), key=barycentre)  # stable: ties keep
        for node in beside:  # the graph's order
            parent = next(iter(graph.predecessors(node)))
            row.insert(row.index(parent) + 1 if parent in row else len(row), node)
        for index, node in enumerate(row):
            positions[node] = (index - (len(row) - 1) / 2, -depth)
    return positions


def drawing_size(graph: Any, positions: Mapping[Any, tuple[float, float]]) -> tuple[float, float]:
    """The inches a drawing needs so that no label overlaps its neighbours: each node of
    the widest row gets room for the longest label, each row room for a label and its edges.
    Raises ``ValueError`` when that is wider than :data:`MAX_DRAWING_INCHES`.

    >>> graph = nx.DiGraph([("5v3", "5v3 roll 3v2")])
    >>> nx.set_node_attributes(graph, {"5v3": 0, "5v3 roll 3v2": 1}, "layer")
    >>> drawing_size(graph, layered_positions(graph))
    (6.0, 4.0)
    """
    rows: dict[float, int] = {}
    for _, y in positions.values():
        rows[y] = rows.get(y, 0) + 1
    widest = max(rows.values(), default=1)
    longest = max((len(str(graph.nodes[n].get("label", n))) for n in graph), default=1)
    slot = longest * _CHAR_INCHES + _LABEL_GAP_INCHES
    width, height = max(6.0, widest * slot), max(4.0, len(rows) * _ROW_INCHES)
    if max(width, height) > MAX_DRAWING_INCHES:
        fits = int(MAX_DRAWING_INCHES // slot)
        raise ValueError(
            f"a row of the graph holds {widest} states with labels of up to {longest} "
            f"characters: too wide to draw readably (at most {fits} to a row); draw the "
            "optimal play only (--optimal-only), a compact graph (--compact), or open the "
            "GraphML in Gephi"
        )
    return width, height


def draw_graph(graph: Any, path: Path, *, max_nodes: int = MAX_DRAWN_NODES) -> None:
    """Draw ``graph`` to a PNG, SVG or PDF file, in rows by each node's ``layer`` attribute.

    Each node is its label in a box coloured by ``kind``, with room to spare in its row;
    edges on optimal play are drawn dark and thick, the others light. Graphs of more than
    ``max_nodes`` nodes, or with rows too wide to draw readably, are refused with
    ``ValueError``, before anything is written.
    """
    check_drawing_path(path)
    if len(graph) > max_nodes:
        raise InputError(
            f"the graph has {len(graph)} nodes, too many to draw legibly (at most {max_nodes}); "
            "draw the optimal play only, or a compact graph, or open the GraphML in Gephi"
        )
    positions = layered_positions(graph)
    size = drawing_size(graph, positions)
    # Imported here: only drawing needs matplotlib (the plot extra), and it is slow to import.
    require("matplotlib", "plot", "drawing a graph").use("Agg")
    from matplotlib import pyplot
    from matplotlib.patches import Patch

    figure, axes = pyplot.subplots(figsize=size)
    try:
        labels = {node: str(data.get("label", node)) for node, data in graph.nodes(data=True)}
        # Arrows stop at the edge of a label's box: a node's "size" grows with its label.
        sizes = [(len(labels[node]) * 2.2 + 14) ** 2 for node in graph]
        optimal = [(u, v) for u, v, data in graph.edges(data=True) if data.get("optimal")]
        other = [edge for edge in graph.edges if edge not in set(optimal)]
        for edges, style in ((other, {"edge_color": "#cccccc"}), (optimal, {"width": 1.6})):
            nx.draw_networkx_edges(
                graph, positions, edgelist=edges, node_size=sizes, node_shape="s", ax=axes, **style
            )
        by_kind: dict[str, dict[Any, str]] = {}
        for node, data in graph.nodes(data=True):
            by_kind.setdefault(data.get("kind", ""), {})[node] = labels[node]
        for kind, group in by_kind.items():
            box = {"boxstyle": "round,pad=0.25", "facecolor": _COLOURS.get(kind, "#999999")}
            nx.draw_networkx_labels(
                graph, positions, labels=group, font_size=7, font_color="white", bbox=box, ax=axes
            )
        chances = {
            (u, v): f"{data['probability']:.2f}"
            for u, v, data in graph.edges(data=True)
            if data.get("probability")
        }
        if len(chances) <= _MAX_EDGE_LABELS:
            nx.draw_networkx_edge_labels(graph, positions, chances, font_size=6, ax=axes)
        kinds = {data.get("kind") for _, data in graph.nodes(data=True)}
        legend = [Patch(color=c, label=k) for k, c in _COLOURS.items() if k in kinds]
        axes.legend(handles=legend, loc="upper left", fontsize=8, frameon=False)
        axes.set_axis_off()
        figure.tight_layout()
        with atomic_path(path) as temporary:
            figure.savefig(temporary)
    finally:
        pyplot.close(figure)
