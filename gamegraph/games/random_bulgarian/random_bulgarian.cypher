// Questions about the random Bulgarian chains (SPEC-games.md §5), one named query per block.
// A chain is named by $chain ('popov' or 'cardwise'), $p (its text, '1/2'; `gamegraph query`
// also accepts 0.5) and $n. States are partitions of n, canonical keys ('4,3,1'; `gamegraph
// query` converts any notation). π is the stationary distribution (`stationary`, a float;
// `stationary_exact` a fraction text when the chain is exact, n <= 12); `staircase_distance`
// is the fewest cards to move to reach a cradle shape (a partition on a cycle of B_n; the
// staircase (k, ..., 1) itself when n is triangular), 0 on the staircase-like states.

// name: random_bulgarian_most_likely
// The $limit most likely states under π, most likely first (ties by index): π as a float
// and, for exact chains, as a fraction; the rank (1 + the number of states with a larger
// π); the staircase distance and whether it is the mode.
// params: n:int, p:param, chain:param, limit:int
// requires: random-bulgarian
// scan: orders every state of the chain by π
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
// example: :param limit => 10
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
WITH s
ORDER BY s.stationary DESC, s.idx
LIMIT $limit
RETURN
  s.key AS position,
  s.notation AS notation,
  s.stationary AS probability,
  s.stationary_exact AS exact,
  COUNT {
    MATCH (t:RandomBulgarian {chain: $chain, p: $p, n: $n})
    WHERE t.stationary > s.stationary
  } + 1 AS rank,
  s.staircase_distance AS staircase_distance,
  s:StationaryMode AS mode
ORDER BY probability DESC, s.idx

// name: random_bulgarian_staircase
// The most likely states against the staircase-like ones: for each staircase distance d
// (0 = the cradle shapes), the number of states at that distance, their total stationary
// probability, and the most likely of them with its π and its rank among all states.
// params: n:int, p:param, chain:param
// requires: random-bulgarian
// scan: groups every state of the chain by staircase distance
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
WITH s
ORDER BY s.stationary DESC, s.idx
WITH s.staircase_distance AS distance, collect(s) AS members, sum(s.stationary) AS mass
WITH distance, members, mass, members[0] AS best
RETURN
  distance,
  size(members) AS states,
  mass AS probability,
  best.key AS most_likely,
  best.notation AS notation,
  best.stationary AS its_probability,
  COUNT {
    MATCH (t:RandomBulgarian {chain: $chain, p: $p, n: $n})
    WHERE t.stationary > best.stationary
  } + 1 AS its_rank
ORDER BY distance

// name: random_bulgarian_cradles
// The staircase-like states of n (the cradle shapes, staircase distance 0) next to the
// mode: each with π (a fraction too for exact chains), its rank among all states and its π
// relative to the mode's, most likely first.
// params: n:int, p:param, chain:param
// requires: random-bulgarian
// scan: ranks each cradle shape among every state of the chain
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
MATCH (m:RandomBulgarian:StationaryMode {chain: $chain, p: $p, n: $n})
MATCH (s:RandomBulgarian:Staircase {chain: $chain, p: $p, n: $n})
RETURN
  s.key AS position,
  s.notation AS notation,
  s.stationary AS probability,
  s.stationary_exact AS exact,
  COUNT {
    MATCH (t:RandomBulgarian {chain: $chain, p: $p, n: $n})
    WHERE t.stationary > s.stationary
  } + 1 AS rank,
  s.stationary / m.stationary AS relative_to_mode,
  m.key AS mode
ORDER BY probability DESC, s.idx

// name: random_bulgarian_transitions
// The transitions out of a position, most likely first: the target, the probability (a
// fraction too for exact chains) and the target's staircase distance; `stays` marks the
// self-loop (e.g. no card picked).
// params: n:int, p:param, chain:param, position:position
// requires: random-bulgarian
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
// example: :param position => '4,3,1'
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n, key: $position})
MATCH (s)-[m:RANDOM_BULGARIAN_MOVE]->(t)
RETURN
  s.key AS position,
  t.key AS target,
  t.notation AS notation,
  m.probability AS probability,
  m.probability_exact AS exact,
  t = s AS stays,
  t.staircase_distance AS staircase_distance
ORDER BY probability DESC, t.idx

// name: random_bulgarian_inflow
// Where a position's stationary probability comes from: each transition into it with the
// source's π, the probability and their product, the flow; by πP = π the flows add up to the
// position's π (`inflow` next to `stationary`). Largest flow first.
// params: n:int, p:param, chain:param, position:position
// requires: random-bulgarian
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
// example: :param position => '4,3,1'
MATCH (t:RandomBulgarian {chain: $chain, p: $p, n: $n, key: $position})
CALL (t) {
  MATCH (s)-[m:RANDOM_BULGARIAN_MOVE]->(t)
  RETURN sum(s.stationary * m.probability) AS inflow
}
MATCH (s)-[m:RANDOM_BULGARIAN_MOVE]->(t)
RETURN
  s.key AS source,
  s.notation AS notation,
  s.stationary AS source_probability,
  m.probability AS probability,
  s.stationary * m.probability AS flow,
  inflow,
  t.stationary AS stationary
ORDER BY flow DESC, s.idx
