// Constraints and indexes of C_n (docs/schema.md), created before any data; idempotent.

// name: schema_carolina_key
// A position of C_n is identified by n and its key (the composition's parts in order).
CREATE CONSTRAINT gamegraph_carolina_key IF NOT EXISTS
FOR (p:Carolina) REQUIRE (p.n, p.key) IS UNIQUE

// name: schema_carolina_n
// Whole-graph questions on C_n start from all its positions.
CREATE INDEX gamegraph_carolina_n IF NOT EXISTS FOR (p:Carolina) ON (p.n)

// name: schema_carolina_idx
// A position by its index (a cycle's first member, a slice of positions for verify).
CREATE INDEX gamegraph_carolina_idx IF NOT EXISTS FOR (p:Carolina) ON (p.n, p.idx)
