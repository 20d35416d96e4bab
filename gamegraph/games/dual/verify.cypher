// What `gamegraph verify` runs on D_n (gamegraph/games/functional/checks.py): the
// stored analysis recomputed from the relationships alone.

// name: verify_dual_positions
// Positions of D_n with $lo <= idx < $hi, each with what its moves say (the successors, whether
// each is D(λ): the largest pile dealt one card each to the others, largest first, and the rest
// as piles of one, computed here from the parts, and the number of predecessors) next to its
// stored analysis (used by `gamegraph verify`). Parts are stored largest first (docs/schema.md)
// and D(λ) comes out in that order, so it is compared as a list (a stored list out of order
// fails it too).
// One record of columns, a list per answer aligned by position (a million positions decode
// as ten records, not a million): off_rule lists the indices whose move breaks the rule,
// an absent property reads -2.
// params: n:int, lo:int, hi:int
// requires: dual
// scan: every position of the slice, answered in one record
// example: :param n => 10
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:Dual {n: $n})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:DUAL_MOVE]->(q) | q] AS moves,
     p.parts[0] AS first,
     p.parts[1..] AS rest
WITH p, moves, [i IN range(0, size(rest) - 1) | rest[i] + CASE WHEN i < first THEN 1 ELSE 0 END]
       + [i IN range(1, first - size(rest)) | 1] AS image
WITH p, moves, all(q IN moves WHERE q.graph = p.graph AND q.parts = image) AS by_rule
RETURN
  collect(p.idx) AS idx,
  collect(size(moves)) AS moves,
  collect(coalesce(moves[0].idx, -1)) AS successor,
  collect(CASE WHEN NOT by_rule THEN p.idx END) AS off_rule,
  collect(COUNT { ()-[:DUAL_MOVE]->(p) }) AS in_degree,
  collect(coalesce(p.in_degree, -2)) AS stored_in_degree,
  collect(p:GardenOfEden) AS stored_garden_of_eden,
  collect(p:Recurrent) AS stored_recurrent,
  collect(coalesce(p.distance, -2)) AS stored_distance,
  collect(coalesce(p.cycle, -2)) AS stored_cycle,
  collect(coalesce(p.cycle_length, -2)) AS stored_cycle_length

// name: verify_dual_cycles
// From each position of $starts (indices), the shortest way round back to itself: its cycle's
// members in move order, or null when its moves never return (used by `gamegraph verify`).
// params: n:int, starts:list
// requires: dual
// example: :param n => 10
// example: :param starts => [0]
UNWIND $starts AS start
MATCH (s:Dual {n: $n, idx: start})
OPTIONAL CALL (s) {
  MATCH round = SHORTEST 1 (s)-[:DUAL_MOVE]->+(s)
  RETURN [m IN nodes(round)[0..-1] | m.idx] AS members
}
RETURN start, members
