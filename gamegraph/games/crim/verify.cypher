// What `gamegraph verify` runs on CRIM (gamegraph/games/crim/checks.py): the stored analysis
// recomputed from the relationships alone, one round per size. Every option of a position
// is smaller than it, so round s sees the values of every option already recomputed by the
// rounds before it; checks.py passes them back in, as lists indexed by idx.

// name: verify_crim_counts
// The CRIM positions as stored: how many, how many of a size beyond 0..$n, the graphs they
// belong to; and the CRIM_MOVE relationships: all of them, those leaving a CRIM position and
// those entering one (from Neo4j's counts store) (used by `gamegraph verify`).
// params: n:int
// requires: crim
// scan: reads the size and graph of every CRIM position
// example: :param n => 10
MATCH (p:Crim)
WITH
  count(p) AS positions,
  count(CASE WHEN NOT 0 <= p.n <= $n THEN 1 END) AS out_of_range,
  collect(DISTINCT p.graph) AS graphs
CALL () {
  MATCH ()-[m:CRIM_MOVE]->()
  RETURN count(m) AS moves
}
CALL () {
  MATCH (:Crim)-[m:CRIM_MOVE]->()
  RETURN count(m) AS moves_from_crim
}
CALL () {
  MATCH ()-[m:CRIM_MOVE]->(:Crim)
  RETURN count(m) AS moves_to_crim
}
RETURN positions, out_of_range, graphs, moves, moves_from_crim, moves_to_crim

// name: verify_crim_round
// One round, or a slice of it: every position of size $size with $lo <= idx < $hi, in idx
// order, with what its relationships and
// parts say next to what is stored. From the parts: the key they spell (checks.py holds it
// to the engine's key of that idx), the rank λ_1 − ℓ(λ), and whether the moves lead to the
// distinct deletions of one row or of one column j (every part >= j loses a cell). From the
// moves: how many leave it, the distinct CRIM positions they reach (idx), the
// Sprague-Grundy value as the mex of the options' values in $grundy, and the outcome by the
// retrograde rule (P exactly when no option is P in $p_position); both lists hold what the
// earlier rounds recomputed, by idx (used by `gamegraph verify`).
// params: size:int, lo:int, hi:int, grundy:list, p_position:list
// requires: crim
// scan: reads every position of one size, and the moves of those of the slice
// example: :param size => 0
// example: :param lo => 0
// example: :param hi => 1
// example: :param grundy => []
// example: :param p_position => []
MATCH (p:Crim {n: $size})
WHERE $lo <= p.idx < $hi
WITH p, coalesce(p.parts, []) AS parts,
  COLLECT { MATCH (p)-[:CRIM_MOVE]->(q:Crim) RETURN DISTINCT q } AS options
WITH p, parts, options, range(0, size(parts) - 1) AS places,
  [q IN options | coalesce(q.parts, [])] AS reached, [q IN options | q.idx] AS targets
// the last place i of each part size v: every row of length v gives one option, and every
// column of length i + 1 gives one, among them column j = v
WITH p, parts, targets, reached, places,
  [i IN places WHERE i = size(parts) - 1 OR parts[i] <> parts[i + 1]] AS lasts
// rows differ among themselves (each removes another number of cells), so do columns
WITH p, parts, targets, reached,
  [i IN lasts | parts[0..i] + parts[i + 1..]] AS rows,
  [i IN lasts | [x IN [k IN places | CASE WHEN parts[k] >= parts[i] THEN parts[k] - 1
    ELSE parts[k] END] WHERE x > 0]] AS columns,
  [i IN targets | $grundy[i]] AS values
RETURN
  p.idx AS idx,
  p.key AS key,
  CASE WHEN size(parts) = 0 THEN '0'
    ELSE reduce(text = toString(parts[0]), x IN parts[1..] | text + ',' + toString(x)) END
    AS spelled,
  coalesce(parts[0], 0) - size(parts) AS rank,
  targets AS options,
  COUNT { (p)-[:CRIM_MOVE]->() } AS out_degree,
  // the distinct options reached are deletions, as many as the distinct deletions
  all(o IN reached WHERE o IN rows OR o IN columns)
    AND size(reached) = size(rows) + size(columns) - size([c IN columns WHERE c IN rows])
    AS moves_are_deletions,
  [g IN range(0, size(values)) WHERE NOT g IN values][0] AS grundy,
  none(i IN targets WHERE $p_position[i]) AS p_position,
  p.rank AS stored_rank,
  p.grundy AS stored_grundy,
  p:PPosition AS stored_p_position,
  p.notation AS stored_notation,
  p.num_parts AS stored_num_parts,
  p.largest AS stored_largest
ORDER BY idx
