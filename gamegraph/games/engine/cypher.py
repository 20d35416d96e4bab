"""The Cypher of a defined game, written from its name and kind: no Cypher to write.

Each kind gets the files a built-in game of its kind ships, from the templates of
:file:`templates/` (package data, Cypher with the game's names in braces) with the game's
label (``TwoCardBulgarian``), move type (``TWO_CARD_BULGARIAN_MOVE``) and query prefix
(``two_card_bulgarian``) filled in:

- ``schema``: the uniqueness constraint on (n, the graph's other parameters, key) and the
  indexes on n and idx (internal);
- ``verify``: the queries `gamegraph verify` reads the stored graph with (internal);
- the generic named queries of the kind, for users (`gamegraph query --list`, Browser):
  functional ``<game>_trajectory``, ``_reaches``, ``_cycles``, ``_garden_of_eden``,
  ``_farthest``, ``_gds_components``; choice ``<game>_losing``, ``_core``, ``_moves``,
  ``_reaches``, ``_gds_core_components``; impartial ``<game>_p_positions``, ``_position``,
  ``_outcomes``. The ``_gds_`` queries are the components by Neo4j's Graph Data Science
  library, which `verify` compares with the stored ones where the server has GDS.

The texts follow the header rules of :mod:`gamegraph.db.query_files` (they are parsed by it,
as the shipped files are) and run unchanged in Neo4j Browser after their ``:param`` lines.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["prefix_of", "texts"]


def prefix_of(name: str) -> str:
    """The prefix of its query names: ``two_card_bulgarian``."""
    return name.replace("-", "_")


def texts(game: type[Any]) -> list[tuple[str, str, bool]]:
    """``(source, text, internal)`` of every Cypher file of a defined game (the class of
    :mod:`.defined`: its definition, label, move type and example)."""
    fill = _Fill(game)
    kind = game.definition.kind
    user = {
        "functional": ("functional", "reaches", "gds_functional"),
        "choice": ("choice", "reaches", "gds_choice"),
        "impartial": ("impartial",),
    }[kind]
    verify = "verify_functional" if kind == "functional" else "verify_arcs"
    files = [
        (f"{game.name} (schema)", fill("schema"), True),
        (f"{game.name} (verify)", fill(verify), True),
        (f"{game.name} (queries)", fill(*user), False),
    ]
    if game.definition.queries:  # shown by its name beside the game's others, not its path
        path = game.definition.queries
        with open(path, encoding="utf-8") as handle:
            files.append((f"{game.name} ({os.path.basename(path)})", handle.read(), False))
    return files


class _Fill:
    def __init__(self, game: type[Any]) -> None:
        others = [p for p in game.params if p.in_id and p.name != "n"]
        example = game.definition.example
        keys = ", ".join(f"{p.name}: ${p.name}" for p in [*game.params[:1], *others])
        self.values = {
            "label": game.label,
            "move": game.move,
            "p": prefix_of(game.name),
            "game": game.name,
            "title": " ".join(game.title.split()),  # comment lines: one line of text
            "match": "{" + keys + "}",
            "match_position": "{" + keys + ", key: $position}",
            "match_target": "{" + keys + ", key: $target}",
            "params": ", ".join(["n:int", *(f"{p.name}:param" for p in others)]),
            "key": ", ".join(["p.n", *(f"p.{p.name}" for p in others), "p.key"]),
            "gds_name": " + ':' + ".join(
                [repr(game.name), *(f"toString(${p.name})" for p in [*game.params[:1], *others])]
            ),
            "examples": "\n".join(
                f"// example: :param {name} => {value!r}"
                for name, value in [("n", example.get("n", 6))]
                + [(p.name, example.get(p.name, p.default)) for p in others]
            ),
            "position": repr(game.example_position()),
            "target": repr(game.example_position(last=True)),
        }

    def __call__(self, *templates: str) -> str:
        text = "\n".join(_template(name) for name in templates)
        for name, value in self.values.items():
            text = text.replace("{" + name + "}", str(value))
        return text


@cache
def _template(name: str) -> str:
    """A template of :file:`templates/` (the game's names in braces: ``{label}``, ...)."""
    return (
        resources.files(__package__ or "")
        .joinpath("templates", f"{name}.cypher")
        .read_text(encoding="utf-8")
    )
