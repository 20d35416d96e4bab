// What `gamegraph verify` runs on A_n(L) (gamegraph/games/functional/checks.py): the
// stored analysis recomputed from the relationships alone.

// name: verify_austrian_positions
// Positions of A_n(L) with $lo <= idx < $hi, each with what its moves say (the successors,
// whether each is A(μ, b): one card from each pile to the bank, then piles of L bought from it,
// computed here from the piles and the bank, and the number of predecessors) next to its stored
// analysis (used by `gamegraph verify`).
// One record of columns, a list per answer aligned by position (a million positions decode
// as ten records, not a million): off_rule lists the indices whose move breaks the rule,
// an absent property reads -2.
// params: n:int, L:param, lo:int, hi:int
// requires: austrian
// scan: every position of the slice, answered in one record
// example: :param n => 20
// example: :param L => 5
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:Austrian {L: $L, n: $n})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:AUSTRIAN_MOVE]->(q) | q] AS moves,
     p.bank + size(p.piles) AS paid
WITH p, moves, [v IN p.piles WHERE v > 1 | v - 1] + [i IN range(1, paid / $L) | $L] AS piles,
     paid % $L AS bank
WITH p, moves, all(q IN moves WHERE q.graph = p.graph AND q.bank = bank AND size(q.piles) = size(piles)
      AND all(v IN piles WHERE
        size([x IN q.piles WHERE x = v]) = size([w IN piles WHERE w = v]))) AS by_rule
RETURN
  collect(p.idx) AS idx,
  collect(size(moves)) AS moves,
  collect(coalesce(moves[0].idx, -1)) AS successor,
  collect(CASE WHEN NOT by_rule THEN p.idx END) AS off_rule,
  collect(COUNT { ()-[:AUSTRIAN_MOVE]->(p) }) AS in_degree,
  collect(coalesce(p.in_degree, -2)) AS stored_in_degree,
  collect(p:GardenOfEden) AS stored_garden_of_eden,
  collect(p:Recurrent) AS stored_recurrent,
  collect(coalesce(p.distance, -2)) AS stored_distance,
  collect(coalesce(p.cycle, -2)) AS stored_cycle,
  collect(coalesce(p.cycle_length, -2)) AS stored_cycle_length

// name: verify_austrian_cycles
// From each position of $starts (indices), the shortest way round back to itself: its cycle's
// members in move order, or null when its moves never return (used by `gamegraph verify`).
// params: n:int, L:param, starts:list
// requires: austrian
// example: :param n => 20
// example: :param L => 5
// example: :param starts => [0]
UNWIND $starts AS start
MATCH (s:Austrian {L: $L, n: $n, idx: start})
OPTIONAL CALL (s) {
  MATCH round = SHORTEST 1 (s)-[:AUSTRIAN_MOVE]->+(s)
  RETURN [m IN nodes(round)[0..-1] | m.idx] AS members
}
RETURN start, members
