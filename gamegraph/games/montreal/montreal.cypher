// Questions about Montreal solitaire on I(n) (SPEC-games.md §3), one named query per block.
// Positions are the irreducible sequences I(n), keyed by their entries in order, inner
// zeros included ('1,0,2'); `gamegraph query` drops outer zeros. M permutes them: every
// position is on its cycle (its orbit), none is a Garden of Eden position and every
// trajectory has 0 moves (SPEC-games.md §3, MON-bij).
// M on I(n) is a functional graph (one MONTREAL_MOVE per position): a trajectory is the one
// path of moves that stops at its first :Recurrent position, a cycle the one shortest
// way round.

// name: montreal_trajectory
// The trajectory of a position until it enters its cycle: the positions in order (start and
// cycle entry included), the number of moves, and the cycle it ends in (from the entry, in move
// order).
// params: n:int, position:position
// requires: montreal
// example: :param n => 7
// example: :param position => '3,2,2'
MATCH walk = (:Montreal {n: $n, key: $position})
  ((a)-[:MONTREAL_MOVE]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:MONTREAL_MOVE]->+(entry)
RETURN
  [q IN nodes(walk) | q.key] AS trajectory,
  [q IN nodes(walk) | q.notation] AS notation,
  length(walk) AS moves,
  [q IN nodes(round)[0..-1] | q.key] AS cycle,
  length(round) AS cycle_length

// name: montreal_reaches
// Whether position $position reaches position $target by moves, and in how many (the least; 0
// when they are equal). One row; moves is null when it does not.
// params: n:int, position:position, target:position
// requires: montreal
// example: :param n => 7
// example: :param position => '3,2,2'
// example: :param target => '1,0,1,3,2'
MATCH (a:Montreal {n: $n, key: $position}), (b:Montreal {n: $n, key: $target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a)-[:MONTREAL_MOVE]->*(b)
  RETURN path
}
RETURN a.key AS position, b.key AS target, path IS NOT NULL AS reaches, length(path) AS moves

// name: montreal_cycles
// The cycles of M on I(n) (one per weak component), largest basin first, at most $limit of them:
// members in move order from the member of smallest index, length, basin size (positions whose
// trajectory ends in the cycle, its members included) and the total number of cycles.
// params: n:int, limit:int
// requires: montreal
// scan: counts the basins over every position of M on I(n) (|I(n)| of them)
// example: :param n => 7
// example: :param limit => 25
MATCH (p:Montreal {n: $n})
WITH p.cycle AS cycle, count(*) AS basin, min(CASE WHEN p:Recurrent THEN p.idx END) AS first
ORDER BY basin DESC, cycle
WITH collect({cycle: cycle, basin: basin, first: first}) AS cycles
UNWIND cycles[0..$limit] AS c
MATCH (s:Montreal {n: $n, idx: c.first})
MATCH round = SHORTEST 1 (s)-[:MONTREAL_MOVE]->+(s)
WITH c, nodes(round)[0..-1] AS members, size(cycles) AS total
RETURN
  c.cycle AS cycle,
  size(members) AS length,
  c.basin AS basin,
  [m IN members | m.key] AS members,
  [m IN members | m.notation] AS notation,
  total
ORDER BY basin DESC, cycle

// name: montreal_cycle_lengths
// How many cycles of M on I(n) have each length, and how many positions lie on them.
// params: n:int
// requires: montreal
// scan: reads the recurrent positions of M on I(n)
// example: :param n => 7
MATCH (p:Montreal:Recurrent {n: $n})
WITH p.cycle AS cycle, count(*) AS length
RETURN length, count(*) AS cycles, length * count(*) AS positions
ORDER BY length

// name: montreal_garden_of_eden
// Garden of Eden positions of M on I(n) (no position moves to them), in index order, at most
// $limit of them, each with the total count. M is a bijection of I(n), so there are none
// (SPEC-games.md §3).
// params: n:int, limit:int
// requires: montreal
// scan: looks at the incoming moves of every position of M on I(n)
// example: :param n => 7
// example: :param limit => 25
MATCH (p:Montreal {n: $n})
WHERE NOT EXISTS { ()-[:MONTREAL_MOVE]->(p) }
WITH p
ORDER BY p.idx
WITH collect(p) AS eden
UNWIND eden[0..$limit] AS p
MATCH (p)-[:MONTREAL_MOVE]->(next)
RETURN
  p.key AS position,
  p.notation AS notation,
  p.length AS length,
  next.key AS moves_to,
  size(eden) AS total

// name: montreal_farthest
// The positions of M on I(n) farthest from their cycle (the most moves before the trajectory
// enters it), in index order, at most $limit of them, each with the total count; the moves and
// the cycle entry are found by following the moves.
// params: n:int, limit:int
// requires: montreal
// scan: reads the distance of every position of M on I(n)
// example: :param n => 7
// example: :param limit => 25
MATCH (p:Montreal {n: $n})
WITH max(p.distance) AS farthest
MATCH (p:Montreal {n: $n})
WHERE p.distance = farthest
WITH p
ORDER BY p.idx
WITH collect(p) AS far
UNWIND far[0..$limit] AS p
MATCH walk = (p) ((a)-[:MONTREAL_MOVE]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:MONTREAL_MOVE]->+(entry)
RETURN
  p.key AS position,
  p.notation AS notation,
  length(walk) AS moves,
  entry.key AS entry,
  length(round) AS cycle_length,
  size(far) AS total
