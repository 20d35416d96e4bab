// The components of Carolina solitaire C_n computed by Neo4j's Graph Data Science library (GDS,
// docs/gds.md) rather than read from what our engine stored: a projection of the loaded
// graph named after its graph id ('carolina:N'), one GDS algorithm streamed over it, and the
// projection dropped again (one left by an interrupted run is dropped first). `gamegraph
// verify` compares GDS's partition with the stored one.

// name: carolina_gds_components
// The weak components of C_n by GDS (gds.wcc.stream), largest first: GDS's component id,
// its size, the stored cycle ids of its members (exactly one per component, each in one
// component, when GDS and the stored analysis agree: one weak component per cycle) and its
// first composition in index order. Needs the GDS plugin.
// params: n:int
// requires: carolina
// expect: nodes = positions, components = components
// scan: projects every position of C_n into GDS (2^(n−1) compositions: 2^25 at n = 26)
// example: :param n => 8
WITH 'carolina:' + $n AS name
CALL (name) {
  CALL gds.graph.drop(name, false) YIELD graphName
  RETURN count(graphName) AS stale
}
MATCH (p:Carolina {n: $n})
OPTIONAL MATCH (p)-[:CAROLINA_MOVE]->(q)
WITH name, gds.graph.project(name, p, q) AS projection
CALL gds.wcc.stream(projection.graphName) YIELD nodeId, componentId
WITH projection, componentId, gds.util.asNode(nodeId) AS p
WITH projection, componentId, count(*) AS size, collect(DISTINCT p.cycle) AS stored,
     min(p.idx) AS first
WITH projection, collect({component: componentId, size: size, stored: stored, first: first}) AS rows
CALL gds.graph.drop(projection.graphName) YIELD graphName
UNWIND rows AS row
MATCH (f:Carolina {n: $n, idx: row.first})
RETURN row.component AS component, row.size AS size, row.stored AS stored, f.key AS first,
       f.notation AS notation
ORDER BY size DESC, row.first
