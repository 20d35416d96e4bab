// Constraints and indexes of A_n(L) (docs/schema.md), created before any data; idempotent.

// name: schema_austrian_key
// A position of A_n(L) is identified by L, n and its key (the piles largest first, a bar, the bank).
CREATE CONSTRAINT gamegraph_austrian_key IF NOT EXISTS
FOR (p:Austrian) REQUIRE (p.L, p.n, p.key) IS UNIQUE

// name: schema_austrian_n
// Whole-graph questions on A_n(L) start from all its positions.
CREATE INDEX gamegraph_austrian_n IF NOT EXISTS FOR (p:Austrian) ON (p.L, p.n)

// name: schema_austrian_idx
// A position by its index (a cycle's first member, a slice of positions for verify).
CREATE INDEX gamegraph_austrian_idx IF NOT EXISTS FOR (p:Austrian) ON (p.L, p.n, p.idx)
