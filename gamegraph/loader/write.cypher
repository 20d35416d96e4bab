// Statements the loader runs. Labels and relationship types reach them as $parameters too
// (Neo4j 5.26 dynamic labels, :$($label)); they come from gamegraph's model, never from users.

// name: graph_get
// The :Graph record of one loaded graph, or nothing.
// params: id:str
MATCH (g:Graph {id: $id})
RETURN g {.*} AS graph

// name: graph_begin
// Mark a graph as being loaded (status 'loading' until graph_complete runs).
// params: id:str, props:map
MERGE (g:Graph {id: $id})
SET g = $props, g.id = $id, g.status = 'loading', g.started_at = datetime()

// name: graph_complete
// Mark a graph as completely loaded, with its verified counts.
// params: id:str, props:map
MATCH (g:Graph {id: $id})
SET g += $props, g.status = 'complete', g.completed_at = datetime()

// name: graph_forget
// Remove the :Graph record of a dropped graph.
// params: id:str
MATCH (g:Graph {id: $id})
DELETE g

// name: create_bulgarian
// Create a batch of B_n positions from positional rows; returns their element ids in order.
// The last element of a row lists the node's flag labels (:Recurrent, ...), possibly none.
// params: rows:list
UNWIND $rows AS row
CREATE (p:Bulgarian {
  n: row[0], idx: row[1], key: row[2], parts: row[3], notation: row[4], num_parts: row[5],
  largest: row[6], cycle: row[7], cycle_length: row[8], distance: row[9], in_degree: row[10]
})
SET p:$(row[-1])
RETURN collect(elementId(p)) AS ids

// name: create_alpha
// Create a batch of G_n α-positions from positional rows; returns their element ids in order.
// The last element of a row lists the node's flag labels (:Recurrent, ...), possibly none.
// params: rows:list
UNWIND $rows AS row
CREATE (p:Alpha {
  n: row[0], idx: row[1], key: row[2], parts: row[3], notation: row[4], num_parts: row[5],
  largest: row[6], in_omega_t: row[7], out_degree: row[8], core_scc: row[9],
  turns_to_core: row[10]
})
SET p:$(row[-1])
RETURN collect(elementId(p)) AS ids

// name: create_omega
// Create a batch of G_n Ω-positions from positional rows; returns their element ids in order.
// The last element of a row lists the node's flag labels (:Recurrent, ...), possibly none.
// params: rows:list
UNWIND $rows AS row
CREATE (p:Omega {
  n: row[0], idx: row[1], key: row[2], parts: row[3], notation: row[4], num_parts: row[5],
  largest: row[6], reachable: row[7]
})
SET p:$(row[-1])
RETURN collect(elementId(p)) AS ids

// name: create_fourcycle
// Create a batch of Q's 4-cycle nodes from positional rows; returns their element ids in order.
// The last element of a row lists the node's flag labels (:Recurrent, ...), possibly none.
// params: rows:list
UNWIND $rows AS row
CREATE (c:FourCycle {
  rule: row[0], n: row[1], key: row[2], positions: row[3], notation: row[4],
  component: row[5], source: row[6], lifts: row[7], lifts_beyond: row[8]
})
SET c:$(row[-1])
RETURN collect(elementId(c)) AS ids

// name: create_relationships
// Create one batch of relationships of one type, rows [start id, [end ids]].
// params: type:str, rows:list
UNWIND $rows AS row
MATCH (a)
WHERE elementId(a) = row[0]
UNWIND row[1] AS end_id
MATCH (b)
WHERE elementId(b) = end_id
CREATE (a)-[:$($type)]->(b)

// name: create_relationships_by_end
// Create one batch of relationships of one type, rows [end id, [start ids]].
// params: type:str, rows:list
UNWIND $rows AS row
MATCH (b)
WHERE elementId(b) = row[0]
UNWIND row[1] AS start_id
MATCH (a)
WHERE elementId(a) = start_id
CREATE (a)-[:$($type)]->(b)

