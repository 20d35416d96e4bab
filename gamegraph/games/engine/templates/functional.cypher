// Generic questions about {title}, a defined functional solitaire (one move per position).

// name: {p}_trajectory
// The trajectory of a position until it enters its cycle: the positions in order (start and
// cycle entry included), the number of moves, and the cycle it ends in (in move order).
// params: {params}, position:position
// requires: {game}
{examples}
// example: :param position => {position}
MATCH walk = (:{label} {match_position})
  ((a)-[:{move}]->(b) WHERE NOT a:Recurrent)* (entry:Recurrent)
MATCH round = SHORTEST 1 (entry)-[:{move}]->+(entry)
RETURN
  [q IN nodes(walk) | q.key] AS trajectory,
  [q IN nodes(walk) | q.notation] AS notation,
  length(walk) AS moves,
  [q IN nodes(round)[0..-1] | q.key] AS cycle,
  length(round) AS cycle_length

// name: {p}_cycles
// The cycles (one per component), largest basin first, at most $limit of them: members in
// move order from the member of smallest index, length, basin size and the number of cycles.
// params: {params}, limit:int
// requires: {game}
// scan: counts the basins over every position
{examples}
// example: :param limit => 25
MATCH (p:{label} {match})
WITH p.cycle AS cycle, count(*) AS basin, min(CASE WHEN p:Recurrent THEN p.idx END) AS first
ORDER BY basin DESC, cycle
WITH collect({cycle: cycle, basin: basin, first: first}) AS cycles
UNWIND cycles[0..$limit] AS c
MATCH (s:{label} {match})
WHERE s.idx = c.first
MATCH round = SHORTEST 1 (s)-[:{move}]->+(s)
WITH c, nodes(round)[0..-1] AS members, size(cycles) AS total
RETURN
  c.cycle AS cycle,
  size(members) AS length,
  c.basin AS basin,
  [m IN members | m.key] AS members,
  total
ORDER BY basin DESC, cycle

// name: {p}_garden_of_eden
// The Garden of Eden positions (no position moves to them), in index order, at most $limit
// of them, each with the position it moves to and the total count.
// params: {params}, limit:int
// requires: {game}
// scan: reads the flag of every position
{examples}
// example: :param limit => 25
MATCH (p:{label}:GardenOfEden {match})
WITH p
ORDER BY p.idx
WITH collect(p) AS eden
UNWIND eden[0..$limit] AS p
MATCH (p)-[:{move}]->(next)
RETURN p.key AS position, p.notation AS notation, next.key AS moves_to, size(eden) AS total

// name: {p}_farthest
// The positions farthest from their cycle (the longest transients), in index order, at most
// $limit of them, with the number of moves and the total count.
// params: {params}, limit:int
// requires: {game}
// scan: reads the distance of every position
{examples}
// example: :param limit => 25
MATCH (p:{label} {match})
WITH max(p.distance) AS farthest
MATCH (p:{label} {match})
WHERE p.distance = farthest
WITH p
ORDER BY p.idx
WITH collect(p) AS far
UNWIND far[0..$limit] AS p
RETURN p.key AS position, p.notation AS notation, p.distance AS moves, size(far) AS total
