// Questions about CRIM (SPEC-games.md §7; seed 003), one named query per block. A move
// deletes one whole row or one whole column of a Young diagram; normal play, so the empty
// diagram is the only terminal position, a P-position (the player to move loses).
// One CRIM graph is loaded at a time; it holds every partition of size 0..N, and a node's n
// is its size |λ|. Positions are canonical keys ('5,3,3,1'; '0' is the empty diagram);
// `gamegraph query` converts any notation, and [], ∅ or 0 for the empty diagram.
// The deletion that makes an option is recomputed here from the parts: deleting a row of d
// cells removes a part d; deleting a column of d cells takes one cell off each of the d
// largest parts, where d is a column's length: d = ℓ(λ) or λ_d > λ_{d+1}.

// name: crim_position
// One position: its size, rank (λ_1 − ℓ(λ)), Sprague-Grundy value, outcome (P: the player
// to move loses; N: the player to move wins), its number of options and of winning moves.
// params: position:position
// requires: crim
// example: :param position => '4,4,2'
MATCH (p:Crim {key: $position})
RETURN
  p.key AS position,
  p.notation AS notation,
  p.n AS size,
  p.rank AS rank,
  p.grundy AS grundy,
  CASE WHEN p:PPosition THEN 'P' ELSE 'N' END AS outcome,
  COUNT { (p)-[:CRIM_MOVE]->() } AS options,
  COUNT { (p)-[:CRIM_MOVE]->(:PPosition) } AS winning_moves

// name: crim_winning_moves
// The winning moves from a position: its options that are P-positions, each with the
// deletion that makes it (a row or a column of `cells` cells; on a staircase one option is
// both). No rows when the position is itself a P-position: every move from it loses.
// params: position:position
// requires: crim
// example: :param position => '4,4,2'
MATCH (p:Crim {key: $position})-[:CRIM_MOVE]->(q:Crim:PPosition)
WITH q, p.n - q.n AS cells, coalesce(p.parts, []) AS parts, coalesce(q.parts, []) AS option
WITH q, cells,
  any(i IN range(0, size(parts) - 1)
    WHERE parts[i] = cells AND parts[0..i] + parts[i + 1..] = option) AS row,
  cells <= size(parts) AND (cells = size(parts) OR parts[cells - 1] > parts[cells])
    AND [x IN [i IN range(0, size(parts) - 1) |
      CASE WHEN i < cells THEN parts[i] - 1 ELSE parts[i] END] WHERE x > 0] = option AS column
RETURN
  q.key AS move_to,
  q.notation AS notation,
  CASE WHEN row AND column THEN 'row or column' WHEN row THEN 'row' ELSE 'column' END
    AS deletes,
  cells
ORDER BY q.idx

// name: crim_moves
// Every move from a position: its distinct options in index order, each with the deletion
// that makes it (a row or a column of `cells` cells, or both), its Sprague-Grundy value and
// whether it wins (it leads to a P-position).
// params: position:position
// requires: crim
// example: :param position => '4,3,2,1'
MATCH (p:Crim {key: $position})-[:CRIM_MOVE]->(q:Crim)
WITH q, p.n - q.n AS cells, coalesce(p.parts, []) AS parts, coalesce(q.parts, []) AS option
WITH q, cells,
  any(i IN range(0, size(parts) - 1)
    WHERE parts[i] = cells AND parts[0..i] + parts[i + 1..] = option) AS row,
  cells <= size(parts) AND (cells = size(parts) OR parts[cells - 1] > parts[cells])
    AND [x IN [i IN range(0, size(parts) - 1) |
      CASE WHEN i < cells THEN parts[i] - 1 ELSE parts[i] END] WHERE x > 0] = option AS column
RETURN
  q.key AS option,
  q.notation AS notation,
  CASE WHEN row AND column THEN 'row or column' WHEN row THEN 'row' ELSE 'column' END
    AS deletes,
  cells,
  q.grundy AS grundy,
  q:PPosition AS winning
ORDER BY q.idx

// name: crim_p_positions
// The P-positions of size $n (the player to move loses), in index order (descending
// lexicographic), at most $limit of them, each with its rank and the total count.
// params: n:int, limit:int
// requires: crim
// scan: reads the P-positions of size n (p(40) = 37,338 partitions)
// example: :param n => 10
// example: :param limit => 25
MATCH (p:Crim:PPosition {n: $n})
WITH p
ORDER BY p.idx
WITH collect(p) AS found
UNWIND found[0..$limit] AS p
RETURN p.key AS position, p.notation AS notation, p.rank AS rank, size(found) AS total

// name: crim_grundy_distribution
// The Sprague-Grundy values of the partitions of size $n: each value with the number of
// positions that have it (value 0: the P-positions), as `gamegraph stats crim` counts them.
// params: n:int
// requires: crim
// scan: reads every partition of size n (p(40) = 37,338)
// example: :param n => 10
MATCH (p:Crim {n: $n})
RETURN p.grundy AS grundy, count(*) AS positions
ORDER BY grundy

// name: crim_sizes
// Size by size up to $n: the partitions of that size, the P-positions among them and the
// largest Sprague-Grundy value.
// params: n:int
// requires: crim
// scan: reads every position of size <= n
// example: :param n => 10
MATCH (p:Crim)
WHERE 0 <= p.n <= $n
RETURN
  p.n AS size,
  count(*) AS positions,
  count(CASE WHEN p:PPosition THEN 1 END) AS p_positions,
  max(p.grundy) AS max_grundy
ORDER BY size

// name: crim_even_rank
// The even-rank conjecture of seed 003 (every P-position has even rank λ_1 − ℓ(λ)) on the
// loaded graph, size by size up to $n: the P-positions of each size, those of odd rank (the
// rank read off the diagram: its first row minus its first column) and the first of them
// in index order. The conjecture holds up to $n exactly when odd_rank is 0 throughout.
// params: n:int
// requires: crim
// scan: reads every P-position of size <= n
// example: :param n => 10
UNWIND range(0, $n) AS m
CALL (m) {
  MATCH (p:Crim:PPosition {n: m})
  WITH p
  ORDER BY p.idx
  RETURN
    count(p) AS p_positions,
    collect(CASE WHEN (p.largest - p.num_parts) % 2 <> 0 THEN p.key END) AS odd
}
RETURN m AS size, p_positions, size(odd) AS odd_rank, odd[0] AS first_odd_rank
ORDER BY size
