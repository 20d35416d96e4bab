// Questions about Floridian solitaire: G_n (α-positions, Ω-positions, ALPHA_MOVE, OMEGA_MOVE)
// and the turn graph H_n (TURN), SPEC.md §3. Positions are canonical keys ('8,5,5,2,2,2');
// `gamegraph query` converts any notation and checks that the position is separated.
// Paths and reachability follow the relationships: SHORTEST path patterns between two given
// positions, and `-[:TURN*0..]->` with min(length(path)) for everything reachable, which
// Neo4j runs as one breadth-first search. (SHORTEST from a position to any end is far slower
// at n = 60, and OPTIONAL MATCH of a SHORTEST quantified path pattern between two bound
// nodes returns a bogus zero-length path when there is none in Neo4j 5.26, hence
// OPTIONAL CALL.) The analysis labels (:Recurrent, :Losing, :ImmediateLoss) and properties
// (core_scc, turns_to_core) are used only where the question is about them, and
// `gamegraph verify` recomputes every one of them from the structure.

// name: floridian_turn_path_g
// A shortest sequence of turns in G_n from α-position $position to α-position $target:
// every position on the way with its kind (alpha, omega), alternating α-move, Ω-move.
// One row; turns is null when $target cannot be reached.
// params: n:int, position:position, target:position
// requires: floridian
// example: :param n => 24
// example: :param position => '8,5,5,2,2,2'
// example: :param target => '6,6,4,4,2,2'
MATCH (a:Alpha {n: $n, key: $position}), (b:Alpha {n: $n, key: $target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a) (()-[:ALPHA_MOVE]->(:Omega)-[:OMEGA_MOVE]->())* (b)
  RETURN path
}
RETURN
  a.key AS position,
  b.key AS target,
  length(path) / 2 AS turns,
  [p IN nodes(path) | p.key] AS positions,
  [p IN nodes(path) | CASE WHEN p:Alpha THEN 'alpha' ELSE 'omega' END] AS kinds

// name: floridian_turn_path_h
// A shortest sequence of turns in H_n (TURN arcs) from $position to $target: the
// α-positions on the way. One row; turns is null when $target cannot be reached.
// params: n:int, position:position, target:position
// requires: floridian
// example: :param n => 24
// example: :param position => '8,5,5,2,2,2'
// example: :param target => '6,6,4,4,2,2'
MATCH (a:Alpha {n: $n, key: $position}), (b:Alpha {n: $n, key: $target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a)-[:TURN]->*(b)
  RETURN path
}
RETURN
  a.key AS position,
  b.key AS target,
  length(path) AS turns,
  [p IN nodes(path) | p.key] AS positions

// name: floridian_moves
// The turns available from an α-position: each legal α-move (the Ω-position it gives)
// and the α-position the Ω-move then leads to, with whether that one is recurrent.
// params: n:int, position:position
// requires: floridian
// example: :param n => 24
// example: :param position => '8,5,5,2,2,2'
MATCH (:Alpha {n: $n, key: $position})-[:ALPHA_MOVE]->(x:Omega)-[:OMEGA_MOVE]->(b:Alpha)
RETURN x.key AS omega_position, b.key AS next_position, b:Recurrent AS recurrent
ORDER BY x.idx

// name: floridian_reachable
// Everything reachable from an α-position in H_n (itself included), each with the least
// number of turns to get there and whether it is recurrent (in the core). Nearest first.
// params: n:int, position:position
// requires: floridian
// example: :param n => 24
// example: :param position => '8,5,5,2,2,2'
MATCH reach = (:Alpha {n: $n, key: $position})-[:TURN*0..]->(b:Alpha)
WITH b, min(length(reach)) AS turns
RETURN b.key AS position, turns, b:Recurrent AS recurrent
ORDER BY turns, b.idx

// name: floridian_reaches_core
// Whether an α-position reaches the core (some path of turns ends at a recurrent state):
// how many α-positions it reaches, how many of them are recurrent, and the least number of
// turns to the core (null if it never gets there).
// params: n:int, position:position
// requires: floridian
// example: :param n => 24
// example: :param position => '8,5,5,2,2,2'
MATCH (a:Alpha {n: $n, key: $position})
CALL (a) {
  MATCH reach = (a)-[:TURN*0..]->(b:Alpha)
  WITH b, min(length(reach)) AS turns
  RETURN
    count(b) AS reachable,
    count(CASE WHEN b:Recurrent THEN 1 END) AS recurrent_reached,
    min(CASE WHEN b:Recurrent THEN turns END) AS turns_to_core
}
RETURN a.key AS position, recurrent_reached > 0 AS reaches_core, turns_to_core, reachable,
       recurrent_reached