// name: create_relationships_with_properties
// Create one batch of relationships of one type with properties, rows {start, end, props}.
// params: type:str, rows:list
UNWIND $rows AS row
MATCH (a)
WHERE elementId(a) = row.start
MATCH (b)
WHERE elementId(b) = row.end
CREATE (a)-[r:$($type)]->(b)
SET r = row.props

// name: delete_bulgarian
// Delete up to $limit positions of B_n with their moves; returns how many went.
// params: n:int, limit:int
MATCH (p:Bulgarian {n: $n})
WITH p LIMIT $limit
DETACH DELETE p
RETURN count(*) AS deleted

// name: delete_alpha
// Delete up to $limit α-positions of G_n with their arcs; returns how many went.
// params: n:int, limit:int
MATCH (p:Alpha {n: $n})
WITH p LIMIT $limit
DETACH DELETE p
RETURN count(*) AS deleted

// name: delete_omega
// Delete up to $limit Ω-positions of G_n with their arcs; returns how many went.
// params: n:int, limit:int
MATCH (p:Omega {n: $n})
WITH p LIMIT $limit
DETACH DELETE p
RETURN count(*) AS deleted

// name: delete_four_cycles
// Delete up to $limit nodes of Q for one rule with their lifts; returns how many went.
// params: rule:str, limit:int
MATCH (c:FourCycle {rule: $rule})
WITH c LIMIT $limit
DETACH DELETE c
RETURN count(*) AS deleted

// name: count_bulgarian
// Nodes and moves of B_n as stored.
// params: n:int
MATCH (p:Bulgarian {n: $n})
RETURN count(p) AS nodes, sum(COUNT { (p)-[:BULGARIAN_MOVE]->() }) AS BULGARIAN_MOVE

// name: count_floridian
// Nodes and arcs of G_n and H_n as stored.
// params: n:int
CALL (){
  MATCH (p:Alpha {n: $n})
  RETURN count(p) AS alpha, sum(COUNT { (p)-[:ALPHA_MOVE]->() }) AS ALPHA_MOVE,
         sum(COUNT { (p)-[:TURN]->() }) AS TURN
}
CALL (){
  MATCH (p:Omega {n: $n})
  RETURN count(p) AS omega, sum(COUNT { (p)-[:OMEGA_MOVE]->() }) AS OMEGA_MOVE
}
RETURN alpha + omega AS nodes, ALPHA_MOVE, OMEGA_MOVE, TURN

// name: count_lifting
// Nodes and lifts of Q for one rule as stored.
// params: rule:str
MATCH (c:FourCycle {rule: $rule})
RETURN count(c) AS nodes, sum(COUNT { (c)-[:LIFTS_TO]->() }) AS LIFTS_TO

// name: link_four_cycles
// Link every 4-cycle node of Q with this n to its four positions of G_n (when both are loaded).
// Each position is looked up through the (n, key) index, one cycle at a time: the hints keep
// the plan right even when it is made while the label statistics are still empty.
// params: n:int
MATCH (c:FourCycle {n: $n})
UNWIND range(0, 3) AS step
CALL (c, step) {
  MATCH (a:Alpha)
  USING INDEX a:Alpha(n, key)
  WHERE step % 2 = 0 AND a.n = $n AND a.key = c.positions[step]
  RETURN a AS position
  UNION
  MATCH (x:Omega)
  USING INDEX x:Omega(n, key)
  WHERE step % 2 = 1 AND x.n = $n AND x.key = c.positions[step]
  RETURN x AS position
}
MERGE (c)-[:VISITS {step: step}]->(position)
RETURN count(*) AS linked

// name: loaded_graphs
// Every loaded graph with its status and counts.
MATCH (g:Graph)
RETURN g {.*} AS graph
ORDER BY g.game, g.n, g.rule
