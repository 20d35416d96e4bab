// What `gamegraph verify` runs on C_n (gamegraph/games/functional/checks.py): the
// stored analysis recomputed from the relationships alone.

// name: verify_carolina_positions
// Positions of C_n with $lo <= idx < $hi, each with what its moves say (the successors, whether
// each is C(α) = (c, α_1 − 1, …, α_c − 1) without zeros, computed here from the parts, and the
// number of predecessors) next to its stored analysis (used by `gamegraph verify`).
// One record of columns, a list per answer aligned by position (a million positions decode
// as ten records, not a million): off_rule lists the indices whose move breaks the rule,
// an absent property reads -2.
// params: n:int, lo:int, hi:int
// requires: carolina
// scan: every position of the slice, answered in one record
// example: :param n => 8
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:Carolina {n: $n})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:CAROLINA_MOVE]->(q) | q] AS moves,
     [size(p.parts)] + [v IN p.parts WHERE v > 1 | v - 1] AS image
WITH p, moves, all(q IN moves WHERE q.graph = p.graph AND q.parts = image) AS by_rule
RETURN
  collect(p.idx) AS idx,
  collect(size(moves)) AS moves,
  collect(coalesce(moves[0].idx, -1)) AS successor,
  collect(CASE WHEN NOT by_rule THEN p.idx END) AS off_rule,
  collect(COUNT { ()-[:CAROLINA_MOVE]->(p) }) AS in_degree,
  collect(coalesce(p.in_degree, -2)) AS stored_in_degree,
  collect(p:GardenOfEden) AS stored_garden_of_eden,
  collect(p:Recurrent) AS stored_recurrent,
  collect(coalesce(p.distance, -2)) AS stored_distance,
  collect(coalesce(p.cycle, -2)) AS stored_cycle,
  collect(coalesce(p.cycle_length, -2)) AS stored_cycle_length

// name: verify_carolina_cycles
// From each position of $starts (indices), the shortest way round back to itself: its cycle's
// members in move order, or null when its moves never return (used by `gamegraph verify`).
// params: n:int, starts:list
// requires: carolina
// example: :param n => 8
// example: :param starts => [0]
UNWIND $starts AS start
MATCH (s:Carolina {n: $n, idx: start})
OPTIONAL CALL (s) {
  MATCH round = SHORTEST 1 (s)-[:CAROLINA_MOVE]->+(s)
  RETURN [m IN nodes(round)[0..-1] | m.idx] AS members
}
RETURN start, members
