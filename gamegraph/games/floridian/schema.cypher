// Constraints and indexes of G_n and H_n (docs/schema.md), created before any data; idempotent.

// name: schema_alpha_key
// A G_n α-position is identified by n and its canonical key.
CREATE CONSTRAINT gamegraph_alpha_key IF NOT EXISTS FOR (p:Alpha) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_omega_key
// A G_n Ω-position is identified by n and its canonical key.
CREATE CONSTRAINT gamegraph_omega_key IF NOT EXISTS FOR (p:Omega) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_alpha_n
// Whole-graph questions on G_n start from all α-positions with a given n.
CREATE INDEX gamegraph_alpha_n IF NOT EXISTS FOR (p:Alpha) ON (p.n)

// name: schema_omega_n
// All Ω-positions with a given n.
CREATE INDEX gamegraph_omega_n IF NOT EXISTS FOR (p:Omega) ON (p.n)
