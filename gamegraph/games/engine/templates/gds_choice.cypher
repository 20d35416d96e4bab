// name: {p}_gds_core_components
// The strongly connected components of the core (the recurrent positions) by Neo4j's Graph
// Data Science library (gds.scc.stream), largest first: GDS's component id, its size, the
// stored core_component of its members (exactly one per component, each in one component,
// when GDS and the stored analysis agree) and its first position in index order. The
// projection is named after the graph and dropped again. Needs the GDS plugin; `gamegraph
// verify` compares GDS's partition with the stored one.
// params: {params}
// requires: {game}
// expect: sizes = core_scc_sizes
// scan: projects the recurrent positions into GDS
{examples}
WITH {gds_name} AS name
CALL (name) {
  CALL gds.graph.drop(name, false) YIELD graphName
  RETURN count(graphName) AS stale
}
MATCH (p:{label}:Recurrent {match})
OPTIONAL MATCH (p)-[:{move}]->(q:Recurrent)
WHERE q.graph = p.graph
WITH name, gds.graph.project(name, p, q) AS projection
CALL gds.scc.stream(projection.graphName) YIELD nodeId, componentId
WITH projection, componentId, gds.util.asNode(nodeId) AS p
WITH projection, componentId, count(*) AS size, collect(DISTINCT p.core_component) AS stored,
     min(p.idx) AS first
WITH projection, collect({component: componentId, size: size, stored: stored, first: first}) AS rows
CALL gds.graph.drop(projection.graphName) YIELD graphName
UNWIND rows AS row
MATCH (f:{label} {match})
WHERE f.idx = row.first
RETURN row.component AS component, row.size AS size, row.stored AS stored, f.key AS first,
       f.notation AS notation
ORDER BY size DESC, row.first
