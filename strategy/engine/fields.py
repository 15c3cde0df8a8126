"""A request's fields, declared once: type, default, help, label and choices of each.

A capability's request is a frozen dataclass whose fields are made by :func:`param`; the
metadata of each is a :class:`Param`, which every surface reads: the command line builds
its options from it (``strategy.cli``), the web API its parameters, validation, OpenAPI
schema and form (``strategy.serve``), and the Python function takes the same keywords.
A value typed as text (a query, an argument) is read by :meth:`Param.read`, which raises
:class:`~strategy.engine.errors.InputError` in the library's words; a surface prefixes
the field's name as it spells it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Demo:
...     rolls: int = param(3, help="rolls", kind="integer", minimum=1)
>>> [(name, default) for name, _, default in params(Demo)]
[('rolls', 3)]
>>> rolls = next(params(Demo))[1]
>>> rolls.read("2"), rolls.kind
(2, 'integer')
>>> rolls.read("0")
Traceback (most recent call last):
...
strategy.engine.errors.InputError: '0' must be at least 1
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from strategy.engine.errors import InputError, echo

#: The most characters a whole-number value may have: no count we take needs more.
MAX_INTEGER_TEXT = 100
#: Whole numbers stay below this: no count, size or seed anything here can use comes near
#: it, and one rule for every whole number is easier to know than one per field.
WHOLE_LIMIT = 10**18
#: What one value of a field is: a whole number, a finite decimal number, a yes or no, or
#: text (free, or one of its choices).
Kind = Literal["integer", "number", "boolean", "string"]
#: Booleans spelled as yes or no (or true, false, 1, 0, on, off).
YES, NO = ("yes", "y", "true", "1", "on"), ("no", "n", "false", "0", "off")


def whole(text: str, minimum: int | None = None) -> int:
    """A whole number of at most :data:`MAX_INTEGER_TEXT` characters, at least ``minimum``;
    ASCII digits only (``int`` would take other scripts' digits too).

    >>> whole("-3"), whole("12", 1)
    (-3, 12)
    >>> whole("\\u0663")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: '٣' is not a whole number (digits 0-9)
    >>> whole(str(10**30))
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: '1000000000000000000000000000000' is too large: whole \
numbers here stay below 10^18
    """
    text = text.strip()
    if len(text) > MAX_INTEGER_TEXT:
        raise InputError(f"{echo(text, 20)} is too large: at most {MAX_INTEGER_TEXT} digits")
    digits = text[1:] if text[:1] in "+-" else text
    if not (digits.isascii() and digits.isdigit()):
        raise InputError(f"{echo(text)} is not a whole number (digits 0-9)")
    value = int(text)
    if abs(value) >= WHOLE_LIMIT:
        raise InputError(f"{echo(text)} is too large: whole numbers here stay below 10^18")
    if minimum == 0 and value < 0:
        raise InputError(f"{echo(text)} must not be negative")
    if minimum is not None and value < minimum:
        raise InputError(f"{echo(text)} must be at least {minimum}")
    return value


def number(text: str) -> float:
    """A finite decimal number, written in ASCII.

    >>> number("0.02")
    0.02
    >>> number("1e400")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: '1e400' is not a finite number
    """
    text = text.strip()
    if not text.isascii() or len(text) > MAX_INTEGER_TEXT:
        raise InputError(f"{echo(text)} is not a number")
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{echo(text)} is not a number") from None
    if not math.isfinite(value):
        raise InputError(f"{echo(text)} is not a finite number")
    return value


def yes_no(text: str) -> bool:
    """Yes or no.

    >>> yes_no("yes"), yes_no("0")
    (True, False)
    """
    value = text.strip().lower()
    if value in YES:
        return True
    if value in NO:
        return False
    raise InputError(f"{echo(text)} is not yes or no")


@dataclass(frozen=True)
class Param:
    """One field of a request as every surface shows it.

    ``kind`` is what one value is; ``many`` makes the field a tuple of them (``6,8,6``;
    the command line's positional ``D ...``); ``minimum`` bounds whole numbers; ``choices``
    lists the values text may take. ``label`` names it on the page's form, ``group`` the
    section of the help and the form it belongs to, ``metavar`` the placeholder of help.
    What only the command line needs: ``positional`` (given without a name, as ``A D``; a
    field with a default may be given by position or by its option, as ``table 30 30`` or
    ``table --attackers 30 --defenders 30``),
    ``repeat`` (a text option given several times adds to itself, joined by commas),
    ``alias`` (a player's name for the option, as ``--from``), ``off`` (the flag that sets
    a boolean False, as ``--no-stop`` or ``--float``), ``optional_value`` (a boolean
    given alone means yes, as ``--capital``, or with ``yes|no``). ``form`` and
    ``page_default``: whether and how the page's form shows it.
    """

    help: str
    kind: Kind = "string"
    label: str = ""
    group: str = ""
    many: bool = False
    minimum: int | None = None
    choices: tuple[str, ...] | None = None
    metavar: str | None = None
    positional: bool = False
    repeat: bool = False
    alias: str | None = None
    off: str | None = None
    optional_value: bool = False
    required: bool = False
    form: bool = False
    page_default: str | None = None
    suggestions: tuple[str, ...] = ()

    def read_one(self, text: str) -> Any:
        """One value from text, in this field's kind (``InputError`` if it is not one)."""
        if self.kind == "integer":
            return whole(text, self.minimum)
        if self.kind == "number":
            return number(text)
        if self.kind == "boolean":
            return yes_no(text)
        if self.choices is not None and text not in self.choices:
            raise InputError(f"{echo(text)} is not one of {', '.join(self.choices)}")
        return text

    def read(self, text: str) -> Any:
        """The field's value from text: one value, or a comma-separated tuple of them."""
        if not self.many:
            return self.read_one(text)
        parts = [part.strip() for part in text.split(",")]
        if parts == [""]:
            raise InputError("give at least one value")
        return tuple(self.read_one(part) for part in parts)


def param(default: Any = dataclasses.MISSING, **declared: Any) -> Any:
    """A request's field: its default (none: the field is required) and its
    :class:`Param` keywords."""
    required = default is dataclasses.MISSING
    spec = Param(required=required, **declared)
    if required:
        return dataclasses.field(metadata={"param": spec})
    return dataclasses.field(default=default, metadata={"param": spec})


def params(request: type[Any] | Any) -> Iterator[tuple[str, Param, Any]]:
    """Each field of a request class: its name, :class:`Param` and default (``None`` for
    a required field), in the order declared."""
    for item in dataclasses.fields(request):
        default = None if item.default is dataclasses.MISSING else item.default
        yield item.name, item.metadata["param"], default
