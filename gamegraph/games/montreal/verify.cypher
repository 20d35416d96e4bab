// What `gamegraph verify` runs on M on I(n) (gamegraph/games/functional/checks.py): the
// stored analysis recomputed from the relationships alone.

// name: verify_montreal_positions
// Positions of M on I(n) with $lo <= idx < $hi, each with what its moves say (the successors,
// whether each is M(α) by the local rule (a positive entry loses one, a zero becomes the length
// of the positive run before it, a 0 appended; outer zeros dropped), computed here from the
// entries, and the number of predecessors) next to its stored analysis (used by `gamegraph
// verify`).
// One record of columns, a list per answer aligned by position (a million positions decode
// as ten records, not a million): off_rule lists the indices whose move breaks the rule,
// an absent property reads -2.
// params: n:int, lo:int, hi:int
// requires: montreal
// scan: every position of the slice, answered in one record
// example: :param n => 7
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:Montreal {n: $n})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:MONTREAL_MOVE]->(q) | q] AS moves,
     p.entries + [0] AS e
WITH p, moves, [x IN range(0, size(e) - 1) |
       CASE WHEN e[x] > 0 THEN e[x] - 1
       ELSE x - 1 - reduce(z = -1, j IN range(0, x - 1) | CASE WHEN e[j] = 0 THEN j ELSE z END)
       END] AS raw
WITH p, moves, raw[[i IN range(0, size(raw) - 1) WHERE raw[i] > 0][0]..] AS image
WITH p, moves, all(q IN moves WHERE q.graph = p.graph AND q.entries = image) AS by_rule
RETURN
  collect(p.idx) AS idx,
  collect(size(moves)) AS moves,
  collect(coalesce(moves[0].idx, -1)) AS successor,
  collect(CASE WHEN NOT by_rule THEN p.idx END) AS off_rule,
  collect(COUNT { ()-[:MONTREAL_MOVE]->(p) }) AS in_degree,
  collect(coalesce(p.in_degree, -2)) AS stored_in_degree,
  collect(p:GardenOfEden) AS stored_garden_of_eden,
  collect(p:Recurrent) AS stored_recurrent,
  collect(coalesce(p.distance, -2)) AS stored_distance,
  collect(coalesce(p.cycle, -2)) AS stored_cycle,
  collect(coalesce(p.cycle_length, -2)) AS stored_cycle_length

// name: verify_montreal_cycles
// From each position of $starts (indices), the shortest way round back to itself: its cycle's
// members in move order, or null when its moves never return (used by `gamegraph verify`).
// params: n:int, starts:list
// requires: montreal
// example: :param n => 7
// example: :param starts => [0]
UNWIND $starts AS start
MATCH (s:Montreal {n: $n, idx: start})
OPTIONAL CALL (s) {
  MATCH round = SHORTEST 1 (s)-[:MONTREAL_MOVE]->+(s)
  RETURN [m IN nodes(round)[0..-1] | m.idx] AS members
}
RETURN start, members
