// Questions about Dual Bulgarian solitaire D_n (SPEC-games.md §4), one named query per block.
// Positions are partitions, keyed canonically ('5,3,3,1'); `gamegraph query` also
// accepts the papers' ascending notation ('1 3^2 5'), but no other order (that would
// be a composition). D = conj ∘ B ∘ conj: D_n is B_n with every partition conjugated.
// D_n is a functional graph (one DUAL_MOVE per position): a trajectory is the one
// path of moves that stops at its first :Recurrent position, a cycle the one shortest
// way round.

// name: dual_trajectory
// The trajectory of a partition until it enters its cycle: the partitions in order (start and
// cycle entry included), the number of moves, and the cycle it ends in (from the entry, in move
// order).
// params: n:int, position:position
// requires: dual
// example: :param n => 10
// example: :param position => '4,3,3'
MATCH walk = (:Dual {n: $n, key: $position})
  ((a)-[:DUAL_MOVE]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:DUAL_MOVE]->+(entry)
RETURN
  [q IN nodes(walk) | q.key] AS trajectory,
  [q IN nodes(walk) | q.notation] AS notation,
  length(walk) AS moves,
  [q IN nodes(round)[0..-1] | q.key] AS cycle,
  length(round) AS cycle_length

// name: dual_reaches
// Whether partition $position reaches partition $target by moves, and in how many (the least; 0
// when they are equal). One row; moves is null when it does not.
// params: n:int, position:position, target:position
// requires: dual
// example: :param n => 10
// example: :param position => '4,3,3'
// example: :param target => '3,3,2,1,1'
MATCH (a:Dual {n: $n, key: $position}), (b:Dual {n: $n, key: $target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a)-[:DUAL_MOVE]->*(b)
  RETURN path
}
RETURN a.key AS position, b.key AS target, path IS NOT NULL AS reaches, length(path) AS moves

// name: dual_cycles
// The cycles of D_n (one per weak component), largest basin first, at most $limit of them:
// members in move order from the member of smallest index, length, basin size (partitions whose
// trajectory ends in the cycle, its members included) and the total number of cycles.
// params: n:int, limit:int
// requires: dual
// scan: counts the basins over every position of D_n (p(n) of them)
// example: :param n => 10
// example: :param limit => 25
MATCH (p:Dual {n: $n})
WITH p.cycle AS cycle, count(*) AS basin, min(CASE WHEN p:Recurrent THEN p.idx END) AS first
ORDER BY basin DESC, cycle
WITH collect({cycle: cycle, basin: basin, first: first}) AS cycles
UNWIND cycles[0..$limit] AS c
MATCH (s:Dual {n: $n, idx: c.first})
MATCH round = SHORTEST 1 (s)-[:DUAL_MOVE]->+(s)
WITH c, nodes(round)[0..-1] AS members, size(cycles) AS total
RETURN
  c.cycle AS cycle,
  size(members) AS length,
  c.basin AS basin,
  [m IN members | m.key] AS members,
  [m IN members | m.notation] AS notation,
  total
ORDER BY basin DESC, cycle

// name: dual_cycle_lengths
// How many cycles of D_n have each length, and how many partitions lie on them.
// params: n:int
// requires: dual
// scan: reads the recurrent positions of D_n
// example: :param n => 10
MATCH (p:Dual:Recurrent {n: $n})
WITH p.cycle AS cycle, count(*) AS length
RETURN length, count(*) AS cycles, length * count(*) AS positions
ORDER BY length

// name: dual_garden_of_eden
// Garden of Eden partitions of D_n (no position moves to them), in index order, at most $limit
// of them, each with the total count. SPEC-games.md §4: λ is one iff ℓ(λ) < λ_1 − 1.
// params: n:int, limit:int
// requires: dual
// scan: looks at the incoming moves of every position of D_n
// example: :param n => 10
// example: :param limit => 25
MATCH (p:Dual {n: $n})
WHERE NOT EXISTS { ()-[:DUAL_MOVE]->(p) }
WITH p
ORDER BY p.idx
WITH collect(p) AS eden
UNWIND eden[0..$limit] AS p
MATCH (p)-[:DUAL_MOVE]->(next)
RETURN
  p.key AS position,
  p.notation AS notation,
  p.num_parts AS parts,
  p.largest AS largest,
  next.key AS moves_to,
  size(eden) AS total

// name: dual_farthest
// The partitions of D_n farthest from their cycle (the most moves before the trajectory enters
// it), in index order, at most $limit of them, each with the total count; the moves and the
// cycle entry are found by following the moves.
// params: n:int, limit:int
// requires: dual
// scan: reads the distance of every position of D_n
// example: :param n => 10
// example: :param limit => 25
MATCH (p:Dual {n: $n})
WITH max(p.distance) AS farthest
MATCH (p:Dual {n: $n})
WHERE p.distance = farthest
WITH p
ORDER BY p.idx
WITH collect(p) AS far
UNWIND far[0..$limit] AS p
MATCH walk = (p) ((a)-[:DUAL_MOVE]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:DUAL_MOVE]->+(entry)
RETURN
  p.key AS position,
  p.notation AS notation,
  length(walk) AS moves,
  entry.key AS entry,
  length(round) AS cycle_length,
  size(far) AS total
