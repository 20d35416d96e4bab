"""The Cypher of a defined game, written from its name and kind: no Cypher to write.

Each kind gets the files a built-in game of its kind ships, with the game's label
(``TwoCardBulgarian``), move type (``TWO_CARD_BULGARIAN_MOVE``) and query prefix
(``two_card_bulgarian``) filled in:

- ``schema``: the uniqueness constraint on (n, the graph's other parameters, key) and the
  indexes on n and idx (internal);
- ``verify``: the queries `gamegraph verify` reads the stored graph with (internal);
- the generic named queries of the kind, for users (`gamegraph query --list`, Browser):
  functional ``<game>_trajectory``, ``_reaches``, ``_cycles``, ``_garden_of_eden``,
  ``_farthest``; choice ``<game>_losing``, ``_core``, ``_moves``, ``_reaches``; impartial
  ``<game>_p_positions``, ``_position``, ``_outcomes``.

The texts follow the header rules of :mod:`gamegraph.db.query_files` (they are parsed by it,
as the shipped files are) and run unchanged in Neo4j Browser after their ``:param`` lines.
"""

from __future__ import annotations

from typing import Any

__all__ = ["label_of", "move_of", "prefix_of", "texts"]


def label_of(name: str) -> str:
    """The node label of a game name: ``two-card-bulgarian`` -> ``TwoCardBulgarian``."""
    return "".join(word[:1].upper() + word[1:] for word in name.split("-"))


def move_of(name: str) -> str:
    """The relationship type of its move: ``TWO_CARD_BULGARIAN_MOVE``."""
    return name.replace("-", "_").upper() + "_MOVE"


def prefix_of(name: str) -> str:
    """The prefix of its query names: ``two_card_bulgarian``."""
    return name.replace("-", "_")


def texts(game: type[Any]) -> list[tuple[str, str, bool]]:
    """``(source, text, internal)`` of every Cypher file of a defined game (the class of
    :mod:`.defined`: its definition, label, move type and example)."""
    fill = _Fill(game)
    kind = game.definition.kind
    user = {
        "functional": _FUNCTIONAL + _REACHES,
        "choice": _CHOICE + _REACHES,
        "impartial": _IMPARTIAL,
    }[kind]
    verify = _VERIFY_FUNCTIONAL if kind == "functional" else _VERIFY_ARCS
    files = [
        (f"{game.name} (schema)", fill(_SCHEMA), True),
        (f"{game.name} (verify)", fill(verify), True),
        (f"{game.name} (queries)", fill(user), False),
    ]
    if game.definition.queries:
        with open(game.definition.queries, encoding="utf-8") as handle:
            files.append((game.definition.queries, handle.read(), False))
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
            "examples": "\n".join(
                f"// example: :param {name} => {value!r}"
                for name, value in [("n", example.get("n", 6))]
                + [(p.name, example.get(p.name, p.default)) for p in others]
            ),
            "position": repr(game.example_position()),
            "target": repr(game.example_position(last=True)),
        }

    def __call__(self, template: str) -> str:
        text = template
        for name, value in self.values.items():
            text = text.replace("{" + name + "}", str(value))
        return text


_SCHEMA = """\
// name: schema_{p}_key
// A position of {title} is identified by n, the graph's parameters and its key.
CREATE CONSTRAINT gamegraph_{p}_key IF NOT EXISTS
FOR (p:{label}) REQUIRE ({key}) IS UNIQUE

// name: schema_{p}_n
// Whole-graph questions start from all positions of one n.
CREATE INDEX gamegraph_{p}_n IF NOT EXISTS FOR (p:{label}) ON (p.n)

// name: schema_{p}_idx
// A position by its index (a slice of positions for verify).
CREATE INDEX gamegraph_{p}_idx IF NOT EXISTS FOR (p:{label}) ON (p.n, p.idx)
"""

