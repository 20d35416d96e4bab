// The catalog of loaded graphs: one :Graph node per graph (docs/schema.md), and the lease a
// load holds on the graph's slot (:GraphSlot) while it writes: graphs of one slot replace each
// other, so one load at a time per slot. Run by gamegraph/db/catalog.py.

// name: schema_graph_id
// One :Graph node per loaded graph, addressed by its id (e.g. 'floridian:24').
CREATE CONSTRAINT gamegraph_graph_id IF NOT EXISTS FOR (g:Graph) REQUIRE g.id IS UNIQUE

// name: schema_graph_node
// Every node a load creates carries :GraphNode and its graph's id: the loader counts,
// checks and deletes any graph's nodes through this index.
CREATE INDEX gamegraph_graph_node IF NOT EXISTS FOR (p:GraphNode) ON (p.graph)

// name: schema_graph_slot
// One lock node per slot (graphs that replace each other: Q of one rule, a CRIM graph).
CREATE CONSTRAINT gamegraph_graph_slot IF NOT EXISTS FOR (s:GraphSlot) REQUIRE s.slot IS UNIQUE

// name: indexes_await
// Wait (up to 300 s) until every index is online, after the schema_* statements.
CALL db.awaitIndexes(300)

// name: indexes_orphaned
// Indexes named $names with no constraint: the backing index of a constraint whose creation
// was cut short by a server stop (Neo4j keeps it; every later CREATE CONSTRAINT of that name
// then fails with IndexWithNameAlreadyExists).
// params: names:list
SHOW INDEXES YIELD name, owningConstraint
WHERE name IN $names AND owningConstraint IS NULL
RETURN name

// name: database_is_empty
// Whether the database holds nothing a bulk rebuild could lose: no node at all but the lock
// nodes of idle slots (a slot whose lease runs means a load is under way).
OPTIONAL MATCH (x)
WHERE NOT x:GraphSlot OR x.lease_until > datetime()
WITH x LIMIT 1
RETURN x IS NULL AS empty

// name: node_kinds
// How many nodes the database holds, and how many of them are gamegraph's (graph positions,
// :Graph records, slots), from Neo4j's count store (no scan): a load rebuilds the database
// through the importer only when the two agree.
CALL () { MATCH (x) RETURN count(x) AS all }
CALL () { MATCH (x:GraphNode) RETURN count(x) AS graph_nodes }
CALL () { MATCH (x:Graph) RETURN count(x) AS records }
CALL () { MATCH (x:GraphSlot) RETURN count(x) AS slots }
RETURN all, graph_nodes + records + slots AS ours

// name: graph_get
// The :Graph record of one graph, or nothing, with the lease on its slot (lease_owner, and
// lease_running: the lease has not expired and is held for this graph).
// params: id:str
MATCH (g:Graph {id: $id})
OPTIONAL MATCH (s:GraphSlot {slot: g.slot})
RETURN g {.*, lease_owner: s.lease_owner,
          lease_running: coalesce(s.lease_until > datetime() AND s.graph = g.id, false)} AS graph

// name: graphs_all
// Every :Graph record, with the lease on its slot.
MATCH (g:Graph)
OPTIONAL MATCH (s:GraphSlot {slot: g.slot})
RETURN g {.*, lease_owner: s.lease_owner,
          lease_running: coalesce(s.lease_until > datetime() AND s.graph = g.id, false)} AS graph
ORDER BY g.game, g.slot, g.n

// name: slot_lease
// Who holds the lease on a slot, whether it still runs (nothing if no load ever held it), and
// the graph it was claimed for with that graph's status ('loading', 'dropping'; another
// graph of the slot than the one asked about, when loads of two graphs of one slot meet).
// params: slot:str
MATCH (s:GraphSlot {slot: $slot})
OPTIONAL MATCH (g:Graph {id: s.graph})
RETURN s.lease_owner AS owner, coalesce(s.lease_until > datetime(), false) AS running,
       s.graph AS graph, g.status AS status

