// What is loaded: one :Graph node per graph (docs/schema.md), written by `gamegraph load`.

// name: graphs_loaded
// Every loaded graph: its id, game, n, rule (Q) or mode (G_n), status ('complete' once
// verified, 'loading' while or if interrupted) and node and relationship counts.
MATCH (g:Graph)
RETURN
  g.id AS graph,
  g.game AS game,
  g.n AS n,
  g.rule AS rule,
  g.mode AS mode,
  g.status AS status,
  g.nodes AS nodes,
  g.relationships AS relationships,
  toString(g.completed_at) AS completed_at
ORDER BY game, n, rule

// name: graph_summary
// The engine's summary figures stored with one loaded graph (stat_* properties), e.g.
// 'floridian:24', 'bulgarian:60' or 'lifting:paper:60', with its status.
// params: graph:str
// example: :param graph => 'floridian:24'
MATCH (g:Graph {id: $graph})
RETURN
  g.id AS graph,
  g.status AS status,
  [k IN keys(g) WHERE k STARTS WITH 'stat_' | [substring(k, 5), g[k]]] AS summary
