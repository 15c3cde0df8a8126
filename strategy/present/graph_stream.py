"""Streaming writers of state graphs: GraphML, GEXF and node-link JSON, a node at a time.

networkx's writers build the whole document in memory as an element tree (or, for JSON,
encode it with the pure-Python indenting encoder) before writing a byte, which takes
longer than making the graph did. These write each node and edge as they read it, in the
form networkx's readers read back to the same graph: the same element names, the same
type names (``long``, ``double``, ``boolean``, ``string``), booleans as ``true`` and
``false``, floats by ``repr`` (so they come back bit for bit) and the same escapes.

They cover the graphs :mod:`strategy.present.graph` makes and any directed graph like them.
:func:`streamable` says whether one is covered; one that is not (attribute values other
than str, int, float and bool, an attribute with values of two types in GEXF, the names to
which networkx gives a meaning of its own) is for networkx's writers, as
:func:`strategy.present.graph_io.write_graph` does.

>>> import io
>>> import networkx as nx
>>> graph = nx.DiGraph(start="a")
>>> graph.add_node("a", label="a", value=0.5, won=False)
>>> graph.add_edge("a", "b", action="go & see")
>>> text = io.StringIO()
>>> write_graphml(graph, text)
>>> same = nx.read_graphml(io.BytesIO(text.getvalue().encode()))
>>> dict(same.nodes["a"]), same.edges["a", "b"], same.graph["start"]
({'label': 'a', 'value': 0.5, 'won': False}, {'action': 'go & see'}, 'a')
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from typing import Any, TextIO

__all__ = ["streamable", "write_gexf", "write_graphml", "write_node_link"]

Data = Mapping[str, Any]
_Formats = dict[type, Callable[[Any], str]]

#: Attribute types the streaming writers know, and their GraphML and GEXF names.
TYPE_NAMES: dict[type, str] = {str: "string", int: "long", float: "double", bool: "boolean"}

# Names networkx's GEXF writer takes out of the attributes for a meaning of its own.
_GEXF_NODE_NAMES = frozenset({"id", "pid", "start", "end", "viz", "parents", "spells", "slices"})
_GEXF_EDGE_NAMES = frozenset({"id", "key", "label", "weight", "type", "start", "end"})
_GEXF_EDGE_NAMES |= {"viz", "spells", "slices"}
# Graph attributes networkx's GraphML writer treats as its own.
_GRAPHML_GRAPH_NAMES = frozenset({"id", "node_default", "edge_default"})

# Values msgspec writes just as json does (but for infinities and NaN, see _encode).
_PLAIN = frozenset({str, int, float, bool, type(None)})

# Writes go out in pieces of about this many lines.
_CHUNK = 4096

_GRAPHML_HEAD = (
    "<?xml version='1.0' encoding='utf-8'?>\n"
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
    'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n'
)
_GEXF_HEAD = (
    "<?xml version='1.0' encoding='utf-8'?>\n"
    '<gexf xmlns="http://www.gexf.net/1.2draft" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="http://www.gexf.net/1.2draft http://www.gexf.net/1.2draft/gexf.xsd" '
    'version="1.2">\n'
)


def streamable(graph: Any, kind: str) -> bool:
    """Whether the streaming writer of ``kind`` (``graphml``, ``gexf``, ``json``) covers ``graph``.

    >>> import networkx as nx
    >>> streamable(nx.DiGraph([("a", "b")]), "gexf"), streamable(nx.Graph(), "gexf")
    (True, False)
    >>> streamable(nx.DiGraph([("a", "b", {"weight": 2})]), "gexf")
    False
    """
    if not graph.is_directed() or graph.is_multigraph():
        return False
    if kind == "json":
        return True
    nodes, edges = _types(_node_data(graph)), _types(_edge_data(graph))
    known = all(t in TYPE_NAMES for _, t in (*nodes, *edges, *_types([graph.graph])))
    if kind == "graphml":
        return known and _GRAPHML_GRAPH_NAMES.isdisjoint(graph.graph)
    # GEXF declares one type per attribute name.
    single = all(len({name for name, _ in pairs}) == len(pairs) for pairs in (nodes, edges))
    return (
        known
        and single
        and _GEXF_NODE_NAMES.isdisjoint(name for name, _ in nodes)
        and _GEXF_EDGE_NAMES.isdisjoint(name for name, _ in edges)
        and graph.graph.get("mode") != "dynamic"
        and "name" not in graph.graph
    )


def _node_data(graph: Any) -> Iterator[Data]:
    return (data for _, data in graph.nodes(data=True))


def _edge_data(graph: Any) -> Iterator[Data]:
    return (data for *_, data in graph.edges(data=True))


def _types(dicts: Iterable[Data]) -> dict[tuple[str, type], None]:
    """Every ``(name, type of value)`` pair in ``dicts``, in the order first met."""
    return dict.fromkeys((name, type(value)) for data in dicts for name, value in data.items())


def write_graphml(graph: Any, stream: TextIO) -> None:
    """Write ``graph`` to ``stream`` as GraphML, as ``networkx.write_graphml`` would."""
    scopes = {
        "graph": _types([graph.graph]),
        "node": _types(_node_data(graph)),
        "edge": _types(_edge_data(graph)),
    }
    keys: dict[tuple[str, str, type], str] = {}
    stream.write(_GRAPHML_HEAD)
    for scope, pairs in scopes.items():
        for name, kind in pairs:
            key = f"d{len(keys)}"
            keys[scope, name, kind] = f'<data key="{key}">'
            stream.write(
                f'  <key id="{key}" for="{scope}" attr.name="{_attribute(name)}" '
                f'attr.type="{TYPE_NAMES[kind]}" />\n'
            )
    stream.write('  <graph edgedefault="directed">\n')
    formats: _Formats = {str: _text, int: int.__repr__, float: float.__repr__, bool: _boolean}

    def data_lines(scope: str, indent: str, data: Data) -> list[str]:
        return [
            f"{indent}{keys[scope, name, type(value)]}{formats[type(value)](value)}</data>\n"
            for name, value in data.items()
        ]

    stream.write("".join(data_lines("graph", "    ", graph.graph)))
    nodes = (
        (f'    <node id="{_attribute(str(n))}">\n', data) for n, data in graph.nodes(data=True)
    )
    _write_elements(stream, nodes, lambda data: data_lines("node", "      ", data), "    </node>\n")
    edges = (
        (f'    <edge source="{_attribute(str(u))}" target="{_attribute(str(v))}">\n', data)
        for u, v, data in graph.edges(data=True)
    )
    _write_elements(stream, edges, lambda data: data_lines("edge", "      ", data), "    </edge>\n")
    stream.write("  </graph>\n</graphml>\n")


def write_gexf(graph: Any, stream: TextIO, description: str | None = None) -> None:
    """Write ``graph`` to ``stream`` as GEXF 1.2, as networkx's ``GEXFWriter`` would.

    ``description`` goes into the file's meta data (GEXF has no graph attributes).
    """
    nodes = _types(_node_data(graph))
    edges = _types(_edge_data(graph))
    stream.write(_GEXF_HEAD)
    stream.write(f'  <meta lastmodifieddate="{time.strftime("%Y-%m-%d")}">\n')
    stream.write("    <creator>strategy</creator>\n")
    if description is not None:
        stream.write(f"    <description>{_text(description)}</description>\n")
    stream.write('  </meta>\n  <graph defaultedgetype="directed" mode="static" name="">\n')
    ids: dict[str, dict[str, str]] = {"node": {}, "edge": {}}
    counter = 0
    for scope, pairs in (("edge", edges), ("node", nodes)):
        declared = [(name, kind) for name, kind in pairs if scope == "edge" or name != "label"]
        if not declared:
            continue
        stream.write(f'    <attributes mode="static" class="{scope}">\n')
        for name, kind in declared:
            ids[scope][name] = f'<attvalue for="{counter}" value="'
            stream.write(
                f'      <attribute id="{counter}" title="{_attribute(name)}" '
                f'type="{TYPE_NAMES[kind]}" />\n'
            )
            counter += 1
        stream.write("    </attributes>\n")
    formats: _Formats = {str: _attribute, int: int.__repr__, float: _gexf_float, bool: _boolean}

    def attvalues(scope: str, data: Data) -> list[str]:
        prefix = ids[scope]
        values = [
            f'          {prefix[name]}{formats[type(value)](value)}" />\n'
            for name, value in data.items()
            if name in prefix
        ]
        return ["        <attvalues>\n", *values, "        </attvalues>\n"] if values else []

    stream.write("    <nodes>\n")
    labelled = (
        (f'      <node id="{_attribute(str(n))}" label="{_label(n, d)}">\n', d)
        for n, d in graph.nodes(data=True)
    )
    _write_elements(stream, labelled, lambda data: attvalues("node", data), "      </node>\n")
    stream.write("    </nodes>\n    <edges>\n")
    numbered = (
        (f'      <edge {_ends(u, v)} id="{i}">\n', data)
        for i, (u, v, data) in enumerate(graph.edges(data=True))
    )
    _write_elements(stream, numbered, lambda data: attvalues("edge", data), "      </edge>\n")
    stream.write("    </edges>\n  </graph>\n</gexf>\n")


def _write_elements(
    stream: TextIO,
    elements: Iterable[tuple[str, Data]],
    body: Callable[[Data], list[str]],
    closing: str,
) -> None:
    """Each element's opening line, the lines ``body`` makes of its data, then ``closing``,
    written a few thousand lines at a time."""
    lines: list[str] = []
    for opening, data in elements:
        lines.append(opening)
        lines += body(data)
        lines.append(closing)
        if len(lines) > _CHUNK:
            stream.write("".join(lines))
            lines.clear()
    stream.write("".join(lines))


def write_node_link(graph: Any, stream: TextIO) -> None:
    """Write ``graph`` to ``stream`` as ``networkx.node_link_data(graph, edges="edges")`` in
    JSON, a few thousand nodes or edges to a line.

    With ``msgspec`` installed (the ``fast`` extra) its encoder writes the chunks, several
    times faster than the standard library's; the file differs only in spaces. It would
    write an infinity or NaN as ``null``, so chunks with those go to ``json``, which writes
    ``Infinity`` and ``NaN`` as Python reads them.
    """
    head = json.dumps({"directed": True, "multigraph": False, "graph": graph.graph})
    stream.write(head[:-1] + ', "nodes": [')
    _write_array(stream, ({**data, "id": node} for node, data in graph.nodes(data=True)))
    stream.write('\n], "edges": [')
    edges = graph.edges(data=True)
    _write_array(stream, ({**data, "source": u, "target": v} for u, v, data in edges))
    stream.write("\n]}\n")


def _write_array(stream: TextIO, elements: Iterable[dict[str, Any]]) -> None:
    """The elements of a JSON array, a chunk of them to a line."""
    fast = _fast_encoder()
    separator = "\n"
    remaining = iter(elements)
    while chunk := list(islice(remaining, _CHUNK)):
        text = json.dumps(chunk) if fast is None else _encode(chunk, fast)
        stream.write(separator + text[1:-1])
        separator = ",\n"


def _encode(chunk: list[dict[str, Any]], fast: Callable[[Any], bytes]) -> str:
    """``chunk`` in JSON by ``fast`` where that gives what ``json`` would, else by ``json``.

    msgspec also writes bytes, dates and other types json refuses (they would come back as
    strings), so only chunks of plain values go to it; and it writes an infinity or NaN as
    ``null``, so a chunk with ``null`` in its text (None, or the word in a string, as well)
    goes to ``json`` after all.
    """
    if {type(v) for data in chunk for v in data.values()} <= _PLAIN:
        text = fast(chunk)
        if b"null" not in text:
            return text.decode()
    return json.dumps(chunk)


def _fast_encoder() -> Callable[[Any], bytes] | None:
    """``msgspec``'s JSON encoder if it is installed (the ``fast`` extra)."""
    try:
        import msgspec  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    encode: Callable[[Any], bytes] = msgspec.json.Encoder().encode
    return encode


def _label(node: object, data: Data) -> str:
    """A node's GEXF label: its ``label`` attribute, else its id (as networkx writes it)."""
    return _attribute(str(data.get("label", node)))


def _ends(source: object, target: object) -> str:
    return f'source="{_attribute(str(source))}" target="{_attribute(str(target))}"'


def _text(text: str) -> str:
    """Text escaped as ElementTree escapes it, and ``\\r`` kept (a parser would drop it)."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def _attribute(text: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    return _text(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#09;")


def _boolean(value: bool) -> str:
    return "true" if value else "false"


def _gexf_float(value: float) -> str:
    """``repr``, but infinities and NaN as GEXF spells them (``INF``, ``-INF``, ``NaN``)."""
    if math.isfinite(value):
        return repr(value)
    return "NaN" if math.isnan(value) else "INF" if value > 0 else "-INF"
