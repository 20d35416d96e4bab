// Links between Q and G_n that the loader makes once either is loaded (docs/schema.md).

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
