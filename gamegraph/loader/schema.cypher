// Constraints and indexes of the gamegraph model (docs/schema.md), created before any data.
// Every statement is idempotent (IF NOT EXISTS).

// name: schema_graph_id
// One :Graph node per loaded graph, addressed by its id (e.g. 'floridian:24').
CREATE CONSTRAINT gamegraph_graph_id IF NOT EXISTS FOR (g:Graph) REQUIRE g.id IS UNIQUE

// name: schema_bulgarian_key
// A B_n position is identified by n and its canonical key.
CREATE CONSTRAINT gamegraph_bulgarian_key IF NOT EXISTS
FOR (p:Bulgarian) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_alpha_key
// A G_n α-position is identified by n and its canonical key.
CREATE CONSTRAINT gamegraph_alpha_key IF NOT EXISTS FOR (p:Alpha) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_omega_key
// A G_n Ω-position is identified by n and its canonical key.
CREATE CONSTRAINT gamegraph_omega_key IF NOT EXISTS FOR (p:Omega) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_four_cycle_key
// A node of Q is identified by its rule and the 4-cycle's key (n:α1>Ω1>α2>Ω2).
CREATE CONSTRAINT gamegraph_four_cycle_key IF NOT EXISTS
FOR (c:FourCycle) REQUIRE (c.rule, c.key) IS UNIQUE

// name: schema_bulgarian_n
// Whole-graph questions on B_n start from all positions with a given n.
CREATE INDEX gamegraph_bulgarian_n IF NOT EXISTS FOR (p:Bulgarian) ON (p.n)

// name: schema_alpha_n
// Whole-graph questions on G_n start from all α-positions with a given n.
CREATE INDEX gamegraph_alpha_n IF NOT EXISTS FOR (p:Alpha) ON (p.n)

// name: schema_omega_n
// All Ω-positions with a given n.
CREATE INDEX gamegraph_omega_n IF NOT EXISTS FOR (p:Omega) ON (p.n)

// name: schema_four_cycle_n
// The nodes of Q for one rule and n.
CREATE INDEX gamegraph_four_cycle_rule_n IF NOT EXISTS FOR (c:FourCycle) ON (c.rule, c.n)
