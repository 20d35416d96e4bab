// The catalog of loaded graphs: one :Graph node per graph (docs/schema.md), and the lease a
// load holds on it while it writes. Run by gamegraph/db/catalog.py.

// name: schema_graph_id
// One :Graph node per loaded graph, addressed by its id (e.g. 'floridian:24').
CREATE CONSTRAINT gamegraph_graph_id IF NOT EXISTS FOR (g:Graph) REQUIRE g.id IS UNIQUE

// name: schema_graph_node
// Every node a load creates carries :GraphNode and its graph's id: the loader counts,
// checks and deletes any graph's nodes through this index.
CREATE INDEX gamegraph_graph_node IF NOT EXISTS FOR (p:GraphNode) ON (p.graph)

// name: indexes_await
// Wait (up to 300 s) until every index is online, after the schema_* statements.
CALL db.awaitIndexes(300)

// name: graph_get
// The :Graph record of one graph, or nothing (lease_running: a load's lease has not expired).
// params: id:str
MATCH (g:Graph {id: $id})
RETURN g {.*, lease_running: coalesce(g.lease_until > datetime(), false)} AS graph

// name: graphs_all
// Every :Graph record.
MATCH (g:Graph)
RETURN g {.*, lease_running: coalesce(g.lease_until > datetime(), false)} AS graph
ORDER BY g.game, g.slot, g.n

// name: graph_claim
// Claim a graph for a load, atomically: the SET takes the record's write lock before the
// lease is read, so of two loads that claim at once the second sees the first's lease. A
// load holds the graph while its lease runs (it renews it); an expired lease, or one held
// by a process known to be dead ($dead), is taken over. Returns whether another load holds
// the graph (busy), and its owner.
// params: id:str, props:map, owner:str, seconds:int, dead:list
MERGE (g:Graph {id: $id})
SET g.claimed_at = datetime()
WITH g,
     g.status = 'loading' AND g.lease_owner IS NOT NULL AND g.lease_owner <> $owner
     AND g.lease_until > datetime() AND NOT g.lease_owner IN $dead AS busy
CALL (g, busy) {
  WITH g WHERE NOT busy
  SET g = $props, g.id = $id, g.status = 'loading', g.started_at = datetime(),
      g.lease_owner = $owner, g.lease_until = datetime() + duration({seconds: $seconds})
}
RETURN busy, g.lease_owner AS owner

// name: graph_renew
// Extend the lease of the load that holds a graph.
// params: id:str, owner:str, seconds:int
MATCH (g:Graph {id: $id, lease_owner: $owner})
SET g.lease_until = datetime() + duration({seconds: $seconds})

// name: graph_release
// End a failed load's lease at once (the graph stays 'loading': the next load repairs it).
// params: id:str, owner:str
MATCH (g:Graph {id: $id, lease_owner: $owner})
SET g.lease_until = datetime()

// name: graph_complete
// Mark a graph as completely loaded, with its verified counts; the lease ends.
// params: id:str, props:map
MATCH (g:Graph {id: $id})
SET g += $props, g.status = 'complete', g.completed_at = datetime()
REMOVE g.lease_owner, g.lease_until

// name: graph_forget
// Remove the :Graph record of a dropped graph.
// params: id:str
MATCH (g:Graph {id: $id})
DELETE g

// name: graph_delete_nodes
// Delete up to $limit nodes of one graph with their relationships; returns how many went.
// params: graph:str, limit:int
MATCH (p:GraphNode {graph: $graph})
WITH p LIMIT $limit
DETACH DELETE p
RETURN count(*) AS deleted

// name: graph_count
// Nodes of one graph, and their outgoing relationships by type ([type, count] pairs).
// params: graph:str
CALL () {
  MATCH (p:GraphNode {graph: $graph})
  RETURN count(p) AS nodes
}
CALL () {
  MATCH (:GraphNode {graph: $graph})-[r]->()
  WITH type(r) AS type, count(*) AS relationships
  RETURN collect([type, relationships]) AS by_type
}
RETURN nodes, by_type