// name: graph_claim
// Claim a graph's slot for a load, atomically: the SET takes the slot's write lock before
// the lease is read, so of two loads that claim at once the second sees the first's lease.
// A load holds the slot while its lease runs (it renews it); an expired lease, or one held by
// a process known to be dead ($dead), is taken over. The graph's record is then (re)written
// as 'loading'. Returns whether another load holds the slot (busy), and its owner.
// params: id:str, slot:str, props:map, owner:str, seconds:int, dead:list
MERGE (s:GraphSlot {slot: $slot})
SET s.claimed_at = datetime()
WITH s,
     s.lease_owner IS NOT NULL AND s.lease_owner <> $owner
     AND s.lease_until > datetime() AND NOT s.lease_owner IN $dead AS busy
CALL (s, busy) {
  WITH s WHERE NOT busy
  SET s.lease_owner = $owner, s.lease_until = datetime() + duration({seconds: $seconds}),
      s.graph = $id
  MERGE (g:Graph {id: $id})
  SET g = $props, g.id = $id, g.status = 'loading', g.started_at = datetime()
}
RETURN busy, s.lease_owner AS owner

// name: graph_renew
// Extend the lease of the load that holds a slot.
// params: slot:str, owner:str, seconds:int
MATCH (s:GraphSlot {slot: $slot, lease_owner: $owner})
SET s.lease_until = datetime() + duration({seconds: $seconds})

// name: graph_release
// End a failed load's lease at once (its graph stays 'loading': the next load repairs it).
// params: slot:str, owner:str
MATCH (s:GraphSlot {slot: $slot, lease_owner: $owner})
SET s.lease_until = datetime()

// name: graph_complete
// Mark a graph as completely loaded, with its verified counts, if the load still holds the
// lease on its slot ($owner; a load whose lease ran out and was taken over completes
// nothing); the lease ends. Returns the graph's id, or no row if the lease was lost.
// params: id:str, props:map, owner:str
MATCH (g:Graph {id: $id})
MATCH (s:GraphSlot {slot: g.slot})
WHERE s.lease_owner = $owner
SET g += $props, g.status = 'complete', g.completed_at = datetime()
REMOVE s.lease_owner, s.lease_until
RETURN g.id AS id

// name: graph_drop_claim
// Claim a graph's slot for a drop, as graph_claim does for a load (a live load or drop
// holds it: busy), and mark its record 'dropping' before any of its data goes, so no query
// or verify takes a graph being dropped for a complete one. Its counts go with it (they are
// the complete graph's, which a drop cut short no longer holds), as a load's claim drops them.
// params: id:str, slot:str, owner:str, seconds:int, dead:list
MERGE (s:GraphSlot {slot: $slot})
SET s.claimed_at = datetime()
WITH s,
     s.lease_owner IS NOT NULL AND s.lease_owner <> $owner
     AND s.lease_until > datetime() AND NOT s.lease_owner IN $dead AS busy
CALL (s, busy) {
  WITH s WHERE NOT busy
  SET s.lease_owner = $owner, s.lease_until = datetime() + duration({seconds: $seconds}),
      s.graph = $id
  WITH s
  MATCH (g:Graph {id: $id})
  SET g.status = 'dropping'
  REMOVE g.nodes, g.relationships
}
RETURN busy, s.lease_owner AS owner

// name: graph_drop_done
// A drop's last step, under its lease (a drop that lost its claim to a load removes nothing
// of what that load wrote): its graph's record goes and the lease on the slot ends. Returns
// a row only if the drop still held the slot.
// params: id:str, slot:str, owner:str
MATCH (s:GraphSlot {slot: $slot, lease_owner: $owner})
SET s.fenced_at = datetime()
WITH s
CALL (s) {
  MATCH (g:Graph {id: $id})
  DELETE g
}
REMOVE s.lease_owner, s.lease_until
RETURN s.slot AS slot

// name: graph_carry_done
// A bulk load's last step for a graph it carried over from the old store (one of a game not
// known now): the record is written back as it was (status, counts, summary, times), if the
// bulk load still holds the lease on its slot; the lease ends. Returns the graph's id, or no
// row if the lease was lost.
// params: id:str, props:map, owner:str
MATCH (g:Graph {id: $id})
MATCH (s:GraphSlot {slot: g.slot})
WHERE s.lease_owner = $owner
SET g = $props, g.id = $id
REMOVE s.lease_owner, s.lease_until
RETURN g.id AS id

