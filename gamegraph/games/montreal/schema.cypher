// Constraints and indexes of M on I(n) (docs/schema.md), created before any data; idempotent.

// name: schema_montreal_key
// A position of M on I(n) is identified by n and its key (the entries in order).
CREATE CONSTRAINT gamegraph_montreal_key IF NOT EXISTS
FOR (p:Montreal) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_montreal_n
// Whole-graph questions on M on I(n) start from all its positions.
CREATE INDEX gamegraph_montreal_n IF NOT EXISTS FOR (p:Montreal) ON (p.n)

// name: schema_montreal_idx
// A position by its index (a cycle's first member, a slice of positions for verify).
CREATE INDEX gamegraph_montreal_idx IF NOT EXISTS FOR (p:Montreal) ON (p.n, p.idx)
