// Questions about Carolina solitaire C_n (SPEC-games.md §1), one named query per block.
// Positions are compositions, keyed by their parts in order ('3,1,4'); `gamegraph query`
// accepts '3 1 4', '[3,1,4]' and exponents in place ('2^2,4' is '2,2,4').
// C_n is a functional graph (one CAROLINA_MOVE per position): a trajectory is the one
// path of moves that stops at its first :Recurrent position, a cycle the one shortest
// way round.

// name: carolina_trajectory
// The trajectory of a composition until it enters its cycle: the compositions in order (start
// and cycle entry included), the number of moves, and the cycle it ends in (from the entry, in
// move order).
// params: n:int, position:position
// requires: carolina
// example: :param n => 8
// example: :param position => '3,1,4'
MATCH walk = (:Carolina {n: $n, key: $position})
  ((a)-[:CAROLINA_MOVE]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:CAROLINA_MOVE]->+(entry)
RETURN
  [q IN nodes(walk) | q.key] AS trajectory,
  [q IN nodes(walk) | q.notation] AS notation,
  length(walk) AS moves,
  [q IN nodes(round)[0..-1] | q.key] AS cycle,
  length(round) AS cycle_length

// name: carolina_reaches
// Whether composition $position reaches composition $target by moves, and in how many (the
// least; 0 when they are equal). One row; moves is null when it does not.
// params: n:int, position:position, target:position
// requires: carolina
// example: :param n => 8
// example: :param position => '3,1,4'
// example: :param target => '3,2,1,2'
MATCH (a:Carolina {n: $n, key: $position}), (b:Carolina {n: $n, key: $target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a)-[:CAROLINA_MOVE]->*(b)
  RETURN path
}
RETURN a.key AS position, b.key AS target, path IS NOT NULL AS reaches, length(path) AS moves

// name: carolina_cycles
// The cycles of C_n (one per weak component), largest basin first, at most $limit of them:
// members in move order from the member of smallest index, length, basin size (compositions
// whose trajectory ends in the cycle, its members included) and the total number of cycles.
// params: n:int, limit:int
// requires: carolina
// scan: counts the basins over every position of C_n (2^(n−1) of them)
// example: :param n => 8
// example: :param limit => 25
MATCH (p:Carolina {n: $n})
WITH p.cycle AS cycle, count(*) AS basin, min(CASE WHEN p:Recurrent THEN p.idx END) AS first
ORDER BY basin DESC, cycle
WITH collect({cycle: cycle, basin: basin, first: first}) AS cycles
UNWIND cycles[0..$limit] AS c
MATCH (s:Carolina {n: $n, idx: c.first})
MATCH round = SHORTEST 1 (s)-[:CAROLINA_MOVE]->+(s)
WITH c, nodes(round)[0..-1] AS members, size(cycles) AS total
RETURN
  c.cycle AS cycle,
  size(members) AS length,
  c.basin AS basin,
  [m IN members | m.key] AS members,
  [m IN members | m.notation] AS notation,
  total
ORDER BY basin DESC, cycle

// name: carolina_cycle_lengths
// How many cycles of C_n have each length, and how many compositions lie on them.
// params: n:int
// requires: carolina
// scan: reads the recurrent positions of C_n
// example: :param n => 8
MATCH (p:Carolina:Recurrent {n: $n})
WITH p.cycle AS cycle, count(*) AS length
RETURN length, count(*) AS cycles, length * count(*) AS positions
ORDER BY length

// name: carolina_garden_of_eden
// Garden of Eden compositions of C_n (no position moves to them), in index order, at most $limit
// of them, each with the total count. SPEC-games.md §1: α with c parts is one iff α_1 < c − 1.
// params: n:int, limit:int
// requires: carolina
// scan: looks at the incoming moves of every position of C_n
// example: :param n => 8
// example: :param limit => 25
MATCH (p:Carolina {n: $n})
WHERE NOT EXISTS { ()-[:CAROLINA_MOVE]->(p) }
WITH p
ORDER BY p.idx
WITH collect(p) AS eden
UNWIND eden[0..$limit] AS p
MATCH (p)-[:CAROLINA_MOVE]->(next)
RETURN
  p.key AS position,
  p.notation AS notation,
  p.num_parts AS parts,
  p.first AS first,
  next.key AS moves_to,
  size(eden) AS total

// name: carolina_farthest
// The compositions of C_n farthest from their cycle (the most moves before the trajectory enters
// it), in index order, at most $limit of them, each with the total count; the moves and the
// cycle entry are found by following the moves.
// params: n:int, limit:int
// requires: carolina
// scan: reads the distance of every position of C_n
// example: :param n => 8
// example: :param limit => 25
MATCH (p:Carolina {n: $n})
WITH max(p.distance) AS farthest
MATCH (p:Carolina {n: $n})
WHERE p.distance = farthest
WITH p
ORDER BY p.idx
WITH collect(p) AS far
UNWIND far[0..$limit] AS p
MATCH walk = (p) ((a)-[:CAROLINA_MOVE]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:CAROLINA_MOVE]->+(entry)
RETURN
  p.key AS position,
  p.notation AS notation,
  length(walk) AS moves,
  entry.key AS entry,
  length(round) AS cycle_length,
  size(far) AS total
