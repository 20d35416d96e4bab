// The components of Austrian solitaire A_n(L) computed by Neo4j's Graph Data Science library
// (GDS, docs/gds.md) rather than read from what our engine stored: a projection of the
// loaded graph named after its graph id ('austrian:L=L:N'), one GDS algorithm streamed over
// it, and the projection dropped again (one left by an interrupted run is dropped first).
// `gamegraph verify` compares GDS's partition with the stored one.

// name: austrian_gds_components
// The weak components of A_n(L) by GDS (gds.wcc.stream), largest first: GDS's component id,
// its size, the stored cycle ids of its states (exactly one per component, each in one
// component, when GDS and the stored analysis agree: one weak component per cycle) and its
// first state in index order. Needs the GDS plugin.
// params: n:int, L:param
// requires: austrian
// expect: nodes = positions, components = components
// scan: projects every state of A_n(L) into GDS
// example: :param n => 20
// example: :param L => 5
WITH 'austrian:L=' + $L + ':' + $n AS name
CALL (name) {
  CALL gds.graph.drop(name, false) YIELD graphName
  RETURN count(graphName) AS stale
}
MATCH (p:Austrian {L: $L, n: $n})
OPTIONAL MATCH (p)-[:AUSTRIAN_MOVE]->(q)
WITH name, gds.graph.project(name, p, q) AS projection
CALL gds.wcc.stream(projection.graphName) YIELD nodeId, componentId
WITH projection, componentId, gds.util.asNode(nodeId) AS p
WITH projection, componentId, count(*) AS size, collect(DISTINCT p.cycle) AS stored,
     min(p.idx) AS first
WITH projection, collect({component: componentId, size: size, stored: stored, first: first}) AS rows
CALL gds.graph.drop(projection.graphName) YIELD graphName
UNWIND rows AS row
MATCH (f:Austrian {L: $L, n: $n, idx: row.first})
RETURN row.component AS component, row.size AS size, row.stored AS stored, f.key AS first,
       f.notation AS notation
ORDER BY size DESC, row.first
