// The weak components of the lifting graph Q computed by Neo4j's Graph Data Science library
// (GDS, docs/gds.md) rather than read from what our engine stored: a projection of Q for
// one rule named after its graph id ('lifting:RULE:N', from its :Graph record),
// gds.wcc.stream over it, and the projection dropped again (one left by an interrupted run
// is dropped first). `gamegraph verify` compares GDS's partition with the stored component.

// name: lifting_gds_components
// The weak components of Q for one rule by GDS (gds.wcc.stream), largest first: GDS's
// component id, its size, the stored component of its 4-cycles (exactly one per component,
// each in one component, when GDS and the stored analysis agree), its sources (in-degree 0
// inside the range) and its first 4-cycle (least n, then key). Needs the GDS plugin.
// params: rule:param
// requires: lifting
// expect: nodes = four_cycles, components = components
// example: :param rule => 'paper'
MATCH (graph:Graph {game: 'lifting', rule: $rule})
CALL (graph) {
  CALL gds.graph.drop(graph.id, false) YIELD graphName
  RETURN count(graphName) AS stale
}
MATCH (c:FourCycle {rule: $rule})
OPTIONAL MATCH (c)-[:LIFTS_TO]->(d:FourCycle {rule: $rule})
WITH graph, gds.graph.project(graph.id, c, d) AS projection
CALL gds.wcc.stream(projection.graphName) YIELD nodeId, componentId
WITH projection, componentId, gds.util.asNode(nodeId) AS c
ORDER BY c.n, c.key
WITH projection, componentId, collect(c) AS members, collect(DISTINCT c.component) AS stored
WITH projection, collect({component: componentId, members: members, stored: stored}) AS rows
CALL gds.graph.drop(projection.graphName) YIELD graphName
UNWIND rows AS row
RETURN
  row.component AS component,
  size(row.members) AS size,
  row.stored AS stored,
  size([m IN row.members WHERE NOT EXISTS { (:FourCycle {rule: $rule})-[:LIFTS_TO]->(m) }])
    AS sources,
  row.members[0].key AS first,
  row.members[0].notation AS notation
ORDER BY size DESC, row.members[0].n, first
