// What `gamegraph verify` runs on a random Bulgarian chain (gamegraph/games/random_bulgarian/
// checks.py): the stored analysis recomputed from the relationships alone. A chain is named
// by $chain, $p (its text, '1/2') and $n; slices of states by $lo <= idx < $hi. Breadth-first
// searches run one level per query, checks.py repeating them with the levels found so far
// ($level[idx], −1 while unreached).

// name: verify_random_bulgarian_counts
// States and transitions of the chain as stored (used by `gamegraph verify`).
// params: n:int, p:str, chain:str
// requires: random-bulgarian
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
RETURN count(s) AS states, sum(COUNT { (s)-[:RANDOM_BULGARIAN_MOVE]->() }) AS transitions

// name: verify_random_bulgarian_rows
// Each state of the slice with its transitions (target idx, probability and, for exact
// chains, the fraction text, in one order) and their sum computed here, next to its stored
// analysis (used by `gamegraph verify`).
// params: n:int, p:str, chain:str, lo:int, hi:int
// requires: random-bulgarian
// scan: reads every state of the chain to pick the slice
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
// example: :param lo => 0
// example: :param hi => 5000
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
WHERE $lo <= s.idx < $hi
CALL (s) {
  MATCH (s)-[m:RANDOM_BULGARIAN_MOVE]->(t)
  RETURN
    collect(t.idx) AS targets,
    collect(m.probability) AS probabilities,
    collect(m.probability_exact) AS exact,
    sum(m.probability) AS row_sum
}
RETURN
  s.idx AS idx,
  s.key AS key,
  targets,
  probabilities,
  exact,
  row_sum,
  s.out_degree AS stored_out_degree,
  s.staircase_distance AS stored_staircase_distance,
  s:Staircase AS stored_staircase
ORDER BY idx

// name: verify_random_bulgarian_balance
// πP = π recomputed from the stored π and the stored probabilities: for each state of the
// slice, the inflow Σ π(s)·P(s, t) over the transitions into it, next to its stored π; for
// exact chains also the pairs [π(s), P(s, t)] as fraction texts, summed exactly by
// checks.py (used by `gamegraph verify`).
// params: n:int, p:str, chain:str, lo:int, hi:int, exact:bool
// requires: random-bulgarian
// scan: reads every state of the chain to pick the slice, and the transitions into each
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
// example: :param lo => 0
// example: :param hi => 5000
// example: :param exact => true
MATCH (t:RandomBulgarian {chain: $chain, p: $p, n: $n})
WHERE $lo <= t.idx < $hi
CALL (t) {
  MATCH (s)-[m:RANDOM_BULGARIAN_MOVE]->(t)
  RETURN
    sum(s.stationary * m.probability) AS inflow,
    collect(CASE WHEN $exact THEN [s.stationary_exact, m.probability_exact] END) AS exact_terms
}
RETURN
  t.idx AS idx,
  t.key AS key,
  t.stationary AS stationary,
  t.stationary_exact AS stationary_exact,
  inflow,
  exact_terms
ORDER BY idx

// name: verify_random_bulgarian_mode
// The largest stored π, the states holding it (idx and exact text, by index), the sum of π
// and the states labelled :StationaryMode (used by `gamegraph verify`).
// params: n:int, p:str, chain:str
// requires: random-bulgarian
// scan: every state of the chain
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
WITH max(s.stationary) AS top, sum(s.stationary) AS total
OPTIONAL MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
WHERE s.stationary = top
WITH top, total, s
ORDER BY s.idx
RETURN
  top,
  total,
  collect(s.idx) AS candidates,
  collect(s.stationary_exact) AS exact,
  COLLECT {
    MATCH (m:RandomBulgarian:StationaryMode {chain: $chain, p: $p, n: $n})
    RETURN m.idx
  } AS stored

