// What `gamegraph verify` runs on Q (gamegraph/games/lifting/checks.py): its structure read
// back from the relationships, its components recomputed by breadth-first search.

// name: verify_lifting_nodes
// Every node of Q for one rule with its lifts and in-degree counted from LIFTS_TO, next to
// its stored analysis (used by `gamegraph verify`).
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
  c:NonLifting AS stored_non_lifting
ORDER BY key

// name: verify_lifting_component
// The weak component of Q (one rule) holding a seed 4-cycle, by a breadth-first search over
// LIFTS_TO in both directions (used by `gamegraph verify`).
// params: rule:str, seed:str
MATCH (s:FourCycle {rule: $rule, key: $seed})
MATCH (s)-[:LIFTS_TO]-{0,}(c:FourCycle)
RETURN collect(DISTINCT c.key) AS keys