_VERIFY_FUNCTIONAL = """\
// name: verify_{p}_positions
// Positions with $lo <= idx < $hi, each with its moves (the successors; the move rule is
// the definition's, checked against the engine's calls), its number of predecessors and its
// stored analysis (used by `gamegraph verify`). One record of columns, a list per answer
// aligned by position: off_rule lists the indices whose move leaves the graph, an absent
// property reads -2.
// params: {params}, lo:int, hi:int
// requires: {game}
// scan: every position of the slice, answered in one record
{examples}
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:{label} {match})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:{move}]->(q) | q] AS moves
WITH p, moves, all(q IN moves WHERE q.graph = p.graph) AS by_rule
RETURN
  collect(p.idx) AS idx,
  collect(size(moves)) AS moves,
  collect(coalesce(moves[0].idx, -1)) AS successor,
  collect(CASE WHEN NOT by_rule THEN p.idx END) AS off_rule,
  collect(COUNT { ()-[:{move}]->(p) }) AS in_degree,
  collect(coalesce(p.in_degree, -2)) AS stored_in_degree,
  collect(p:GardenOfEden) AS stored_garden_of_eden,
  collect(p:Recurrent) AS stored_recurrent,
  collect(coalesce(p.distance, -2)) AS stored_distance,
  collect(coalesce(p.cycle, -2)) AS stored_cycle,
  collect(coalesce(p.cycle_length, -2)) AS stored_cycle_length

// name: verify_{p}_cycles
// From each position of $starts (indices), the shortest way round back to itself: its
// cycle's members in move order, or null when its moves never return (used by verify).
// params: {params}, starts:list
// requires: {game}
{examples}
// example: :param starts => [0]
UNWIND $starts AS start
MATCH (s:{label} {match})
WHERE s.idx = start
OPTIONAL CALL (s) {
  MATCH round = SHORTEST 1 (s)-[:{move}]->+(s)
  RETURN [m IN nodes(round)[0..-1] | m.idx] AS members
}
RETURN start, members
"""

_VERIFY_ARCS = """\
// name: verify_{p}_arcs
// Positions with $lo <= idx < $hi, each with its moves (the indices they lead to), its
// number of predecessors and every property its analysis stored (used by `gamegraph verify`).
// params: {params}, lo:int, hi:int
// requires: {game}
// scan: one row per position of the slice
{examples}
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:{label} {match})
WHERE $lo <= p.idx < $hi
RETURN
  p.idx AS idx,
  p.key AS key,
  [(p)-[:{move}]->(q) WHERE q.graph = p.graph | q.idx] AS successors,
  COUNT { ()-[:{move}]->(p) } AS in_degree,
  properties(p) AS stored,
  labels(p) AS labels
ORDER BY idx
"""

_REACHES = """\
// name: {p}_reaches
// Whether position $position reaches $target by moves, and in how many (the least; 0 when
// they are equal). One row; moves is null when it does not.
// params: {params}, position:position, target:position
// requires: {game}
{examples}
// example: :param position => {position}
// example: :param target => {target}
MATCH (a:{label} {match_position}), (b:{label} {match_target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a)-[:{move}]->*(b)
  RETURN path
}
RETURN a.key AS position, b.key AS target, path IS NOT NULL AS reaches, length(path) AS moves
"""
"""The reachability question, the same text for functional and choice games."""

_FUNCTIONAL = """\
// Generic questions about {title}, a defined functional solitaire (one move per position).

// name: {p}_trajectory
// The trajectory of a position until it enters its cycle: the positions in order (start and
// cycle entry included), the number of moves, and the cycle it ends in (in move order).
// params: {params}, position:position
// requires: {game}
{examples}
// example: :param position => {position}
MATCH walk = (:{label} {match_position})
  ((a)-[:{move}]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:{move}]->+(entry)
RETURN
  [q IN nodes(walk) | q.key] AS trajectory,
  [q IN nodes(walk) | q.notation] AS notation,
  length(walk) AS moves,
  [q IN nodes(round)[0..-1] | q.key] AS cycle,
  length(round) AS cycle_length

// name: {p}_cycles
// The cycles (one per component), largest basin first, at most $limit of them: members in
// move order from the member of smallest index, length, basin size and the number of cycles.
// params: {params}, limit:int
// requires: {game}
// scan: counts the basins over every position
{examples}
// example: :param limit => 25
MATCH (p:{label} {match})
WITH p.cycle AS cycle, count(*) AS basin, min(CASE WHEN p:Recurrent THEN p.idx END) AS first
ORDER BY basin DESC, cycle
WITH collect({cycle: cycle, basin: basin, first: first}) AS cycles
UNWIND cycles[0..$limit] AS c
MATCH (s:{label} {match})
WHERE s.idx = c.first
MATCH round = SHORTEST 1 (s)-[:{move}]->+(s)
WITH c, nodes(round)[0..-1] AS members, size(cycles) AS total
RETURN
  c.cycle AS cycle,
  size(members) AS length,
  c.basin AS basin,
  [m IN members | m.key] AS members,
  total
ORDER BY basin DESC, cycle

// name: {p}_garden_of_eden
// The Garden of Eden positions (no position moves to them), in index order, at most $limit
// of them, each with the position it moves to and the total count.
// params: {params}, limit:int
// requires: {game}
// scan: reads the flag of every position
{examples}
// example: :param limit => 25
MATCH (p:{label}:GardenOfEden {match})
WITH p
ORDER BY p.idx
WITH collect(p) AS eden
UNWIND eden[0..$limit] AS p
MATCH (p)-[:{move}]->(next)
RETURN p.key AS position, p.notation AS notation, next.key AS moves_to, size(eden) AS total

// name: {p}_farthest
// The positions farthest from their cycle (the longest transients), in index order, at most
// $limit of them, with the number of moves and the total count.
// params: {params}, limit:int
// requires: {game}
// scan: reads the distance of every position
{examples}
// example: :param limit => 25
MATCH (p:{label} {match})
WITH max(p.distance) AS farthest
MATCH (p:{label} {match})
WHERE p.distance = farthest
WITH p
ORDER BY p.idx
WITH collect(p) AS far
UNWIND far[0..$limit] AS p
RETURN p.key AS position, p.notation AS notation, p.distance AS moves, size(far) AS total

"""

