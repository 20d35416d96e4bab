// What `gamegraph verify` runs on Q (gamegraph/games/lifting/checks.py): its structure read
// back from the relationships, once (checks.py recomputes its components from them by
// breadth-first search).

// name: verify_lifting_nodes
// Every node of Q for one rule with its lifts and in-degree counted from LIFTS_TO, next to
// its stored analysis, its positions and its VISITS links to them where G_n is loaded (used
// by `gamegraph verify`).
// params: rule:str
MATCH (c:FourCycle {rule: $rule})
RETURN
  c.key AS key,
  c.n AS n,
  [(c)-[l:LIFTS_TO]->(d) | {target: d.key, m: l.m, n_to: l.n_to, n_target: d.n}] AS lifts,
  COUNT { ()-[:LIFTS_TO]->(c) } AS in_degree,
  c.lifts AS stored_lifts,
  c.lifts_beyond AS stored_beyond,
  c.source AS stored_source,
  c.component AS stored_component,
  c:NonLifting AS stored_non_lifting,
  c.positions AS stored_positions,
  [(c)-[v:VISITS]->(p) | [v.step, p.key]] AS visits
ORDER BY key