// name: carry_nodes
// Every node of one graph, for a bulk load that carries it over to its new store: its element
// id (to match its relationships), its labels and its properties.
// params: graph:str
MATCH (p:GraphNode {graph: $graph})
RETURN elementId(p) AS id, labels(p) AS labels, properties(p) AS props

// name: carry_relationships
// Every relationship between two nodes of one graph, for a bulk load that carries it over:
// its ends' element ids, its type and its properties.
// params: graph:str
MATCH (a:GraphNode {graph: $graph})-[r]->(b:GraphNode {graph: $graph})
RETURN elementId(a) AS start, elementId(b) AS end, type(r) AS type, properties(r) AS props

// name: graph_forget_fenced
// Remove the :Graph record of a graph, under the lease of the load that holds its slot
// ($slot: the holder's, which may differ from the graph's own when a load replaces another
// graph of its slot).
// params: id:str, slot:str, owner:str
MATCH (:GraphSlot {slot: $slot, lease_owner: $owner})
MATCH (g:Graph {id: $id})
DELETE g

// name: graph_delete_nodes
// Delete one batch of a graph: of its first $limit nodes, up to $rels of their relationships,
// then those of these nodes left with none; returns how many nodes and relationships went.
// Batches bounded by relationships, not nodes alone: a graph's few nodes of large in-degree
// (C_20's first 5,000 nodes hold 461,451 of its 524,288 moves) put the relationships of most
// of the graph into one DETACH DELETE of 5,000 nodes, past the server's transaction memory
// limit. Done under the lease of the load or drop that holds the slot ($slot, $owner: the
// fence of the writes): a load or drop that lost its claim (stalled past its lease, or its
// store swapped by a bulk load) deletes nothing more. The SET takes the slot's write lock, so
// a takeover (which locks the slot to claim it) waits for the batch in flight and every later
// batch sees the new owner. The nodes are found in subqueries that run after the SET: a LIMIT
// with the SET before it in one query part is planned as an exhaustive limit, which read
// every remaining node of the graph for each batch (a drop of B_60 read its index 200 times
// over).
// params: graph:str, limit:int, rels:int, slot:str, owner:str
MATCH (s:GraphSlot {slot: $slot, lease_owner: $owner})
SET s.fenced_at = datetime()
WITH s
CALL (s) {
  MATCH (p:GraphNode {graph: $graph})
  WITH p LIMIT $limit
  MATCH (p)-[r]-()
  WITH DISTINCT r LIMIT $rels
  DELETE r
  RETURN count(*) AS relationships
}
CALL (s) {
  MATCH (p:GraphNode {graph: $graph})
  WITH p LIMIT $limit
  WITH p WHERE NOT EXISTS { (p)--() }
  DELETE p
  RETURN count(*) AS deleted
}
RETURN deleted, relationships

// name: graph_read_back
// What a load reads back of one graph before it marks it complete, and what `gamegraph
// verify` recomputes, in one pass over its nodes and one over its relationships: its node
// count; per relationship type leaving its nodes, how many there are (to any node) and how
// many end in the graph; and the moments of the idx of the nodes and of both ends of those
// inside relationships (count, Σa, Σb, Σa² mod m, Σb² mod m, Σab mod m, a and b reduced mod
// $m), from which gamegraph/db/fingerprints.py computes the content fingerprint of
// gamegraph/games/fingerprint.py (its mix is a quadratic form of the ends' idx, so its sums
// follow from these moments): fewer operations a row than the mix itself.
// params: graph:str, m:int
CALL () {
  MATCH (p:GraphNode {graph: $graph})
  WITH p.idx % $m AS a
  RETURN count(*) AS nodes, sum(a) AS node_sa, sum(a * a % $m) AS node_saa
}
CALL () {
  MATCH (p:GraphNode {graph: $graph})-[r]->(q)
  WITH type(r) AS type, p.idx % $m AS a, CASE WHEN q.graph = $graph THEN q.idx % $m END AS b
  WITH type, a, b, CASE WHEN b IS NOT NULL THEN a END AS ai
  WITH type, count(*) AS relationships, count(b) AS inside, sum(ai) AS sa, sum(b) AS sb,
       sum(ai * ai % $m) AS saa, sum(b * b % $m) AS sbb, sum(ai * b % $m) AS sab
  RETURN collect([type, relationships, inside, sa, sb, saa, sbb, sab]) AS by_type
}
RETURN nodes, node_sa, node_saa, by_type

