// name: verify_{p}_positions
// Positions with $lo <= idx < $hi, each with its moves (the successors; the move rule is
// the definition's, checked against the engine's calls), its number of predecessors and its
// stored analysis (used by `gamegraph verify`). One record of columns, a list per answer
// aligned by position: off_rule lists the indices whose move leaves the graph, an absent
// property reads -2.
// params: {params}, lo:int, hi:int
// requires: {game}
// scan: every position of the slice, answered in one record
{examples}
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:{label} {match})
WHERE $lo <= p.idx < $hi
WITH p, [(p)-[:{move}]->(q) | q] AS moves
WITH p, moves, all(q IN moves WHERE q.graph = p.graph) AS by_rule
RETURN
  collect(p.idx) AS idx,
  collect(size(moves)) AS moves,
  collect(coalesce(moves[0].idx, -1)) AS successor,
  collect(CASE WHEN NOT by_rule THEN p.idx END) AS off_rule,
  collect(COUNT { ()-[:{move}]->(p) }) AS in_degree,
  collect(coalesce(p.in_degree, -2)) AS stored_in_degree,
  collect(p:GardenOfEden) AS stored_garden_of_eden,
  collect(p:Recurrent) AS stored_recurrent,
  collect(coalesce(p.distance, -2)) AS stored_distance,
  collect(coalesce(p.cycle, -2)) AS stored_cycle,
  collect(coalesce(p.cycle_length, -2)) AS stored_cycle_length

// name: verify_{p}_cycles
// From each position of $starts (indices), the shortest way round back to itself: its
// cycle's members in move order, or null when its moves never return (used by verify).
// params: {params}, starts:list
// requires: {game}
{examples}
// example: :param starts => [0]
UNWIND $starts AS start
MATCH (s:{label} {match})
WHERE s.idx = start
OPTIONAL CALL (s) {
  MATCH round = SHORTEST 1 (s)-[:{move}]->+(s)
  RETURN [m IN nodes(round)[0..-1] | m.idx] AS members
}
RETURN start, members
