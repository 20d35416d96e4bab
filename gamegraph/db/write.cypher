// Statements the loader runs to write and delete a graph's data (gamegraph/loader/writer.py),
// kept beside the catalog's. Types reach them as $parameters (Neo4j 5.26 dynamic types,
// :$($type)); they come from the games' tables, never from users. Nodes are created by a
// statement the writer makes from each node table's column names (one CREATE with a literal
// map: the fastest form measured). A batch arrives as parallel lists, one per column, unwound
// by index: fewer and longer lists for the driver to pack than one per row
// (benchmarks/node_write.py, benchmarks/relationship_write.py).
// Every write batch first matches the graph's slot under this load's lease ($slot, $owner):
// once another load has taken the slot over, a batch of the stale load writes nothing, and
// the stale load stops at the first batch that comes back short.

// name: create_relationships
// Create one batch of relationships of one type, as parallel lists: from each node of $keys
// (element ids) to each node of its list in $others.
// params: type:str, keys:list, others:list, slot:str, owner:str
MATCH (:GraphSlot {slot: $slot, lease_owner: $owner})
UNWIND range(0, size($keys) - 1) AS i
MATCH (a)
WHERE elementId(a) = $keys[i]
UNWIND $others[i] AS end_id
MATCH (b)
WHERE elementId(b) = end_id
CREATE (a)-[:$($type)]->(b)

// name: create_relationships_by_end
// Create one batch of relationships of one type, as parallel lists: to each node of $keys
// (element ids) from each node of its list in $others.
// params: type:str, keys:list, others:list, slot:str, owner:str
MATCH (:GraphSlot {slot: $slot, lease_owner: $owner})
UNWIND range(0, size($keys) - 1) AS i
MATCH (b)
WHERE elementId(b) = $keys[i]
UNWIND $others[i] AS start_id
MATCH (a)
WHERE elementId(a) = start_id
CREATE (a)-[:$($type)]->(b)

// name: create_relationships_with_properties
// Create one batch of relationships of one type with properties, as parallel lists: from
// $starts[i] to $ends[i] (element ids), with the map $props[i].
// params: type:str, starts:list, ends:list, props:list, slot:str, owner:str
MATCH (:GraphSlot {slot: $slot, lease_owner: $owner})
UNWIND range(0, size($starts) - 1) AS i
MATCH (a)
WHERE elementId(a) = $starts[i]
MATCH (b)
WHERE elementId(b) = $ends[i]
CREATE (a)-[r:$($type)]->(b)
SET r = $props[i]

// name: delete_unowned
// Delete one batch of the nodes of one label that belong to no graph (no `graph` property:
// left by an older gamegraph or written by hand): of the first $limit of them, up to $rels of
// their relationships, then those of these nodes left with none (batches bounded by
// relationships, as in graph_delete_nodes); returns how many nodes and relationships went. A
// scan of the label, run only when such nodes block a load. The nodes are found in subqueries
// after the fence's SET (see graph_delete_nodes: a plain LIMIT there would read the whole
// label for each batch).
// params: label:str, limit:int, rels:int, slot:str, owner:str
MATCH (s:GraphSlot {slot: $slot, lease_owner: $owner})
SET s.fenced_at = datetime()
WITH s
CALL (s) {
  MATCH (p:$($label))
  WHERE p.graph IS NULL
  WITH p LIMIT $limit
  MATCH (p)-[r]-()
  WITH DISTINCT r LIMIT $rels
  DELETE r
  RETURN count(*) AS relationships
}
CALL (s) {
  MATCH (p:$($label))
  WHERE p.graph IS NULL
  WITH p LIMIT $limit
  WITH p WHERE NOT EXISTS { (p)--() }
  DELETE p
  RETURN count(*) AS deleted
}
RETURN deleted, relationships

// name: graph_restore
// Put back the :Graph record a claim replaced, when the load fails before it touched the
// graph's data (a build that failed, an import that never happened): the graph is as it was.
// Under the claim's lease: a claim taken over meanwhile puts nothing back over the record
// of the load that took it.
// params: id:str, props:map, slot:str, owner:str
MATCH (:GraphSlot {slot: $slot, lease_owner: $owner})
MATCH (g:Graph {id: $id})
SET g = $props