_CHOICE = """\
// Generic questions about {title}, a defined choice solitaire (any number of moves).

// name: {p}_losing
// The losing positions (every way of playing ends in a position with no move), in index
// order, at most $limit of them, with the total count.
// params: {params}, limit:int
// requires: {game}
// scan: reads the flag of every position
{examples}
// example: :param limit => 25
MATCH (p:{label}:Losing {match})
WITH p
ORDER BY p.idx
WITH collect(p) AS losing
UNWIND losing[0..$limit] AS p
RETURN
  p.key AS position,
  p.notation AS notation,
  p:ImmediateLoss AS immediate,
  size(losing) AS total

// name: {p}_core
// The strongly connected components of the core (the recurrent states), largest first, at
// most $limit of them: size, moves inside, and up to 10 members.
// params: {params}, limit:int
// requires: {game}
// scan: reads the recurrent positions
{examples}
// example: :param limit => 25
MATCH (p:{label}:Recurrent {match})
WITH p.core_component AS component, collect(p) AS members
ORDER BY size(members) DESC, component
LIMIT $limit
RETURN
  component,
  size(members) AS size,
  [m IN members[0..10] | m.key] AS first_members

// name: {p}_moves
// The moves of one position, each with the status of where it leads: recurrent, winning
// (turns to the core) or losing.
// params: {params}, position:position
// requires: {game}
{examples}
// example: :param position => {position}
MATCH (p:{label} {match_position})-[:{move}]->(q)
RETURN
  q.key AS move_to,
  q:Recurrent AS recurrent,
  q:Winning AS winning,
  q.turns_to_core AS turns_to_core
ORDER BY q.idx

"""

_IMPARTIAL = """\
// Generic questions about {title}, a defined impartial game (normal play).

// name: {p}_p_positions
// The P-positions (the player to move loses), in index order, at most $limit of them, with
// the total count.
// params: {params}, limit:int
// requires: {game}
// scan: reads the flag of every position
{examples}
// example: :param limit => 25
MATCH (p:{label}:PPosition {match})
WITH p
ORDER BY p.idx
WITH collect(p) AS losing
UNWIND losing[0..$limit] AS p
RETURN p.key AS position, p.notation AS notation, p.size AS size, size(losing) AS total

// name: {p}_position
// One position: its outcome (P, N or D for a draw), its Sprague-Grundy value (absent where
// play can go on for ever), its options and the winning moves (to a P-position).
// params: {params}, position:position
// requires: {game}
{examples}
// example: :param position => {position}
MATCH (p:{label} {match_position})
RETURN
  p.key AS position,
  p.outcome AS outcome,
  p.grundy AS grundy,
  [(p)-[:{move}]->(q) | q.key] AS options,
  [(p)-[:{move}]->(q:PPosition) | q.key] AS winning_moves

// name: {p}_outcomes
// How many positions of each size are P, N and draws.
// params: {params}
// requires: {game}
// scan: reads every position
{examples}
MATCH (p:{label} {match})
RETURN
  p.size AS size,
  count(*) AS positions,
  count(CASE WHEN p.outcome = 'P' THEN 1 END) AS p_positions,
  count(CASE WHEN p.outcome = 'N' THEN 1 END) AS n_positions,
  count(CASE WHEN p.outcome = 'D' THEN 1 END) AS draws
ORDER BY size
"""
