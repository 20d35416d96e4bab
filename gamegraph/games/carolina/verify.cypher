// What `gamegraph verify` runs on C_n (gamegraph/games/functional/checks.py): the
// stored analysis recomputed from the relationships alone.

// name: verify_carolina_positions
// Positions of C_n with $lo <= idx < $hi, each with what its moves say (the successors, whether
// each is C(α) = (c, α_1 − 1, …, α_c − 1) without zeros, computed here from the parts, and the
// number of predecessors) next to its stored analysis (used by `gamegraph verify`).
// params: n:int, lo:int, hi:int
// requires: carolina
// scan: one row per position of the slice
// example: :param n => 8
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:Carolina {n: $n})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:CAROLINA_MOVE]->(q) | q] AS moves,
     [size(p.parts)] + [v IN p.parts WHERE v > 1 | v - 1] AS image
RETURN
  p.idx AS idx,
  p.key AS key,
  [q IN moves | q.idx] AS successors,
  all(q IN moves WHERE q.graph = p.graph AND q.parts = image) AS by_rule,
  COUNT { ()-[:CAROLINA_MOVE]->(p) } AS in_degree,
  p.in_degree AS stored_in_degree,
  p:GardenOfEden AS stored_garden_of_eden,
  p:Recurrent AS stored_recurrent,
  p.distance AS stored_distance,
  p.cycle AS stored_cycle,
  p.cycle_length AS stored_cycle_length
ORDER BY idx

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

// name: verify_carolina_predecessors
// The positions that move to a position of $targets (indices), each with the target it moves to:
// one level of the breadth-first search backwards from the cycles (used by `gamegraph verify`).
// params: n:int, targets:list
// requires: carolina
// example: :param n => 8
// example: :param targets => [11]
UNWIND $targets AS target
MATCH (:Carolina {n: $n, idx: target})<-[:CAROLINA_MOVE]-(p:Carolina {n: $n})
RETURN target, p.idx AS idx