// name: verify_random_bulgarian_staircase
// The staircase distance of each state of the slice recomputed here by brute force: with
// n = k(k−1)/2 + r, 0 < r <= k, every cradle shape μ_i = k − i + ε_i (ε ∈ {0,1}^k with r
// ones) and the cells of λ outside μ, Σ_i max(λ_i − μ_i, 0); the least over μ (used by
// `gamegraph verify`).
// params: n:int, p:str, chain:str, lo:int, hi:int
// requires: random-bulgarian
// scan: every cradle shape against every state of the slice
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
// example: :param lo => 0
// example: :param hi => 5000
WITH [k IN range(1, $n) WHERE k * (k - 1) / 2 < $n <= k * (k + 1) / 2][0] AS k
WITH k, $n - k * (k - 1) / 2 AS r
WITH k, [b IN range(0, toInteger(2 ^ k) - 1)
  WHERE size([i IN range(0, k - 1) WHERE (b / toInteger(2 ^ i)) % 2 = 1]) = r
  | [i IN range(0, k - 1) | k - 1 - i + (b / toInteger(2 ^ i)) % 2]] AS shapes
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
WHERE $lo <= s.idx < $hi
WITH s, k, shapes, s.parts + [i IN range(1, k) | 0] AS padded
WITH s, k, shapes, padded, reduce(total = 0, x IN padded[k..] | total + x) AS tail
WITH s, [mu IN shapes | reduce(cells = tail, i IN range(0, k - 1) |
  cells + CASE WHEN padded[i] > mu[i] THEN padded[i] - mu[i] ELSE 0 END)] AS outside
RETURN
  s.idx AS idx,
  s.key AS key,
  reduce(least = $n, cells IN outside | CASE WHEN cells < least THEN cells ELSE least END)
    AS distance,
  size(outside) AS shapes
ORDER BY idx

// name: verify_random_bulgarian_start
// The element id of the state (n), index 0, where the breadth-first searches start (used by
// `gamegraph verify`).
// params: n:int, p:str, chain:str
// requires: random-bulgarian
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
WHERE s.idx = 0
RETURN collect(elementId(s)) AS ids

// name: verify_random_bulgarian_forward
// One level of a breadth-first search along the transitions: the states a transition from
// $frontier (element ids) reaches that $level does not list yet (used by `gamegraph verify`).
// params: frontier:list, level:list
// example: :param frontier => []
// example: :param level => []
UNWIND $frontier AS id
MATCH (s:RandomBulgarian)-[:RANDOM_BULGARIAN_MOVE]->(t)
WHERE elementId(s) = id AND $level[t.idx] < 0
RETURN collect(DISTINCT elementId(t)) AS ids, collect(DISTINCT t.idx) AS idxs

// name: verify_random_bulgarian_backward
// One level of a breadth-first search against the transitions: the states with a
// transition into $frontier (element ids) that $level does not list yet (used by
// `gamegraph verify`).
// params: frontier:list, level:list
// example: :param frontier => []
// example: :param level => []
UNWIND $frontier AS id
MATCH (s:RandomBulgarian)<-[:RANDOM_BULGARIAN_MOVE]-(t)
WHERE elementId(s) = id AND $level[t.idx] < 0
RETURN collect(DISTINCT elementId(t)) AS ids, collect(DISTINCT t.idx) AS idxs

// name: verify_random_bulgarian_gaps
// For breadth-first levels $level of an irreducible chain, the distinct level(s) + 1 −
// level(t) over its transitions s → t: their gcd is the period (used by `gamegraph verify`).
// params: n:int, p:str, chain:str, level:list
// requires: random-bulgarian
// scan: every transition of the chain
// example: :param n => 8
// example: :param p => '1/2'
// example: :param chain => 'popov'
// example: :param level => []
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})-[:RANDOM_BULGARIAN_MOVE]->(t)
RETURN collect(DISTINCT $level[s.idx] + 1 - $level[t.idx]) AS gaps

// name: verify_random_bulgarian_cycles
// The lengths of the cycles of a deterministic chain (p = 1: one transition per state), each
// found as the shortest way from a state back to itself; the closed classes of such a chain
// are its cycles (used by `gamegraph verify`).
// params: n:int, p:str, chain:str
// requires: random-bulgarian
// scan: a shortest-path search from every state of the chain
// example: :param n => 8
// example: :param p => '1'
// example: :param chain => 'popov'
MATCH (s:RandomBulgarian {chain: $chain, p: $p, n: $n})
CALL (s) {
  MATCH round = SHORTEST 1 (s)-[:RANDOM_BULGARIAN_MOVE]->+(s)
  RETURN length(round) AS length
}
RETURN collect(DISTINCT length) AS lengths, count(*) AS on_cycles