// name: floridian_turns_to_core
// The least number of turns from an α-position to the core of H_n, with one shortest way
// there (the α-positions on it, ending at a recurrent state). One row; turns is null when
// the position is losing.
// params: n:int, position:position
// requires: floridian
// example: :param n => 24
// example: :param position => '8,5,5,2,2,2'
MATCH (a:Alpha {n: $n, key: $position})
OPTIONAL CALL (a) {
  MATCH reach = (a)-[:TURN*0..]->(c:Alpha:Recurrent)
  WITH c, min(length(reach)) AS turns
  ORDER BY turns, c.idx
  LIMIT 1
  MATCH path = SHORTEST 1 (a)-[:TURN]->*(c)
  RETURN path
}
RETURN a.key AS position, length(path) AS turns, [p IN nodes(path) | p.key] AS path

// name: floridian_outcomes
// How the α-positions of G_n divide: recurrent (the core), winning (some path reaches the
// core), losing (every path ends at an immediate loss) and immediate losses.
// params: n:int
// requires: floridian
// scan: counts over every α-position of G_n
// example: :param n => 24
// No row when G_n is not loaded (an aggregate alone would answer one row of zeros).
MATCH (a:Alpha {n: $n})
WITH
  count(a) AS positions,
  count(CASE WHEN a:Recurrent THEN 1 END) AS recurrent,
  count(CASE WHEN NOT a:Losing THEN 1 END) AS winning,
  count(CASE WHEN a:Losing THEN 1 END) AS losing,
  count(CASE WHEN a:ImmediateLoss THEN 1 END) AS immediate_losses
WHERE positions > 0
RETURN positions, recurrent, winning, losing, immediate_losses

// name: floridian_losing
// The losing α-positions of G_n (every path ends at an immediate loss), in index order,
// each with whether it is itself an immediate loss and its number of legal α-moves.
// params: n:int
// requires: floridian
// scan: reads the :Losing label of every α-position of G_n
// example: :param n => 8
MATCH (a:Alpha {n: $n})
WHERE a:Losing
RETURN
  a.key AS position,
  a.notation AS notation,
  a:ImmediateLoss AS immediate_loss,
  COUNT { (a)-[:ALPHA_MOVE]->() } AS alpha_moves
ORDER BY a.idx

// name: floridian_immediate_losses
// The immediate losses of G_n: α-positions with no legal α-move (no ALPHA_MOVE leaves them).
// params: n:int
// requires: floridian
// scan: looks at the outgoing α-moves of every α-position of G_n
// example: :param n => 24
MATCH (a:Alpha {n: $n})
WHERE NOT EXISTS { (a)-[:ALPHA_MOVE]->() }
RETURN a.key AS position, a.notation AS notation
ORDER BY a.idx

// name: floridian_winning
// Winning α-positions of G_n (some path reaches the core) with their least number of turns
// to it, in index order, at most $limit of them, each with the total count.
// params: n:int, limit:int
// requires: floridian
// scan: reads every α-position of G_n
// example: :param n => 24
// example: :param limit => 25
MATCH (a:Alpha {n: $n})
WHERE NOT a:Losing
WITH a
ORDER BY a.idx
WITH collect(a) AS winning
UNWIND winning[0..$limit] AS a
RETURN
  a.key AS position,
  a.notation AS notation,
  a.turns_to_core AS turns_to_core,
  a:Recurrent AS recurrent,
  size(winning) AS total

