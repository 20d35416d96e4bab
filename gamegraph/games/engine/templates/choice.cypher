// Generic questions about {title}, a defined choice solitaire (any number of moves).

// name: {p}_losing
// The losing positions (every way of playing ends in a position with no move), in index
// order, at most $limit of them, with the total count.
// params: {params}, limit:int
// requires: {game}
// scan: reads the flag of every position
{examples}
// example: :param limit => 25
MATCH (p:{label}:Losing {match})
WITH p
ORDER BY p.idx
WITH collect(p) AS losing
UNWIND losing[0..$limit] AS p
RETURN
  p.key AS position,
  p.notation AS notation,
  p:ImmediateLoss AS immediate,
  size(losing) AS total

// name: {p}_core
// The strongly connected components of the core (the recurrent states), largest first, at
// most $limit of them: size, moves inside, and up to 10 members.
// params: {params}, limit:int
// requires: {game}
// scan: reads the recurrent positions
{examples}
// example: :param limit => 25
MATCH (p:{label}:Recurrent {match})
WITH p.core_component AS component, collect(p) AS members
ORDER BY size(members) DESC, component
LIMIT $limit
RETURN
  component,
  size(members) AS size,
  [m IN members[0..10] | m.key] AS first_members

// name: {p}_moves
// The moves of one position, each with the status of where it leads: recurrent, winning
// (turns to the core) or losing.
// params: {params}, position:position
// requires: {game}
{examples}
// example: :param position => {position}
MATCH (p:{label} {match_position})-[:{move}]->(q)
RETURN
  q.key AS move_to,
  q:Recurrent AS recurrent,
  q:Winning AS winning,
  q.turns_to_core AS turns_to_core
ORDER BY q.idx
