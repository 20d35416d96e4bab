// Janetzko's question: which periodic pointer sequences occur (the survey, section 3.5).

// name: janetzko_pointer_sequences
// The periodic pointer sequences: for each cycle, its members in move order (the table
// turned so the pointer is at seat 1), the pile the pointer's player deals at each move, the
// seats the pointer visits in one round of the cycle (starting at seat 1; the pointer moves
// on by the pile dealt, modulo c), how far the table has turned after one round, and the
// period of the pointer on the unturned table: length × c / gcd(turn, c). At most $limit
// cycles, shortest first.
// params: n:int, players:param, limit:int
// requires: janetzko
// scan: reads the cycle of every position
// example: :param n => 6
// example: :param players => 3
// example: :param limit => 25
MATCH (p:Janetzko:Recurrent {n: $n, players: $players})
WITH p.cycle AS cycle, min(p.idx) AS first
MATCH (s:Janetzko {n: $n, players: $players})
WHERE s.idx = first
MATCH round = SHORTEST 1 (s)-[:JANETZKO_MOVE]->+(s)
WITH cycle, nodes(round)[0..-1] AS members
WITH cycle, members, [m IN members | toInteger(split(m.key, ',')[0])] AS deals
WITH cycle, members, deals,
  reduce(seats = [1], d IN deals | seats + [((seats[-1] - 1 + d) % $players) + 1]) AS seats
WITH cycle, members, deals, seats[0..-1] AS pointer, (seats[-1] - 1) AS turn
WITH cycle, members, deals, pointer, turn,
  reduce(g = [turn, $players], i IN range(1, 64) |
    CASE WHEN g[1] = 0 THEN g ELSE [g[1], g[0] % g[1]] END)[0] AS divisor
RETURN
  cycle,
  size(members) AS length,
  [m IN members | m.key] AS members,
  deals,
  pointer,
  turn,
  size(members) * $players / divisor AS period
ORDER BY length, cycle
LIMIT $limit
