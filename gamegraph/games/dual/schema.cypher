// Constraints and indexes of D_n (docs/schema.md), created before any data; idempotent.

// name: schema_dual_key
// A position of D_n is identified by n and its canonical key.
CREATE CONSTRAINT gamegraph_dual_key IF NOT EXISTS
FOR (p:Dual) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_dual_n
// Whole-graph questions on D_n start from all its positions.
CREATE INDEX gamegraph_dual_n IF NOT EXISTS FOR (p:Dual) ON (p.n)

// name: schema_dual_idx
// A position by its index (a cycle's first member, a slice of positions for verify).
CREATE INDEX gamegraph_dual_idx IF NOT EXISTS FOR (p:Dual) ON (p.n, p.idx)
