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
// Every α-position with its stored analysis next to what its relationships say: the
// α-moves leaving it (Ω-position idx), whether an Ω-move enters it (it lies in Ω(T(n))),
// and whether it is an immediate loss (no α-move) (used by `gamegraph verify`).
// params: n:int
// requires: floridian
// scan: one row per α-position of G_n
// example: :param n => 30
MATCH (a:Alpha {n: $n})
RETURN
  a.idx AS idx,
  a.key AS key,
  [(a)-[:ALPHA_MOVE]->(x:Omega) | x.idx] AS alpha_moves,
  EXISTS { (:Omega)-[:OMEGA_MOVE]->(a) } AS entered,
  NOT EXISTS { (a)-[:ALPHA_MOVE]->() } AS immediate_loss,
  a:Recurrent AS stored_recurrent,
  a:Losing AS stored_losing,
  a:ImmediateLoss AS stored_immediate_loss,
  a.core_scc AS stored_core_scc,
  a.turns_to_core AS stored_turns_to_core,
  a.in_omega_t AS stored_in_omega_t,
  a.out_degree AS stored_out_degree
ORDER BY idx

// name: verify_omega_moves
// Every Ω-position with the α-positions its Ω-move leads to (idx; exactly one expected),
// whether that is Ω(λ) computed here from the parts (compared as multisets), and whether an
// α-move enters it, next to the stored reachable flag (used by `gamegraph verify`).
// params: n:int
// requires: floridian
// scan: one row per Ω-position of G_n
// example: :param n => 30
MATCH (x:Omega {n: $n})
WITH x, [(x)-[:OMEGA_MOVE]->(b:Alpha) | b] AS targets,
     [p IN x.parts WHERE p > 1 | p - 1] + [size(x.parts)] AS omega
RETURN
  x.idx AS idx,
  x.key AS key,
  [b IN targets | b.idx] AS omega_moves,
  all(b IN targets WHERE size(b.parts) = size(omega)
    AND all(v IN omega WHERE size([p IN b.parts WHERE p = v]) = size([w IN omega WHERE w = v])))
    AS moves_to_omega,
  EXISTS { (:Alpha)-[:ALPHA_MOVE]->(x) } AS reachable,
  x.reachable AS stored_reachable
ORDER BY idx

// name: verify_turns
// α-positions whose TURN arcs (H_n) are not exactly the distinct ends of their two-move
// paths α-move, Ω-move in G_n (used by `gamegraph verify`; no rows when they agree).
// params: n:int
// requires: floridian
// scan: compares the TURN arcs and the two-move paths of every α-position of G_n
// example: :param n => 30
MATCH (a:Alpha {n: $n})
WITH a,
  COLLECT {
    MATCH (a)-[:ALPHA_MOVE]->(:Omega)-[:OMEGA_MOVE]->(b:Alpha)
    RETURN DISTINCT b.idx AS idx ORDER BY idx
  } AS moves,
  COLLECT { MATCH (a)-[:TURN]->(b:Alpha) RETURN b.idx AS idx ORDER BY idx } AS turns
WHERE moves <> turns
RETURN a.key AS position, moves, turns

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
// One round of trimming H_n: of the α-positions in $keep, those with a TURN to and a TURN
// from a position in $keep. Repeated until nothing changes, it leaves every position on a
// cycle and removes every position that cannot lie on one (used by `gamegraph verify`).
// params: n:int, keep:list
// requires: floridian
// scan: every α-position of $keep, each round
// example: :param n => 30
// example: :param keep => []
MATCH (a:Alpha {n: $n})
WHERE elementId(a) IN $keep
  AND EXISTS { (a)-[:TURN]->(b) WHERE elementId(b) IN $keep }
  AND EXISTS { (c)-[:TURN]->(a) WHERE elementId(c) IN $keep }
RETURN collect(elementId(a)) AS ids

// name: verify_on_cycle
// The recurrent states, recomputed: positions of $keep (the trimmed H_n) with a path of
// turns back to themselves, found by a shortest-path search (used by `gamegraph verify`).
// params: n:int, keep:list
// requires: floridian
// scan: a shortest-path search from every position of $keep
// example: :param n => 30
// example: :param keep => []
MATCH (a:Alpha {n: $n})
WHERE elementId(a) IN $keep
  AND EXISTS { MATCH SHORTEST 1 (a) ((x)-[:TURN]->(y) WHERE elementId(y) IN $keep)+ (a) }
RETURN collect(elementId(a)) AS ids, collect(a.idx) AS idxs

// name: verify_core_scc
// The strongly connected component of H_n containing $seed (an element id): the positions
// $seed reaches that also reach it, each set found by one breadth-first search (used by
// `gamegraph verify`).
// params: n:int, seed:str
// requires: floridian
// scan: two breadth-first searches over the part of H_n the seed reaches and that reaches it
// example: :param n => 30
// example: :param seed => ''
MATCH (s:Alpha {n: $n})
WHERE elementId(s) = $seed
CALL (s) {
  MATCH (s)-[:TURN*0..]->(b)
  RETURN collect(DISTINCT b) AS forward
}
CALL (s) {
  MATCH (b)-[:TURN*0..]->(s)
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
// One level of a breadth-first search backwards from the core: the α-positions not in
// $seen with a TURN into $frontier (used by `gamegraph verify`).
// params: n:int, frontier:list, seen:list
// requires: floridian
// example: :param n => 30
// example: :param frontier => []
// example: :param seen => []
UNWIND $frontier AS id
MATCH (a:Alpha {n: $n})-[:TURN]->(b)
WHERE elementId(b) = id AND NOT elementId(a) IN $seen
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
