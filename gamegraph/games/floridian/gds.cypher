// The strongly connected components of the core of H_n computed by Neo4j's Graph Data
// Science library (GDS, docs/gds.md) rather than read from what our engine stored: a
// projection of the core (the TURN arcs between recurrent states) named after the graph id
// ('floridian:N'), gds.scc.stream over it, and the projection dropped again (one left by an
// interrupted run is dropped first). `gamegraph verify` compares GDS's partition with the
// stored core_scc.

// name: floridian_gds_core_components
// The strongly connected components of the core of H_n by GDS (gds.scc.stream), largest
// first: GDS's component id, its size, the stored core_scc of its members (exactly one per
// component, each in one component, when GDS and the stored analysis agree), its arcs
// (TURN pairs inside it, loops included) and its first state in index order. Needs the GDS
// plugin.
// params: n:int
// requires: floridian
// expect: sizes = core_scc_sizes
// example: :param n => 33
WITH 'floridian:' + $n AS name
CALL (name) {
  CALL gds.graph.drop(name, false) YIELD graphName
  RETURN count(graphName) AS stale
}
MATCH (a:Alpha:Recurrent {n: $n})
OPTIONAL MATCH (a)-[:TURN]->(b:Alpha:Recurrent)
WITH name, gds.graph.project(name, a, b) AS projection
CALL gds.scc.stream(projection.graphName) YIELD nodeId, componentId
WITH projection, componentId, gds.util.asNode(nodeId) AS a
WITH projection, componentId, collect(a) AS members, collect(DISTINCT a.core_scc) AS stored
WITH projection, collect({component: componentId, members: members, stored: stored}) AS rows
CALL gds.graph.drop(projection.graphName) YIELD graphName
UNWIND rows AS row
CALL (row) {
  UNWIND row.members AS a
  MATCH (a)-[:TURN]->(b:Alpha:Recurrent)
  WHERE b IN row.members
  RETURN count(*) AS arcs
}
CALL (row) {
  UNWIND row.members AS a
  WITH a
  ORDER BY a.idx
  LIMIT 1
  RETURN a AS head
}
RETURN row.component AS component, size(row.members) AS size, row.stored AS stored, arcs,
       head.key AS first, head.notation AS notation
ORDER BY size DESC, head.idx
