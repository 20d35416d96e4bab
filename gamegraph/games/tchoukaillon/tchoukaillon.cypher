// Questions about Tchoukaillon solitaire (SPEC-games.md §6), one named query per block.
// T_n ($rule 'standard' or 'literal', $n stones) holds every board reachable from the
// winnable board Tchouk_n by moves, winning or not; the winnable boards Tchouk_m (m <= n)
// carry the label :Tchouk. Boards are keys listing the holes from hole 1 ('0,1,1,3,5'; '0'
// is the empty board; `gamegraph query` also accepts '0 1 1 3 5' and '[0, 1, 1, 3, 5]').

// name: tchoukaillon_winning_play
// The winning play of a board, move by move: step 0 is the board itself, each further step
// the hole played and the board after it, down to the empty board (a fewest-moves win;
// under the standard rule the only one). One row with winnable = false when the board
// cannot be won.
// params: n:int, rule:param, position:position
// requires: tchoukaillon
// example: :param n => 12
// example: :param rule => 'standard'
// example: :param position => '0,0,0,2,4,6'
MATCH (b:Tchoukaillon {rule: $rule, n: $n, key: $position})
MATCH (e:Tchoukaillon {rule: $rule, n: $n, stones: 0})
OPTIONAL CALL (b, e) {
  MATCH play = SHORTEST 1 (b)-[:TCHOUKAILLON_MOVE]->*(e)
  RETURN play
}
UNWIND CASE WHEN play IS NULL THEN [null] ELSE range(0, length(play)) END AS step
RETURN
  b.key AS start,
  play IS NOT NULL AS winnable,
  step,
  CASE WHEN step > 0 THEN relationships(play)[step - 1].hole END AS hole,
  CASE WHEN step IS NOT NULL THEN nodes(play)[step].key END AS board,
  CASE WHEN step IS NOT NULL THEN nodes(play)[step].stones END AS stones
ORDER BY step

// name: tchoukaillon_moves
// The moves of a board: the hole played, the stones sown, the board after it and whether
// that board can still be won or is stuck (stones left, no move). Under the standard rule
// only the leftmost playable hole keeps a winnable board winnable (seed 002 l.49: from
// 1,2 playing hole 2 first is stuck).
// params: n:int, rule:param, position:position
// requires: tchoukaillon
// example: :param n => 12
// example: :param rule => 'standard'
// example: :param position => '1,2'
MATCH (b:Tchoukaillon {rule: $rule, n: $n, key: $position})
OPTIONAL MATCH (b)-[m:TCHOUKAILLON_MOVE]->(c)
RETURN
  b.key AS board,
  b:Winnable AS winnable,
  m.hole AS hole,
  m.sown AS sown,
  c.key AS after,
  c:Winnable AS after_winnable,
  c:DeadEnd AS after_stuck
ORDER BY hole

// name: tchoukaillon_boards
// The winnable boards Tchouk_m of T_n (m = 0..n, one per number of stones under the
// standard rule), with the rightmost hole, the move vector (times each hole is played in
// the win), the moves to win and the strange root sr(m).
// params: n:int, rule:param
// requires: tchoukaillon
// example: :param n => 12
// example: :param rule => 'standard'
MATCH (b:Tchoukaillon:Tchouk {rule: $rule, n: $n})
RETURN
  b.stones AS stones,
  b.key AS board,
  b.rightmost_hole AS rightmost_hole,
  b.move_vector AS move_vector,
  b.distance AS moves_to_win,
  b.strange_root AS strange_root
ORDER BY stones

// name: tchoukaillon_prop36
// Proposition 3.6 of seed 002 on the loaded boards: for each k, the winnable boards
// Tchouk_m of T_n (m = 0..n) whose rightmost hole is k − 1, against the numbers m = 1..n
// with strange root k. `complete` marks the k whose two classes lie wholly inside the
// range (a later board has a larger rightmost hole and a later number a larger root):
// there the proposition says they are equal.
// params: n:int, rule:param
// requires: tchoukaillon
// example: :param n => 12
// example: :param rule => 'standard'
MATCH (b:Tchoukaillon:Tchouk {rule: $rule, n: $n})
WITH collect(b) AS boards, max(b.stones) AS top
WITH boards, [x IN boards WHERE x.stones = top][0] AS last
UNWIND range(1, last.rightmost_hole + 1) AS k
WITH
  k,
  last,
  size([x IN boards WHERE x.rightmost_hole = k - 1]) AS board_count,
  size([x IN boards WHERE x.stones >= 1 AND x.strange_root = k]) AS number_count
RETURN
  k AS strange_root,
  k - 1 AS rightmost_hole,
  board_count AS boards,
  number_count AS numbers,
  k - 1 < last.rightmost_hole AND k < last.strange_root AS complete,
  board_count = number_count AS equal
ORDER BY strange_root

// name: tchoukaillon_dead_ends
// The boards of T_n that are stuck (stones left, no move: lost), most stones first, at
// most $limit of them, each with the total count.
// params: n:int, rule:param, limit:int
// requires: tchoukaillon
// scan: every board of T_n
// example: :param n => 12
// example: :param rule => 'standard'
// example: :param limit => 10
MATCH (b:Tchoukaillon:DeadEnd {rule: $rule, n: $n})
WITH b
ORDER BY b.stones DESC, b.idx
WITH collect(b) AS dead
UNWIND dead[0..$limit] AS b
RETURN b.key AS board, b.stones AS stones, b.rightmost_hole AS rightmost_hole, size(dead) AS total
ORDER BY stones DESC, b.idx