// name: graph_count_all
// Every graph's counts at once, in one pass over the nodes that needs no index: [graph, nodes]
// pairs and [graph, type, relationships] triples. A bulk load checks with it the graphs it
// carried over (games it cannot see: gamegraph/loader/carry.py) in the new store.
CALL () {
  MATCH (p:GraphNode)
  WITH p.graph AS graph, count(p) AS nodes
  RETURN collect([graph, nodes]) AS nodes
}
CALL () {
  MATCH (p:GraphNode)
  WITH p.graph AS graph, p
  MATCH (p)-[r]->()
  WITH graph, type(r) AS type, count(*) AS relationships
  RETURN collect([graph, type, relationships]) AS by_type
}
RETURN nodes, by_type

// name: graph_read_back_nodes_all
// graph_read_back's node part for every graph at once, in one pass that needs no index (the
// bulk route reads a new store back while Neo4j populates the indexes): [graph, nodes, Σa,
// Σa² mod m] rows; the relationships are read a type at a time
// (gamegraph/db/fingerprints.py: readback_type_statement).
// params: m:int
MATCH (p:GraphNode)
WITH p.graph AS graph, p.idx % $m AS a
WITH graph, count(*) AS nodes, sum(a) AS sa, sum(a * a % $m) AS saa
RETURN collect([graph, nodes, sa, saa]) AS nodes

// name: labels_held
// Every node label the store knows (a bulk load creates the schema of these after it imports).
CALL db.labels() YIELD label
RETURN label

// name: relationship_types
// Every relationship type the store knows (the bulk route reads each one's relationships
// back, so a type no graph should have is seen too).
CALL db.relationshipTypes() YIELD relationshipType
RETURN relationshipType AS type

// name: slot_owners
// Every slot's lease owner (to tell the dead ones before holding every slot).
MATCH (s:GraphSlot)
WHERE s.lease_owner IS NOT NULL
RETURN collect(DISTINCT s.lease_owner) AS owners

// name: slots_all
// Every slot a load ever held.
MATCH (s:GraphSlot)
RETURN s.slot AS slot

// name: slots_hold
// Hold every slot named, all or none, for a bulk load about to swap the store: the SET locks
// them all before the leases are read, so no online load claims one meanwhile, and none is
// taken while a live load or drop holds any (busy: their owners). While held, an online
// load that wants one of them waits, as it waits for another load.
// params: slots:list, owner:str, seconds:int, dead:list
UNWIND $slots AS slot
MERGE (s:GraphSlot {slot: slot})
SET s.claimed_at = datetime()
WITH collect(s) AS held
WITH held,
     [s IN held WHERE s.lease_owner IS NOT NULL AND s.lease_owner <> $owner
      AND s.lease_until > datetime() AND NOT s.lease_owner IN $dead | s.lease_owner] AS busy
CALL (held, busy) {
  WITH held WHERE size(busy) = 0
  UNWIND held AS s
  SET s.lease_owner = $owner, s.lease_until = datetime() + duration({seconds: $seconds})
}
RETURN busy

// name: slots_release
// End a bulk load's hold on the slots it held (when it swapped nothing).
// params: owner:str
MATCH (s:GraphSlot {lease_owner: $owner})
REMOVE s.lease_owner, s.lease_until

// name: graph_has_key
// Whether a loaded graph holds a position of this key (a query about one it does not hold
// finds nothing, which a defined game's searched space can only tell this way).
// params: graph:str, key:str
MATCH (p:GraphNode {graph: $graph, key: $key})
RETURN p.key AS key
LIMIT 1
