// T_n checked by Neo4j's Graph Data Science library (GDS, docs/gds.md): a projection named
// after the graph id ('tchoukaillon:RULE:N'), GDS's component algorithms streamed over it,
// and the projection dropped again (one left by an interrupted run is dropped first).
// `gamegraph verify` holds the answer to what the analysis assumes.

// name: tchoukaillon_gds_acyclic
// Whether T_n is acyclic and weakly connected, by GDS: its boards, its strongly connected
// components (gds.scc.stream; as many as boards when no sequence of moves returns to a
// board: each move lowers the sum of i·c_i, and idx is a topological order) with the size
// of the largest, and its weak components (gds.wcc.stream; one, since every board is
// reached from Tchouk_n). Needs the GDS plugin.
// params: n:int, rule:param
// requires: tchoukaillon
// expect: positions = boards
// example: :param n => 12
// example: :param rule => 'standard'
WITH 'tchoukaillon:' + $rule + ':' + $n AS name
CALL (name) {
  CALL gds.graph.drop(name, false) YIELD graphName
  RETURN count(graphName) AS stale
}
MATCH (p:Tchoukaillon {rule: $rule, n: $n})
OPTIONAL MATCH (p)-[:TCHOUKAILLON_MOVE]->(q)
WITH name, gds.graph.project(name, p, q) AS projection
CALL (projection) {
  CALL gds.scc.stream(projection.graphName) YIELD componentId
  WITH componentId, count(*) AS size
  RETURN count(*) AS components, max(size) AS largest
}
CALL (projection) {
  CALL gds.wcc.stream(projection.graphName) YIELD componentId
  RETURN count(DISTINCT componentId) AS weak_components
}
CALL gds.graph.drop(projection.graphName) YIELD graphName
RETURN projection.nodeCount AS positions, components, largest, weak_components
