"""MkDocs hook: the API reference covers every module, and every public name has a docstring.

mkdocstrings renders what it is given and says nothing about what has no docstring, so this
hook does two things the strict build relies on:

* ``<!-- reference: strategy.engine -->`` in a page becomes one ``::: module`` block per
  module of that package (the package first, then its modules in name order, private ones
  left out; ``<!-- reference: strategy.risk without strategy.risk.turns -->`` leaves out a
  subpackage that has its own page), so a module added to the library is in the reference
  without editing a page;
* before the build, every public module, class, function and method of the documented
  packages (names not starting with ``_``; imported names are documented where they are
  defined) without a docstring is logged as a warning, which ``mkdocs build --strict``
  turns into a failed build.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import griffe

#: The packages whose public names the reference documents, with their subpackages (cli,
#: serve and paper are programs: their interface is the command line, documented in the
#: how-to guides; of ``strategy`` itself only its own names).
DOCUMENTED = ("strategy.engine", "strategy.risk", "strategy.classic", "strategy.present")
EVERYDAY = "<!-- everyday names of strategy.risk -->"
MARKER = re.compile(r"<!-- reference: (strategy[\w.]*)(?: without (strategy[\w.]*))? -->")
log = logging.getLogger("mkdocs.plugins.strategy.docstrings")


def load(root: Path, package: str = "strategy") -> griffe.Module:
    """The package's source read statically (as mkdocstrings reads it), from ``root``."""
    # Not as a path relative to the working folder: only the package under ``root``.
    loaded = griffe.load(
        package, search_paths=[str(root)], try_relative_path=False, resolve_aliases=False
    )
    assert isinstance(loaded, griffe.Module)
    return loaded


def public(member: Any) -> bool:
    """A name of the public interface: not private, and defined here rather than imported."""
    return not member.name.startswith("_") and not member.is_alias


def modules(module: griffe.Module, without: str | None = None) -> Iterator[griffe.Module]:
    """``module`` and its public submodules (but not ``without`` and its own), depth first,
    in name order."""
    yield module
    for name in sorted(module.modules):
        child = module.modules[name]
        if public(child) and child.path != without:
            yield from modules(child, without)


def missing_docstrings(module: griffe.Module, *, deep: bool = True) -> list[str]:
    """The dotted paths of the public modules, classes, functions and methods in ``module``
    (and, if ``deep``, its submodules) that have no docstring.

    >>> import griffe
    >>> code = 'def documented():\\n    "Yes."\\n\\ndef bare():\\n    pass\\n'
    >>> missing_docstrings(griffe.visit("example", filepath=Path("example.py"), code=code))
    ['example', 'example.bare']
    """
    missing = []
    for each in modules(module) if deep else (module,):
        if not each.docstring:
            missing.append(each.path)
        for member in each.members.values():
            if not public(member) or not (member.is_class or member.is_function):
                continue
            methods = member.members.values() if member.is_class else ()
            for obj in (member, *(m for m in methods if public(m) and m.is_function)):
                if not obj.docstring:
                    missing.append(obj.path)
    return missing


def documented(package: griffe.Module, path: str) -> griffe.Module:
    """The module named ``path`` in ``package`` (which may be ``path`` itself)."""
    found = package if path == package.path else package[path.removeprefix("strategy.")]
    assert isinstance(found, griffe.Module)
    return found


def undocumented(package: griffe.Module) -> list[str]:
    """Every public name the reference shows that has no docstring."""
    shallow = ("strategy", "strategy.testing")
    found = [
        name
        for path in shallow
        for name in missing_docstrings(documented(package, path), deep=False)
    ]
    return found + [
        name for path in DOCUMENTED for name in missing_docstrings(documented(package, path))
    ]


def on_pre_build(config: Any) -> None:
    """Warn (so a strict build fails) about every public name without a docstring."""
    for name in undocumented(load(Path(config["config_file_path"]).parent)):
        log.warning("public name without a docstring: %s", name)


def everyday_names() -> dict[str, str]:
    """``strategy.risk``'s lazy exports, name to module (they load on first use, so griffe
    does not see them as members; the table itself is light to import)."""
    from strategy.risk import EXPORTS

    return EXPORTS


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Expand each reference marker into the modules of its package, and the everyday
    names' marker into links to where each is defined."""
    if EVERYDAY in markdown:
        names = everyday_names()
        links = ", ".join(f"[`{name}`][{module}.{name}]" for name, module in names.items())
        markdown = markdown.replace(EVERYDAY, links)

    def expand(match: re.Match[str]) -> str:
        package = load(Path(config["config_file_path"]).parent)
        names = [m.path for m in modules(documented(package, match[1]), match[2])]
        return "\n\n".join(f"::: {name}" for name in names)

    return MARKER.sub(expand, markdown)
