// Questions about the lifting graph Q (SPEC.md §4): nodes are the 4-cycles of G_n over the
// loaded range, (:FourCycle {rule}); an arc LIFTS_TO {m, n_from, n_to, patterns} per lift.
// Each rule ('paper', 'paper-free', 'band') has its own copy of Q, chosen by $rule. A 4-cycle is named by
// n and one of its positions (canonical key; `gamegraph query` converts any notation).

// name: lifting_summary
// Q for one rule at a glance: 4-cycles and their range of n, lifts inside the range,
// 4-cycles that lift under no m, weak components, and how many components have more than
// one source (in-degree 0; the paper asks whether each has exactly one).
// params: rule:param
// requires: lifting
// example: :param rule => 'paper'
MATCH (c:FourCycle {rule: $rule})
WITH c.component AS component, collect(c) AS members
WITH component, members, size([m IN members WHERE NOT EXISTS { ()-[:LIFTS_TO]->(m) }]) AS sources
UNWIND members AS c
RETURN
  count(c) AS four_cycles,
  min(c.n) AS n_min,
  max(c.n) AS n_max,
  sum(COUNT { (c)-[:LIFTS_TO]->() }) AS lifts_inside,
  count(CASE WHEN c:NonLifting THEN 1 END) AS non_lifting,
  count(DISTINCT component) AS components,
  count(DISTINCT CASE WHEN sources > 1 THEN component END) AS components_with_multiple_sources

// name: lifting_components
// The weak components of Q (component 0 the largest): size, range of n, and the sources,
// the 4-cycles no lift inside the range enters (in-degree 0).
// params: rule:param
// requires: lifting
// example: :param rule => 'paper'
MATCH (c:FourCycle {rule: $rule})
WITH c
ORDER BY c.n, c.key
WITH c.component AS component, collect(c) AS members
WITH component, members, [m IN members WHERE NOT EXISTS { ()-[:LIFTS_TO]->(m) }] AS sources
RETURN
  component,
  size(members) AS size,
  members[0].n AS n_min,
  last(members).n AS n_max,
  size(sources) AS source_count,
  [s IN sources | s.key] AS sources
ORDER BY component

// name: lifting_non_lifting
// The 4-cycles of Q that lift under no m (label :NonLifting; whatever the range, since a
// lift's target may lie beyond it).
// params: rule:param
// requires: lifting
// example: :param rule => 'paper'
MATCH (c:FourCycle {rule: $rule})
WHERE c:NonLifting
RETURN c.n AS n, c.key AS cycle, c.notation AS notation, c.component AS component
ORDER BY c.n, c.key

// name: lifting_cycles
// The 4-cycles of G_n as nodes of Q: their key, notation, number of lifts (those beyond
// the range included), component, and whether they are a source.
// params: rule:param, n:int
// requires: lifting
// example: :param rule => 'paper'
// example: :param n => 24
MATCH (c:FourCycle {rule: $rule, n: $n})
RETURN
  c.key AS cycle,
  c.notation AS notation,
  c.lifts AS lifts,
  c.lifts_beyond AS lifts_beyond,
  c.component AS component,
  NOT EXISTS { ()-[:LIFTS_TO]->(c) } AS source
ORDER BY c.key

// name: lifting_lifts
// The lifts of the 4-cycle(s) of G_n through $position: m, the target n and 4-cycle, and
// (paper rule) the four pattern names in the order α-arc, Ω-arc, α-arc, Ω-arc of the key.
// Lifts whose target lies beyond the range are counted in lifts_beyond.
// params: rule:param, n:int, position:position
// requires: lifting
// example: :param rule => 'paper'
// example: :param n => 24
// example: :param position => '8,5,5,2,2,2'
MATCH (c:FourCycle {rule: $rule, n: $n})
WHERE $position IN c.positions
OPTIONAL MATCH (c)-[lift:LIFTS_TO]->(d:FourCycle)
RETURN
  c.key AS cycle,
  lift.m AS m,
  lift.n_to AS n_to,
  d.key AS lifted,
  lift.patterns AS patterns,
  c.lifts_beyond AS lifts_beyond
ORDER BY c.key, m, lifted

// name: lifting_chain
// The chains of lifts from the 4-cycle(s) of G_n through $position: every maximal path of
// LIFTS_TO inside the range, with the n and m along it and whether m rises by 2 at each
// step (a family of Theorem 27).
// params: rule:param, n:int, position:position
// requires: lifting
// example: :param rule => 'band'
// example: :param n => 16
// example: :param position => '5,5,2,2,2'
MATCH (c:FourCycle {rule: $rule, n: $n})
WHERE $position IN c.positions
MATCH chain = (c)-[:LIFTS_TO]->*(d:FourCycle)
WHERE NOT EXISTS { (d)-[:LIFTS_TO]->() }
WITH c, chain, relationships(chain) AS lifts
RETURN
  c.key AS cycle,
  length(chain) AS lifts,
  [x IN nodes(chain) | x.n] AS ns,
  [l IN lifts | l.m] AS ms,
  all(i IN range(1, size(lifts) - 1) WHERE lifts[i].m = lifts[i - 1].m + 2) AS family,
  [x IN nodes(chain) | x.key] AS cycles
ORDER BY cycle, ns, ms
