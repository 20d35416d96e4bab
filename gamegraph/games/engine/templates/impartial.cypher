// Generic questions about {title}, a defined impartial game (normal play).

// name: {p}_p_positions
// The P-positions (the player to move loses), in index order, at most $limit of them, with
// the total count.
// params: {params}, limit:int
// requires: {game}
// scan: reads the flag of every position
{examples}
// example: :param limit => 25
MATCH (p:{label}:PPosition {match})
WITH p
ORDER BY p.idx
WITH collect(p) AS losing
UNWIND losing[0..$limit] AS p
RETURN p.key AS position, p.notation AS notation, p.size AS size, size(losing) AS total

// name: {p}_position
// One position: its outcome (P, N or D for a draw), its Sprague-Grundy value (absent where
// play can go on for ever), its options and the winning moves (to a P-position).
// params: {params}, position:position
// requires: {game}
{examples}
// example: :param position => {position}
MATCH (p:{label} {match_position})
RETURN
  p.key AS position,
  p.outcome AS outcome,
  p.grundy AS grundy,
  [(p)-[:{move}]->(q) | q.key] AS options,
  [(p)-[:{move}]->(q:PPosition) | q.key] AS winning_moves

// name: {p}_outcomes
// How many positions of each size are P, N and draws.
// params: {params}
// requires: {game}
// scan: reads every position
{examples}
MATCH (p:{label} {match})
RETURN
  p.size AS size,
  count(*) AS positions,
  count(CASE WHEN p.outcome = 'P' THEN 1 END) AS p_positions,
  count(CASE WHEN p.outcome = 'N' THEN 1 END) AS n_positions,
  count(CASE WHEN p.outcome = 'D' THEN 1 END) AS draws
ORDER BY size
