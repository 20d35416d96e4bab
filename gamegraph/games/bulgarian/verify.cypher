// What `gamegraph verify` runs on B_n (gamegraph/games/functional/checks.py): the
// stored analysis recomputed from the relationships alone.

// name: verify_bulgarian_positions
// Positions of B_n with $lo <= idx < $hi, each with what its moves say (the successors, whether
// each is Ω(λ): one card from each pile and a new pile of them, computed here from the parts,
// and the number of predecessors) next to its stored analysis (used by `gamegraph verify`).
// Parts are stored largest first (docs/schema.md), so Ω(λ) is built in that order, the new
// pile merged in where it belongs, and compared as a list: linear in the parts, where a
// comparison of counts is quadratic, and a stored list out of order fails it too.
// One record of columns, a list per answer aligned by position (a million positions decode
// as ten records, not a million): off_rule lists the indices whose move breaks the rule,
// an absent property reads -2.
// params: n:int, lo:int, hi:int
// requires: bulgarian
// scan: every position of the slice, answered in one record
// example: :param n => 10
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:Bulgarian {n: $n})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:BULGARIAN_MOVE]->(q) | q] AS moves, size(p.parts) AS piles,
     [v IN p.parts WHERE v > 1 | v - 1] AS shrunk
WITH p, moves, [v IN shrunk WHERE v >= piles] + [piles] + [v IN shrunk WHERE v < piles] AS image
WITH p, moves, all(q IN moves WHERE q.graph = p.graph AND q.parts = image) AS by_rule
RETURN
  collect(p.idx) AS idx,
  collect(size(moves)) AS moves,
  collect(coalesce(moves[0].idx, -1)) AS successor,
  collect(CASE WHEN NOT by_rule THEN p.idx END) AS off_rule,
  collect(COUNT { ()-[:BULGARIAN_MOVE]->(p) }) AS in_degree,
  collect(coalesce(p.in_degree, -2)) AS stored_in_degree,
  collect(p:GardenOfEden) AS stored_garden_of_eden,
  collect(p:Recurrent) AS stored_recurrent,
  collect(coalesce(p.distance, -2)) AS stored_distance,
  collect(coalesce(p.cycle, -2)) AS stored_cycle,
  collect(coalesce(p.cycle_length, -2)) AS stored_cycle_length

// name: verify_bulgarian_cycles
// From each position of $starts (indices), the shortest way round back to itself: its cycle's
// members in move order, or null when its moves never return (used by `gamegraph verify`).
// params: n:int, starts:list
// requires: bulgarian
// example: :param n => 10
// example: :param starts => [0]
UNWIND $starts AS start
MATCH (s:Bulgarian {n: $n, idx: start})
OPTIONAL CALL (s) {
  MATCH round = SHORTEST 1 (s)-[:BULGARIAN_MOVE]->+(s)
  RETURN [m IN nodes(round)[0..-1] | m.idx] AS members
}
RETURN start, members
