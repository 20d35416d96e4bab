// What `gamegraph verify` runs on B_n (gamegraph/games/functional/checks.py): the
// stored analysis recomputed from the relationships alone.

// name: verify_bulgarian_positions
// Positions of B_n with $lo <= idx < $hi, each with what its moves say (the successors, whether
// each is Ω(λ): one card from each pile and a new pile of them, computed here from the parts,
// and the number of predecessors) next to its
// stored analysis (used by `gamegraph verify`).
// params: n:int, lo:int, hi:int
// requires: bulgarian
// scan: one row per position of the slice
// example: :param n => 10
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:Bulgarian {n: $n})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:BULGARIAN_MOVE]->(q) | q] AS moves,
     [v IN p.parts WHERE v > 1 | v - 1] + [size(p.parts)] AS image
RETURN
  p.idx AS idx,
  p.key AS key,
  [q IN moves | q.idx] AS successors,
  all(q IN moves WHERE q.graph = p.graph AND size(q.parts) = size(image)
    AND all(v IN image WHERE
      size([x IN q.parts WHERE x = v]) = size([w IN image WHERE w = v]))) AS by_rule,
  COUNT { ()-[:BULGARIAN_MOVE]->(p) } AS in_degree,
  p.in_degree AS stored_in_degree,
  p:GardenOfEden AS stored_garden_of_eden,
  p:Recurrent AS stored_recurrent,
  p.distance AS stored_distance,
  p.cycle AS stored_cycle,
  p.cycle_length AS stored_cycle_length
ORDER BY idx

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

// name: verify_bulgarian_predecessors
// The positions that move to a position of $targets (indices), each with the target it moves to:
// one level of the breadth-first search backwards from the cycles (used by `gamegraph verify`).
// params: n:int, targets:list
// requires: bulgarian
// example: :param n => 10
// example: :param targets => [0]
UNWIND $targets AS target
MATCH (:Bulgarian {n: $n, idx: target})<-[:BULGARIAN_MOVE]-(p:Bulgarian {n: $n})
RETURN target, p.idx AS idx