// name: floridian_farthest_winning
// The winning α-positions farthest from the core of H_n (most turns to a recurrent state),
// each with one shortest way there.
// params: n:int
// requires: floridian
// scan: reads turns_to_core of every α-position of G_n
// example: :param n => 24
MATCH (a:Alpha {n: $n})
WITH max(a.turns_to_core) AS farthest
MATCH (a:Alpha {n: $n})
WHERE a.turns_to_core = farthest
CALL (a) {
  MATCH reach = (a)-[:TURN*0..]->(c:Alpha:Recurrent)
  WITH c, min(length(reach)) AS turns
  ORDER BY turns, c.idx
  LIMIT 1
  MATCH path = SHORTEST 1 (a)-[:TURN]->*(c)
  RETURN path
}
RETURN a.key AS position, a.notation AS notation, length(path) AS turns,
       [p IN nodes(path) | p.key] AS path
ORDER BY a.idx

// name: floridian_core_components
// The core of H_n (the subgraph on the recurrent states) by strongly connected component
// (core_scc, 0 the largest): its nodes, its arcs (TURN pairs inside it, loops included)
// and the number of core arcs leaving it for another component.
// params: n:int
// requires: floridian
// example: :param n => 33
MATCH (a:Alpha:Recurrent {n: $n})
WITH a
ORDER BY a.idx
WITH a.core_scc AS core_scc, collect(a) AS members
CALL (core_scc, members) {
  UNWIND members AS a
  MATCH (a)-[:TURN]->(b:Alpha:Recurrent)
  WITH a, b
  ORDER BY a.idx, b.idx
  RETURN
    collect(CASE WHEN b.core_scc = core_scc THEN [a.key, b.key] END) AS arcs,
    count(CASE WHEN b.core_scc <> core_scc THEN 1 END) AS arcs_out
}
RETURN
  core_scc,
  size(members) AS node_count,
  size(arcs) AS arc_count,
  arcs_out,
  [m IN members | m.key] AS nodes,
  arcs
ORDER BY core_scc

// name: floridian_core_arcs
// Every arc of the core of H_n (a TURN between two recurrent states), with the strongly
// connected component of each end.
// params: n:int
// requires: floridian
// example: :param n => 33
MATCH (a:Alpha:Recurrent {n: $n})-[:TURN]->(b:Alpha:Recurrent)
RETURN a.key AS source, b.key AS target, a.core_scc AS source_scc, b.core_scc AS target_scc
ORDER BY a.idx, b.idx

// name: floridian_core_graph
// The core of H_n as paths, for Neo4j Browser's graph view (one TURN per row); best for
// small n (35 nodes at n = 24, 57 at n = 33).
// params: n:int
// requires: floridian
// scan: returns every arc of the core with both ends (20,843 arcs at n = 60)
// example: :param n => 33
MATCH core = (a:Alpha:Recurrent {n: $n})-[:TURN]->(:Alpha:Recurrent)
RETURN core

// name: floridian_four_cycles
// The 4-cycles of G_n, [a,α] → [x,Ω] → [b,α] → [y,Ω] → [a,α] with a ≠ b, each once: the
// rotation starting at the α-position larger in lexicographic order (smaller idx).
// params: n:int
// requires: floridian
// Both α-positions of a cycle of G_n are recurrent (on a cycle), so the pattern starts from
// the :Recurrent ones only (`verify` checks those labels against the relationships).
// scan: tries the 4-step path pattern from every recurrent α-position
// example: :param n => 24
MATCH (a:Alpha:Recurrent {n: $n})
MATCH (a)-[:ALPHA_MOVE]->(x:Omega)-[:OMEGA_MOVE]->(b:Alpha:Recurrent)-[:ALPHA_MOVE]->(y:Omega)
      -[:OMEGA_MOVE]->(a)
WHERE a.idx < b.idx
RETURN
  a.key AS alpha1,
  x.key AS omega1,
  b.key AS alpha2,
  y.key AS omega2,
  a.notation + ' → ' + x.notation + ' → ' + b.notation + ' → ' + y.notation AS notation
ORDER BY a.idx, x.idx, b.idx, y.idx

// name: floridian_two_cycles
// The 2-cycles of G_n, [a,α] → [x,Ω] → [a,α] (the loops of H_n).
// params: n:int
// requires: floridian
// scan: tries the 2-step path pattern from every α-position of G_n
// example: :param n => 8
MATCH (a:Alpha {n: $n})-[:ALPHA_MOVE]->(x:Omega)-[:OMEGA_MOVE]->(a)
RETURN a.key AS alpha, x.key AS omega, a.notation + ' ↔ ' + x.notation AS notation
ORDER BY a.idx, x.idx
