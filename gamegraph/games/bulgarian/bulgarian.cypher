// Questions about Bulgarian solitaire B_n (SPEC.md §2), one named query per block.
// Positions are canonical keys ('5,3,3,1'); `gamegraph query` converts any notation.
// Moves are followed through BULGARIAN_MOVE relationships: B_n is a functional graph, so the
// longest trail from a position walks its trajectory once round its cycle and stops where
// the cycle closes, at the first position the trajectory repeats.

// name: bulgarian_trajectory
// The trajectory of a position under the move Ω until it enters its cycle: the positions
// in order (start and cycle entry included), the number of moves, and the cycle it ends in
// (from the entry, in move order).
// params: n:int, position:position
// requires: bulgarian
// example: :param n => 10
// example: :param position => '4,3,3'
MATCH walk = (:Bulgarian {n: $n, key: $position})-[:BULGARIAN_MOVE]->+()
WITH walk
ORDER BY length(walk) DESC
LIMIT 1
WITH nodes(walk) AS visited
WITH visited, [i IN range(0, size(visited) - 1) WHERE visited[i] = last(visited)][0] AS entry
RETURN
  [p IN visited[0..entry + 1] | p.key] AS trajectory,
  [p IN visited[0..entry + 1] | p.notation] AS notation,
  entry AS moves,
  [p IN visited[entry..-1] | p.key] AS cycle,
  size(visited) - 1 - entry AS cycle_length

// name: bulgarian_reaches
// Whether position $position reaches position $target by moves Ω, and in how many moves
// (the least; 0 when they are equal). One row; moves is null when it does not.
// params: n:int, position:position, target:position
// requires: bulgarian
// example: :param n => 10
// example: :param position => '4,3,3'
// example: :param target => '4,4,2'
MATCH (a:Bulgarian {n: $n, key: $position}), (b:Bulgarian {n: $n, key: $target})
OPTIONAL CALL (a, b) {
  MATCH path = SHORTEST 1 (a)-[:BULGARIAN_MOVE]->*(b)
  RETURN path
}
RETURN a.key AS position, b.key AS target, path IS NOT NULL AS reaches, length(path) AS moves

// name: bulgarian_cycles
// The cycles of B_n (one per weak component): members in move order from the member
// largest in lexicographic order, length, and basin size (positions whose trajectory ends
// in the cycle, its members included). Largest basin first.
// params: n:int
// requires: bulgarian
// scan: counts the basins over every position of B_n (p(60) = 966,467)
// example: :param n => 10
MATCH (p:Bulgarian {n: $n})
WITH p.cycle AS cycle, count(*) AS basin
MATCH (c:Bulgarian:Recurrent {n: $n, cycle: cycle})
MATCH round = (c)-[:BULGARIAN_MOVE]->+(c)
WITH cycle, basin, c, nodes(round)[0..-1] AS members
WHERE all(m IN members WHERE c.idx <= m.idx)
RETURN
  cycle,
  size(members) AS length,
  basin,
  [m IN members | m.key] AS members,
  [m IN members | m.notation] AS notation
ORDER BY basin DESC, cycle

// name: bulgarian_garden_of_eden
// Garden of Eden positions of B_n (no position moves to them), in index order, at most
// $limit of them, each with the total count. SPEC.md §2: λ with s parts is one iff λ_1 < s − 1.
// params: n:int, limit:int
// requires: bulgarian
// scan: looks at the incoming moves of every position of B_n
// example: :param n => 10
// example: :param limit => 25
MATCH (p:Bulgarian {n: $n})
WHERE NOT EXISTS { ()-[:BULGARIAN_MOVE]->(p) }
WITH p
ORDER BY p.idx
WITH collect(p) AS eden
UNWIND eden[0..$limit] AS p
MATCH (p)-[:BULGARIAN_MOVE]->(next)
RETURN
  p.key AS position,
  p.notation AS notation,
  p.num_parts AS parts,
  p.largest AS largest,
  next.key AS moves_to,
  size(eden) AS total

// name: bulgarian_farthest
// The positions of B_n farthest from their cycle (the most moves before the trajectory
// enters it), in index order, at most $limit of them, each with the total count; the moves
// and the cycle entry are found by following the moves.
// params: n:int, limit:int
// requires: bulgarian
// scan: reads the distance of every position of B_n
// example: :param n => 10
// example: :param limit => 25
MATCH (p:Bulgarian {n: $n})
WITH max(p.distance) AS farthest
MATCH (p:Bulgarian {n: $n})
WHERE p.distance = farthest
WITH p
ORDER BY p.idx
WITH collect(p) AS far
UNWIND far[0..$limit] AS p
CALL (p) {
  MATCH walk = (p)-[:BULGARIAN_MOVE]->+()
  WITH walk
  ORDER BY length(walk) DESC
  LIMIT 1
  WITH nodes(walk) AS visited
  WITH visited, [i IN range(0, size(visited) - 1) WHERE visited[i] = last(visited)][0] AS entry
  RETURN entry AS moves, visited[entry].key AS entry, size(visited) - 1 - entry AS cycle_length
}
RETURN p.key AS position, p.notation AS notation, moves, entry, cycle_length, size(far) AS total
