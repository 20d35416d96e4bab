// What `gamegraph verify` runs on B_n (gamegraph/games/bulgarian/checks.py): the stored
// analysis recomputed from the relationships alone.

// name: verify_bulgarian_positions
// Positions of B_n with $lo <= idx < $hi, each with what its moves say (the successor,
// whether it is Ω(λ) computed here from the parts, the number of predecessors, and, from
// the longest trail of moves, the moves to the cycle, the cycle length and the cycle id of
// the entry) next to its stored analysis (used by `gamegraph verify`).
// params: n:int, lo:int, hi:int
// requires: bulgarian
// scan: reads every position of B_n to pick the slice, and walks each position of the slice
// example: :param n => 10
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:Bulgarian {n: $n})
WHERE $lo <= p.idx < $hi
CALL (p) {
  MATCH walk = (p)-[:BULGARIAN_MOVE]->+()
  WITH walk
  ORDER BY length(walk) DESC
  LIMIT 1
  WITH nodes(walk) AS visited
  WITH visited, [i IN range(0, size(visited) - 1) WHERE visited[i] = last(visited)][0] AS entry
  RETURN
    entry AS distance,
    size(visited) - 1 - entry AS cycle_length,
    visited[entry].cycle AS entry_cycle
}
WITH p, distance, cycle_length, entry_cycle, [(p)-[:BULGARIAN_MOVE]->(q) | q] AS moves,
     [v IN p.parts WHERE v > 1 | v - 1] + [size(p.parts)] AS omega
RETURN
  p.idx AS idx,
  p.key AS key,
  [q IN moves | q.idx] AS successors,
  all(q IN moves WHERE size(q.parts) = size(omega)
    AND all(v IN omega WHERE size([x IN q.parts WHERE x = v]) = size([w IN omega WHERE w = v])))
    AS moves_to_omega,
  COUNT { ()-[:BULGARIAN_MOVE]->(p) } AS in_degree,
  distance,
  cycle_length,
  entry_cycle,
  p.distance AS stored_distance,
  p.cycle_length AS stored_cycle_length,
  p.cycle AS stored_cycle,
  p.in_degree AS stored_in_degree,
  p:Recurrent AS stored_recurrent,
  p:GardenOfEden AS stored_garden_of_eden
ORDER BY idx
