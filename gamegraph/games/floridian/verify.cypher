// What `gamegraph verify` runs on G_n and H_n (gamegraph/games/floridian/checks.py): the
// stored analysis recomputed from the relationships alone. Iterated computations (trimming,
// the retrograde analysis, breadth-first levels) run one round per query; checks.py repeats
// the round until nothing changes, passing the sets found so far as lists of element ids.

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

// name: verify_all_alpha
// The element ids of every α-position of G_n: the start of the trimming (used by
// `gamegraph verify`).
// params: n:int
// requires: floridian
// scan: every α-position of G_n
// example: :param n => 30
MATCH (a:Alpha {n: $n})
RETURN collect(elementId(a)) AS ids

// name: verify_trim_round
// One round of trimming H_n, for the α-positions of $check (element ids; all of them at
// first, then those whose witness the previous round removed): a TURN from each to a
// position in $keep and a TURN into it from one, as witnesses ('' when there is none). A
// position without both leaves $keep; repeated until no witness is lost, it leaves every
// position on a cycle and removes every position that cannot lie on one. A position whose
// two witnesses stay in $keep is not asked again: it would find them again, so each round
// removes exactly what a round over the whole of $keep would (used by `gamegraph verify`).
// params: n:int, keep:list, check:list
// requires: floridian
// scan: the TURN arcs of $check up to the first into $keep and from it, each round
// example: :param n => 30
// example: :param keep => []
// example: :param check => []
UNWIND $check AS id
MATCH (a:Alpha {n: $n})
WHERE elementId(a) = id
RETURN
  collect(id) AS ids,
  collect(coalesce(head(COLLECT {
    MATCH (a)-[:TURN]->(b) WHERE elementId(b) IN $keep RETURN elementId(b) LIMIT 1
  }), '')) AS out,
  collect(coalesce(head(COLLECT {
    MATCH (c)-[:TURN]->(a) WHERE elementId(c) IN $keep RETURN elementId(c) LIMIT 1
  }), '')) AS into

// name: verify_core_scc
// The positions of H_n on a cycle through $seed (an element id), i.e. its strongly
// connected component if $seed lies on a cycle: the positions it reaches by one turn or
// more that also reach it so, each set found by one breadth-first search; empty when
// $seed lies on no cycle (used by `gamegraph verify`).
// params: n:int, seed:str
// requires: floridian
// scan: two breadth-first searches over the part of H_n the seed reaches and that reaches it
// example: :param n => 30
// example: :param seed => ''
MATCH (s:Alpha {n: $n})
WHERE elementId(s) = $seed
CALL (s) {
  MATCH (s)-[:TURN*1..]->(b)
  RETURN collect(DISTINCT b) AS forward
}
CALL (s) {
  MATCH (b)-[:TURN*1..]->(s)
  RETURN collect(DISTINCT b) AS backward
}
UNWIND forward + backward AS b
WITH b, count(*) AS found
WHERE found = 2
RETURN collect(elementId(b)) AS ids, collect(b.idx) AS idxs

// name: verify_arcs_within
// The number of TURN arcs between two positions of $ids (used by `gamegraph verify`).
// params: n:int, ids:list
// requires: floridian
// example: :param n => 30
// example: :param ids => []
UNWIND $ids AS id
MATCH (a:Alpha {n: $n})-[:TURN]->(b)
WHERE elementId(a) = id AND elementId(b) IN $ids
RETURN count(*) AS arcs

// name: verify_turns_round
// One level of a breadth-first search backwards from the core: the α-positions with a TURN
// into $frontier (used by `gamegraph verify`, which keeps those it has not met yet as the
// next level: cheaper than sending every position met so far with each level).
// params: n:int, frontier:list
// requires: floridian
// example: :param n => 30
// example: :param frontier => []
UNWIND $frontier AS id
MATCH (a:Alpha {n: $n})-[:TURN]->(b)
WHERE elementId(b) = id
WITH DISTINCT a
RETURN collect(elementId(a)) AS ids, collect(a.idx) AS idxs

// name: verify_immediate_losses
// The immediate losses, recomputed: α-positions that no ALPHA_MOVE leaves (used by
// `gamegraph verify` to start the retrograde analysis).
// params: n:int
// requires: floridian
// scan: every α-position of G_n
// example: :param n => 30
MATCH (a:Alpha {n: $n})
WHERE NOT EXISTS { (a)-[:ALPHA_MOVE]->() }
RETURN collect(elementId(a)) AS ids, collect(a.idx) AS idxs

// name: verify_losing_round
// One round of the retrograde analysis: α-positions, not yet in $losing, that move into a
// position of $added and all of whose turns (α-move then Ω-move) lead into $losing (used by
// `gamegraph verify`; repeated until it finds nothing).
// params: n:int, added:list, losing:list
// requires: floridian
// example: :param n => 30
// example: :param added => []
// example: :param losing => []
UNWIND $added AS id
MATCH (a:Alpha {n: $n})-[:ALPHA_MOVE]->(:Omega)-[:OMEGA_MOVE]->(b)
WHERE elementId(b) = id AND NOT elementId(a) IN $losing
WITH DISTINCT a
WHERE all(next IN COLLECT {
    MATCH (a)-[:ALPHA_MOVE]->(:Omega)-[:OMEGA_MOVE]->(c)
    RETURN elementId(c)
  } WHERE next IN $losing)
RETURN collect(elementId(a)) AS ids, collect(a.idx) AS idxs

// name: verify_four_cycles_in_q
// For each completely loaded Q whose range covers n, its 4-cycle nodes of this n (used by
// `gamegraph verify` to compare them with the 4-cycles of G_n).
// params: n:int
MATCH (g:Graph {game: 'lifting', status: 'complete'})
WHERE g.n >= $n
OPTIONAL MATCH (c:FourCycle {rule: g.rule, n: $n})
RETURN g.rule AS rule, collect(c.key) AS keys
ORDER BY rule
