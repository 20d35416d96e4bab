"""A game's declared parameters: :class:`Param`, parsed from command-line text and checked
once, so a :class:`~gamegraph.games.base.Game` instance always holds valid, typed values.
No numpy here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from gamegraph.errors import InputError

__all__ = ["REQUIRED", "Param", "ParamKind", "number_of"]

ParamKind = Literal["int", "flag", "choice", "fraction"]


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""Default of a parameter that has none (n, usually)."""

_INT = re.compile(r"^\s*[+-]?\d+\s*$")
_FRACTION = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$|^\s*(\d*\.?\d+)\s*$")
_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off")


@dataclass(frozen=True)
class Param:
    """One declared parameter of a game.

    ``in_id`` parameters are part of the graph id (n always is, last); the others (a build
    mode such as ``restricted``) are stored with the graph but two graphs that differ only
    in them share one id, so loading one replaces the other. ``many`` lets `load` and
    `export` take a comma-separated list of values, one graph each, and makes them load every
    choice when the option is not given (the lifting rules).
    """

    name: str
    help: str
    kind: ParamKind = "int"
    default: Any = REQUIRED
    choices: tuple[str, ...] = ()
    minimum: int | Fraction | None = None
    maximum: int | Fraction | None = None
    open_minimum: bool = False  #: the minimum itself is excluded (p > 0)
    in_id: bool = True
    many: bool = False
    option: str = ""  #: command-line option, "--" + name unless given
    loadable: bool = True  #: offered by `load` and `export` (not only by `stats`)

    @property
    def cli_option(self) -> str:
        return self.option or f"--{self.name.replace('_', '-')}"

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def parse(self, text: str) -> Any:
        """The typed value of a command-line text (checked, see :meth:`check`)."""
        if self.kind == "int":
            if not _INT.match(text):
                raise InputError(f"{self.cli_option} {text!r} is not an integer")
            return self.check(int(text))
        if self.kind == "flag":
            lowered = text.strip().lower()
            if lowered in _TRUE:
                return True
            if lowered in _FALSE:
                return False
            raise InputError(f"{self.cli_option} {text!r} is not true or false")
        if self.kind == "fraction":
            match = _FRACTION.match(text)
            if match is None:
                raise InputError(
                    f"{self.cli_option} {text!r} is not a number: write a fraction such as "
                    "1/2 or a decimal such as 0.25"
                )
            if match.group(1) is not None and int(match.group(2)) == 0:
                raise InputError(f"{self.cli_option} {text!r} divides by zero")
            return self.check(Fraction(text.replace(" ", "")))
        return self.check(text.strip())

    def check(self, value: Any) -> Any:
        """A Python value, validated and converted to the parameter's type."""
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(f"{self.name} must be an integer, not {value!r}")
        elif self.kind == "flag":
            if not isinstance(value, bool):
                raise InputError(f"{self.name} must be true or false, not {value!r}")
            return value
        elif self.kind == "fraction":
            if isinstance(value, str):
                return self.parse(value)
            if isinstance(value, bool) or not isinstance(value, int | Fraction | float):
                raise InputError(f"{self.name} must be a number such as 1/2, not {value!r}")
            fraction = Fraction(value)
            value = fraction.limit_denominator(10**12) if isinstance(value, float) else fraction
        else:
            if value not in self.choices:
                raise InputError(
                    f"unknown {self.name} {value!r}: choose from {', '.join(self.choices)}"
                )
            return value
        low, high = self.minimum, self.maximum
        # lifting's n is --n-max on the command line: "n (--n-max) must be <= 255"
        own = self.cli_option != f"--{self.name.replace('_', '-')}"
        named = self.name + (f" ({self.cli_option})" if own else "")
        if low is not None and (value < low or (self.open_minimum and value == low)):
            bound = f"> {_show(low)}" if self.open_minimum else f">= {_show(low)}"
            raise InputError(f"{named} must be {bound}, not {_show(value)}")
        if high is not None and value > high:
            raise InputError(f"{named} must be <= {_show(high)}, not {_show(value)}")
        return value

    def format(self, value: Any) -> str:
        """The value as text: in graph ids, on the :Graph record, in messages."""
        if self.kind == "flag":
            return "true" if value else "false"
        return _show(value)

    def stored(self, value: Any) -> Any:
        """The value as Neo4j holds it (on the :Graph record, on nodes, as a query
        parameter): a fraction as its text, anything else as it is."""
        return self.format(value) if self.kind == "fraction" else value

    def id_part(self, value: Any) -> str:
        """This parameter's piece of a graph id: the bare value for a choice, ``name=value``
        for a number (so ids read unambiguously: ``austrian:L=5:20``)."""
        return self.format(value) if self.kind == "choice" else f"{self.name}={self.format(value)}"


def number_of(things: str, maximum: int | None = None) -> Param:
    """The parameter n of a game whose n counts things, at least one: ``number_of("cards",
    255)`` is n, "The number of cards n.", 1..255."""
    return Param("n", f"The number of {things} n.", minimum=1, maximum=maximum)


def _show(value: Any) -> str:
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else str(value)
    return str(value)
