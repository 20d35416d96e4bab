// name: verify_{p}_arcs
// Positions with $lo <= idx < $hi, each with its moves (the indices they lead to), its moves
// to nodes of other graphs (none if the load is right), its number of predecessors and every
// property its analysis stored (used by `gamegraph verify`).
// params: {params}, lo:int, hi:int
// requires: {game}
// scan: one row per position of the slice
{examples}
// example: :param lo => 0
// example: :param hi => 100000
MATCH (p:{label} {match})
WHERE $lo <= p.idx < $hi
RETURN
  p.idx AS idx,
  p.key AS key,
  [(p)-[:{move}]->(q) WHERE q.graph = p.graph | q.idx] AS successors,
  COUNT { (p)-[:{move}]->(q) WHERE q.graph <> p.graph } AS stray,
  COUNT { ()-[:{move}]->(p) } AS in_degree,
  properties(p) AS stored,
  labels(p) AS labels
ORDER BY idx
