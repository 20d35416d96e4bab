// CRIM's graph checked by Neo4j's Graph Data Science library (GDS, docs/gds.md): a
// projection named after the graph id ('crim:N', from its :Graph record), GDS's component
// algorithms streamed over it, and the projection dropped again (one left by an interrupted
// run is dropped first). `gamegraph verify` holds the answer to what the analysis assumes.

// name: crim_gds_acyclic
// Whether the loaded CRIM graph is acyclic and weakly connected, by GDS: its positions, its
// strongly connected components (gds.scc.stream; as many as positions when no move sequence
// returns to a position, which the Sprague-Grundy values assume: every move deletes cells)
// with the size of the largest, and its weak components (gds.wcc.stream; one, since every
// position reaches the empty diagram). Needs the GDS plugin.
// requires: crim
// expect: positions = positions
// scan: projects every position of the loaded CRIM graph into GDS
MATCH (graph:Graph {game: 'crim'})
CALL (graph) {
  CALL gds.graph.drop(graph.id, false) YIELD graphName
  RETURN count(graphName) AS stale
}
MATCH (p:Crim)
OPTIONAL MATCH (p)-[:CRIM_MOVE]->(q)
WITH graph, gds.graph.project(graph.id, p, q) AS projection
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
