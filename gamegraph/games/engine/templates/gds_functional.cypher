// name: {p}_gds_components
// The weak components by Neo4j's Graph Data Science library (gds.wcc.stream), largest first:
// GDS's component id, its size, the stored cycle ids of its members (exactly one per
// component, each in one component, when GDS and the stored analysis agree: one weak
// component per cycle) and its first position in index order. The projection is named after
// the graph and dropped again (one left by an interrupted run is dropped first). Needs the
// GDS plugin; `gamegraph verify` compares GDS's partition with the stored one.
// params: {params}
// requires: {game}
// expect: nodes = positions, components = components
// scan: projects every position into GDS
{examples}
WITH {gds_name} AS name
CALL (name) {
  CALL gds.graph.drop(name, false) YIELD graphName
  RETURN count(graphName) AS stale
}
MATCH (p:{label} {match})
OPTIONAL MATCH (p)-[:{move}]->(q)
WITH name, gds.graph.project(name, p, q) AS projection
CALL gds.wcc.stream(projection.graphName) YIELD nodeId, componentId
WITH projection, componentId, gds.util.asNode(nodeId) AS p
WITH projection, componentId, count(*) AS size, collect(DISTINCT p.cycle) AS stored,
     min(p.idx) AS first
WITH projection, collect({component: componentId, size: size, stored: stored, first: first}) AS rows
CALL gds.graph.drop(projection.graphName) YIELD graphName
UNWIND rows AS row
MATCH (f:{label} {match})
WHERE f.idx = row.first
RETURN row.component AS component, row.size AS size, row.stored AS stored, f.key AS first,
       f.notation AS notation
ORDER BY size DESC, row.first
