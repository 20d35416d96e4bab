// Constraints and indexes of B_n (docs/schema.md), created before any data; idempotent.

// name: schema_bulgarian_key
// A B_n position is identified by n and its canonical key.
CREATE CONSTRAINT gamegraph_bulgarian_key IF NOT EXISTS
FOR (p:Bulgarian) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_bulgarian_n
// Whole-graph questions on B_n start from all positions with a given n.
CREATE INDEX gamegraph_bulgarian_n IF NOT EXISTS FOR (p:Bulgarian) ON (p.n)

// name: schema_bulgarian_idx
// A position by its index (a cycle's first member, a slice of positions for verify).
CREATE INDEX gamegraph_bulgarian_idx IF NOT EXISTS FOR (p:Bulgarian) ON (p.n, p.idx)
