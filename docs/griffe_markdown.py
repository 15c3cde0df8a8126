"""Griffe extension: the package's docstrings (reST roles, bare doctests) read as Markdown.

The docstrings are written for ``help()`` and doctest: examples are bare ``>>>`` blocks and
cross-references are Sphinx roles (``:func:`~strategy.risk.api.table```). For the site,
each doctest block becomes a fenced ``pycon`` block (so its output is not read as Markdown)
and each role a mkdocstrings cross-reference, resolved as Sphinx resolves it (a name in the
object's class or module, or a dotted path), which the strict build checks: a role whose
dotted ``strategy.`` path names nothing in the reference fails the build. A role naming
something outside the package's reference (``Fraction``, the command line's modules) stays
code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|mod|meth|data|attr|exc|obj):`(~?)([\w.]+)`")


#: Packages whose modules the reference shows; a role naming anything else stays code.
DOCUMENTED = ("strategy.engine.", "strategy.risk.", "strategy.classic.", "strategy.present.")


def find(package: griffe.Module, path: str) -> str | None:
    """The canonical path of the object ``path`` names in ``package``, or ``None``."""
    try:
        found = package[path.removeprefix(package.path + ".")] if path != package.path else package
    except (KeyError, ValueError, griffe.AliasResolutionError):
        return None
    return found.target_path if isinstance(found, griffe.Alias) else found.path


def resolve(package: griffe.Module, scope: griffe.Object, name: str) -> str | None:
    """What ``name`` names as seen from ``scope``: in it or an enclosing scope, or dotted."""
    scopes: list[griffe.Object] = []
    while scope is not None:
        scopes.append(scope)
        scope = scope.parent  # type: ignore[assignment]
    candidates = [f"{s.path}.{name}" for s in scopes] + [name]
    for candidate in candidates:
        if candidate.startswith(package.path + ".") and (found := find(package, candidate)):
            return found
    return None


def references(package: griffe.Module, scope: griffe.Object, text: str) -> str:
    """``text`` with each Sphinx role as an autorefs link (``~`` shows the last part only)."""

    def link(match: re.Match[str]) -> str:
        short, name = match[1], match[2]
        shown = f"`{name.rsplit('.', 1)[-1] if short else name}`"
        target = resolve(package, scope, name)
        if target is None and name.startswith(DOCUMENTED):
            target = name  # a dotted path into the reference that names nothing: broken
        shown_in_reference = target == "strategy" or str(target).startswith(DOCUMENTED)
        if target is None or not shown_in_reference or "._" in target:
            return shown  # outside the reference, or private: not rendered there
        return f"[{shown}][{target}]"

    return ROLE.sub(link, text)


def fence_doctests(text: str) -> str:
    """Wrap each doctest block (from a ``>>>`` line to the next blank line or a line
    indented less) in a fenced ``pycon`` block.

    >>> fence_doctests("Adds:\\n  >>> 1 + 1\\n  2\\nDone.").splitlines()
    ['Adds:', '  ```pycon', '  >>> 1 + 1', '  2', '  ```', 'Done.']
    """
    out: list[str] = []
    indent: str | None = None
    for line in text.splitlines():
        if indent is not None and (not line.strip() or not line.startswith(indent)):
            out.append(f"{indent}```")
            indent = None
        if indent is None and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
        out.append(line)
    if indent is not None:
        out.append(f"{indent}```")
    return "\n".join(out)


def markdown(package: griffe.Module, scope: griffe.Object, text: str) -> str:
    """The docstring ``text`` as Markdown: doctests fenced, roles outside them as links."""
    parts = re.split(r"(```pycon\n.*?```)", fence_doctests(text), flags=re.DOTALL)
    fenced = "```pycon"
    return "".join(p if p.startswith(fenced) else references(package, scope, p) for p in parts)


def objects(obj: griffe.Object) -> Iterator[griffe.Object]:
    """``obj`` and everything defined in it, depth first (imported names left out)."""
    yield obj
    for member in obj.members.values():
        if not isinstance(member, griffe.Alias):
            yield from objects(member)


class MarkdownDocstrings(griffe.Extension):
    """Rewrites every docstring once the package is loaded (see the module's docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Rewrite the docstring of every object in ``pkg``."""
        for obj in objects(pkg):
            if obj.docstring is not None:
                obj.docstring.value = markdown(pkg, obj, obj.docstring.value)
