// What `gamegraph verify` runs on G_n and H_n (gamegraph/games/floridian/checks.py): the
// stored analysis next to what the relationships say. Cypher reads each position's stored
// answers and the relationships once (the arcs in slices of indices); the iterated
// computations (the recurrent states and the core's components, the retrograde analysis,
// the breadth-first levels to the core) run in checks.py over the arcs read, with numpy
// and scipy, instead of one query per round.

// name: verify_floridian_counts
// Nodes and relationships of G_n and H_n as stored, by kind (used by `gamegraph verify`).
// params: n:int
// requires: floridian
// example: :param n => 30
CALL () {
  MATCH (a:Alpha {n: $n})
  RETURN
    count(a) AS alpha,
    sum(COUNT { (a)-[:ALPHA_MOVE]->() }) AS alpha_moves,
    sum(COUNT { (a)-[:TURN]->() }) AS turns
}
CALL () {
  MATCH (x:Omega {n: $n})
  RETURN count(x) AS omega, sum(COUNT { (x)-[:OMEGA_MOVE]->() }) AS omega_moves
}
RETURN alpha, omega, alpha_moves, omega_moves, turns

// name: verify_floridian_positions
// Every α-position with its stored analysis next to what its relationships say: whether
// an Ω-move enters it (it lies in Ω(T(n))) and whether it is an immediate loss (no
// α-move) (used by `gamegraph verify`; its moves come from verify_floridian_arcs). One
// record of columns, a list per answer aligned by position (80,104 positions of G_60
// decode as one record of flat lists, not 80,104 records); an absent property reads -2.
// params: n:int
// requires: floridian
// scan: every α-position of G_n, answered in one record
// example: :param n => 30
MATCH (a:Alpha {n: $n})
RETURN
  collect(coalesce(a.idx, -2)) AS idx,
  collect(coalesce(a.key, -2)) AS key,
  collect(EXISTS { (:Omega)-[:OMEGA_MOVE]->(a) }) AS entered,
  collect(NOT EXISTS { (a)-[:ALPHA_MOVE]->() }) AS immediate_loss,
  collect(a:Recurrent) AS stored_recurrent,
  collect(a:Losing) AS stored_losing,
  collect(a:ImmediateLoss) AS stored_immediate_loss,
  collect(coalesce(a.core_scc, -2)) AS stored_core_scc,
  collect(coalesce(a.turns_to_core, -2)) AS stored_turns_to_core,
  collect(coalesce(a.in_omega_t, -2)) AS stored_in_omega_t,
  collect(coalesce(a.out_degree, -2)) AS stored_out_degree

// name: verify_floridian_arcs
// The α-moves, Ω-moves and TURN arcs of G_n and H_n that leave a position with
// $lo <= idx < $hi (an absent idx reads -2; $lo or $hi null: no bound on that side), as
// pairs of position indices (source, target), three pairs of aligned columns in one record:
// the α-moves of each α-position, the Ω-move of each Ω-position and the TURN arcs that
// checks.py compares with the α-moves composed with the Ω-moves (used by `gamegraph verify`,
// a slice of indices at a time; flat lists of integers decode far faster than a list per
// position).
// params: n:int, lo:int, hi:int
// requires: floridian
// scan: every α- and Ω-position of G_n, and the relationships of the slice's, in one record
// example: :param n => 30
// example: :param lo => 0
// example: :param hi => 100000
CALL () {
  MATCH (a:Alpha {n: $n})
  WHERE ($lo IS NULL OR coalesce(a.idx, -2) >= $lo) AND ($hi IS NULL OR coalesce(a.idx, -2) < $hi)
  MATCH (a)-[:ALPHA_MOVE]->(x:Omega)
  RETURN collect(coalesce(a.idx, -2)) AS alpha_from, collect(coalesce(x.idx, -2)) AS alpha_to
}
CALL () {
  MATCH (x:Omega {n: $n})
  WHERE ($lo IS NULL OR coalesce(x.idx, -2) >= $lo) AND ($hi IS NULL OR coalesce(x.idx, -2) < $hi)
  MATCH (x)-[:OMEGA_MOVE]->(b:Alpha)
  RETURN collect(coalesce(x.idx, -2)) AS omega_from, collect(coalesce(b.idx, -2)) AS omega_to
}
CALL () {
  MATCH (a:Alpha {n: $n})
  WHERE ($lo IS NULL OR coalesce(a.idx, -2) >= $lo) AND ($hi IS NULL OR coalesce(a.idx, -2) < $hi)
  MATCH (a)-[:TURN]->(b:Alpha)
  RETURN collect(coalesce(a.idx, -2)) AS turn_from, collect(coalesce(b.idx, -2)) AS turn_to
}
RETURN alpha_from, alpha_to, omega_from, omega_to, turn_from, turn_to

// name: verify_omega_moves
// Every Ω-position: whether its Ω-moves lead to Ω(λ) computed here from the parts
// (compared as multisets), and whether an α-move enters it, next to the stored reachable
// flag (used by `gamegraph verify`; its Ω-moves come from verify_floridian_arcs). One
// record of columns, as verify_floridian_positions.
// params: n:int
// requires: floridian
// scan: every Ω-position of G_n, answered in one record
// example: :param n => 30
MATCH (x:Omega {n: $n})
WITH x, [(x)-[:OMEGA_MOVE]->(b:Alpha) | b] AS targets,
     [p IN x.parts WHERE p > 1 | p - 1] + [size(x.parts)] AS omega
RETURN
  collect(coalesce(x.idx, -2)) AS idx,
  collect(coalesce(x.key, -2)) AS key,
  collect(all(b IN targets WHERE size(b.parts) = size(omega)
    AND all(v IN omega WHERE size([p IN b.parts WHERE p = v]) = size([w IN omega WHERE w = v]))))
    AS moves_to_omega,
  collect(EXISTS { (:Alpha)-[:ALPHA_MOVE]->(x) }) AS reachable,
  collect(coalesce(x.reachable, -2)) AS stored_reachable

// name: verify_four_cycles_in_q
// For each completely loaded Q whose range covers n, its 4-cycle nodes of this n (used by
// `gamegraph verify` to compare them with the 4-cycles of G_n).
// params: n:int
MATCH (g:Graph {game: 'lifting', status: 'complete'})
WHERE g.n >= $n
OPTIONAL MATCH (c:FourCycle {rule: g.rule, n: $n})
RETURN g.rule AS rule, collect(c.key) AS keys
ORDER BY rule
