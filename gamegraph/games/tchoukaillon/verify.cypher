// What `gamegraph verify` runs on T_n (gamegraph/games/tchoukaillon/checks.py): the stored
// analysis recomputed from the boards' holes and the relationships alone. T_n is named by
// $rule and $n; slices of boards by $lo <= idx < $hi.

// name: verify_tchoukaillon_counts
// Boards and moves of T_n as stored (used by `gamegraph verify`).
// params: n:int, rule:str
// requires: tchoukaillon
// example: :param n => 12
// example: :param rule => 'standard'
MATCH (b:Tchoukaillon {rule: $rule, n: $n})
RETURN count(b) AS boards, sum(COUNT { (b)-[:TCHOUKAILLON_MOVE]->() }) AS moves

// name: verify_tchoukaillon_boards
// Each board of the slice with its moves as stored ('hole:sown:board after', by hole) and
// as the rule gives them, computed here from its holes (standard: hole i holding exactly i
// stones; literal: 1..i stones; the stones go one each to the holes below it, the last one
// to the pit when there are i), its key, stones and potential Σ i·c_i recomputed from the
// holes, whether the
// explicit formula c_i = (m − c_1 − … − c_{i−1}) mod (i + 1) gives it (it is Tchouk_m), next
// to its stored analysis (used by `gamegraph verify`).
// params: n:int, rule:str, lo:int, hi:int
// requires: tchoukaillon
// scan: reads every board of T_n to pick the slice
// example: :param n => 12
// example: :param rule => 'standard'
// example: :param lo => 0
// example: :param hi => 50000
MATCH (b:Tchoukaillon {rule: $rule, n: $n})
WHERE $lo <= b.idx < $hi
CALL (b) {
  WITH b.holes AS c
  UNWIND range(1, size(c)) AS i
  WITH c, i
  WHERE CASE $rule WHEN 'literal' THEN 1 <= c[i - 1] <= i ELSE c[i - 1] = i END
  WITH i, c[i - 1] AS sown, [j IN range(1, size(c)) |
    CASE WHEN j = i THEN 0 WHEN i - c[i - 1] <= j < i THEN c[j - 1] + 1 ELSE c[j - 1] END
  ] AS after
  WITH i, sown, after, [j IN range(0, size(after) - 1) WHERE after[j] > 0] AS filled
  WITH i, sown, CASE WHEN size(filled) = 0 THEN '0' ELSE
    reduce(text = toString(after[0]), v IN after[1..last(filled) + 1] | text + ',' + toString(v))
  END AS key
  ORDER BY i
  RETURN collect(toString(i) + ':' + toString(sown) + ':' + key) AS expected
}
WITH b, expected, b.holes AS c, reduce(total = 0, x IN b.holes | total + x) AS stones
RETURN
  b.idx AS idx,
  b.key AS key,
  CASE WHEN size(c) = 0 THEN '0' ELSE
    reduce(text = toString(c[0]), v IN c[1..] | text + ',' + toString(v)) END AS holes_key,
  stones,
  size(c) AS rightmost_hole,
  reduce(total = 0, i IN range(1, size(c)) | total + i * c[i - 1]) AS potential,
  COLLECT {
    MATCH (b)-[m:TCHOUKAILLON_MOVE]->(t)
    RETURN toString(m.hole) + ':' + toString(m.sown) + ':' + t.key AS move
    ORDER BY m.hole
  } AS moves,
  expected,
  all(j IN range(0, size(c) - 1)
    WHERE c[j] = (stones - reduce(s = 0, x IN c[0..j] | s + x)) % (j + 2)) AS tchouk,
  b.stones AS stored_stones,
  b.rightmost_hole AS stored_rightmost_hole,
  b.potential AS stored_potential,
  b.out_degree AS stored_out_degree,
  b.distance AS stored_distance,
  b:Tchouk AS stored_tchouk,
  b:Winnable AS stored_winnable,
  b:DeadEnd AS stored_dead_end,
  b.move_vector IS NOT NULL AS stored_has_move_vector
ORDER BY idx

// name: verify_tchoukaillon_empty
// The empty board of T_n (no stone in any hole): where the search backwards starts (used
// by `gamegraph verify`).
// params: n:int, rule:str
// requires: tchoukaillon
// scan: every board of T_n
// example: :param n => 12
// example: :param rule => 'standard'
MATCH (e:Tchoukaillon {rule: $rule, n: $n})
WHERE size(e.holes) = 0
RETURN collect(elementId(e)) AS ids, collect(e.idx) AS idxs

// name: verify_tchoukaillon_back
// One level of a breadth-first search backwards along the moves: every board with a move
// into $frontier (element ids), as [element id, idx] (used by `gamegraph verify`, which
// keeps the ones not seen before).
// params: frontier:list
// example: :param frontier => []
UNWIND $frontier AS id
MATCH (b:Tchoukaillon)<-[:TCHOUKAILLON_MOVE]-(a)
WHERE elementId(b) = id
RETURN collect(DISTINCT [elementId(a), a.idx]) AS found

// name: verify_tchoukaillon_plays
// For each board labelled :Tchouk, the holes played along a fewest-moves path of moves to
// the empty board and the move vector counted from them (times each hole 1..k is played),
// next to the stored one (used by `gamegraph verify`).
// params: n:int, rule:str
// requires: tchoukaillon
// scan: a shortest-path search from each winnable board Tchouk_m
// example: :param n => 12
// example: :param rule => 'standard'
MATCH (e:Tchoukaillon {rule: $rule, n: $n, stones: 0})
MATCH (b:Tchoukaillon:Tchouk {rule: $rule, n: $n})
OPTIONAL CALL (b, e) {
  MATCH play = SHORTEST 1 (b)-[:TCHOUKAILLON_MOVE]->*(e)
  RETURN [m IN relationships(play) | m.hole] AS played
}
RETURN
  b.idx AS idx,
  b.key AS key,
  size(b.holes) AS rightmost_hole,
  played,
  CASE WHEN played IS NOT NULL THEN
    [i IN range(1, size(b.holes)) | size([h IN played WHERE h = i])] END AS move_vector,
  b.move_vector AS stored_move_vector
ORDER BY idx

// name: verify_tchoukaillon_roots
// For each number of stones m on the boards of T_n, sr(m) by the Alist iteration (from
// ⟨1, m⟩, ⟨i, y⟩ → ⟨i + 1, ⌊i(y + 1)/(i + 1)⌋ + 1⟩ while y > i) and the strange roots stored
// on those boards (used by `gamegraph verify`).
// params: n:int, rule:str
// requires: tchoukaillon
// scan: groups every board of T_n by its stones
// example: :param n => 12
// example: :param rule => 'standard'
MATCH (b:Tchoukaillon {rule: $rule, n: $n})
WITH reduce(total = 0, x IN b.holes | total + x) AS stones, b
WITH stones, collect(DISTINCT b.strange_root) AS stored, count(*) AS boards
RETURN
  stones,
  boards,
  stored,
  CASE WHEN stones > 0 THEN reduce(pair = [1, stones], step IN range(1, stones) |
    CASE WHEN pair[1] > pair[0]
      THEN [pair[0] + 1, pair[0] * (pair[1] + 1) / (pair[0] + 1) + 1]
      ELSE pair END)[0] END AS strange_root
ORDER BY stones
