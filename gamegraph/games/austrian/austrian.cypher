// Questions about Austrian solitaire A_n(L) (SPEC-games.md §2), one named query per block.
// Positions are states (μ, b), keyed by μ's parts largest first, a bar and the bank
// ('5,5,3,3|4'; '|5' when every card is in the bank); `gamegraph query` also accepts
// μ in ascending notation ('3^2 5^2 | 4').
// A_n(L) is a functional graph (one AUSTRIAN_MOVE per position): a trajectory is the one
// path of moves that stops at its first :Recurrent position, a cycle the one shortest
// way round.

// name: austrian_trajectory
// The trajectory of a state until it enters its cycle: the states in order (start and cycle
// entry included), the number of moves, and the cycle it ends in (from the entry, in move
// order).
// params: n:int, L:param, position:position
// requires: austrian
// example: :param n => 20
// example: :param L => 5
// example: :param position => '5,5,3,3|4'
MATCH walk = (:Austrian {L: $L, n: $n, key: $position})
  ((a)-[:AUSTRIAN_MOVE]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:AUSTRIAN_MOVE]->+(entry)
RETURN
  [q IN nodes(walk) | q.key] AS trajectory,
  [q IN nodes(walk) | q.notation] AS notation,
  length(walk) AS moves,
  [q IN nodes(round)[0..-1] | q.key] AS cycle,
  length(round) AS cycle_length

// name: austrian_reaches
// Whether state $position reaches state $target by moves, and in how many (the least; 0 when
// they are equal). One row; moves is null when it does not.
// params: n:int, L:param, position:position, target:position
// requires: austrian
// example: :param n => 20
// example: :param L => 5
// example: :param position => '5,5,3,3|4'
// example: :param target => '5,4,3,2,1,1|4'
MATCH (a:Austrian {L: $L, n: $n, key: $position}), (b:Austrian {L: $L, n: $n, key: $target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a)-[:AUSTRIAN_MOVE]->*(b)
  RETURN path
}
RETURN a.key AS position, b.key AS target, path IS NOT NULL AS reaches, length(path) AS moves

// name: austrian_cycles
// The cycles of A_n(L) (one per weak component), largest basin first, at most $limit of them:
// members in move order from the member of smallest index, length, basin size (states whose
// trajectory ends in the cycle, its members included) and the total number of cycles.
// params: n:int, L:param, limit:int
// requires: austrian
// scan: counts the basins over every position of A_n(L) (p(n) at most)
// example: :param n => 20
// example: :param L => 5
// example: :param limit => 25
MATCH (p:Austrian {L: $L, n: $n})
WITH p.cycle AS cycle, count(*) AS basin, min(CASE WHEN p:Recurrent THEN p.idx END) AS first
ORDER BY basin DESC, cycle
WITH collect({cycle: cycle, basin: basin, first: first}) AS cycles
UNWIND cycles[0..$limit] AS c
MATCH (s:Austrian {L: $L, n: $n, idx: c.first})
MATCH round = SHORTEST 1 (s)-[:AUSTRIAN_MOVE]->+(s)
WITH c, nodes(round)[0..-1] AS members, size(cycles) AS total
RETURN
  c.cycle AS cycle,
  size(members) AS length,
  c.basin AS basin,
  [m IN members | m.key] AS members,
  [m IN members | m.notation] AS notation,
  total
ORDER BY basin DESC, cycle

// name: austrian_cycle_lengths
// How many cycles of A_n(L) have each length, and how many states lie on them.
// params: n:int, L:param
// requires: austrian
// scan: reads the recurrent positions of A_n(L)
// example: :param n => 20
// example: :param L => 5
MATCH (p:Austrian:Recurrent {L: $L, n: $n})
WITH p.cycle AS cycle, count(*) AS length
RETURN length, count(*) AS cycles, length * count(*) AS positions
ORDER BY length

// name: austrian_garden_of_eden
// Garden of Eden states of A_n(L) (no position moves to them), in index order, at most $limit of
// them, each with the total count. A state (μ, b) whose μ has q piles of L is one iff (L + 1)·q
// + b < ℓ(μ) (derived from the move, checked by the tests); with --bank-up-to-L so is every
// state with b = L.
// params: n:int, L:param, limit:int
// requires: austrian
// scan: looks at the incoming moves of every position of A_n(L)
// example: :param n => 20
// example: :param L => 5
// example: :param limit => 25
MATCH (p:Austrian {L: $L, n: $n})
WHERE NOT EXISTS { ()-[:AUSTRIAN_MOVE]->(p) }
WITH p
ORDER BY p.idx
WITH collect(p) AS eden
UNWIND eden[0..$limit] AS p
MATCH (p)-[:AUSTRIAN_MOVE]->(next)
RETURN
  p.key AS position,
  p.notation AS notation,
  p.piles AS piles,
  p.bank AS bank,
  next.key AS moves_to,
  size(eden) AS total

// name: austrian_farthest
// The states of A_n(L) farthest from their cycle (the most moves before the trajectory enters
// it), in index order, at most $limit of them, each with the total count; the moves and the
// cycle entry are found by following the moves.
// params: n:int, L:param, limit:int
// requires: austrian
// scan: reads the distance of every position of A_n(L)
// example: :param n => 20
// example: :param L => 5
// example: :param limit => 25
MATCH (p:Austrian {L: $L, n: $n})
WITH max(p.distance) AS farthest
MATCH (p:Austrian {L: $L, n: $n})
WHERE p.distance = farthest
WITH p
ORDER BY p.idx
WITH collect(p) AS far
UNWIND far[0..$limit] AS p
MATCH walk = (p) ((a)-[:AUSTRIAN_MOVE]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:AUSTRIAN_MOVE]->+(entry)
RETURN
  p.key AS position,
  p.notation AS notation,
  length(walk) AS moves,
  entry.key AS entry,
  length(round) AS cycle_length,
  size(far) AS total
