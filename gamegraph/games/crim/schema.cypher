// Constraints and indexes of CRIM (docs/schema.md), created before any data; idempotent.
// One CRIM graph is loaded at a time (it holds every smaller one), so a position is
// identified by its key alone; its n is its size |λ|.

// name: schema_crim_key
// A CRIM position is identified by its canonical key ('5,3,3,1'; '0' for the empty diagram).
CREATE CONSTRAINT gamegraph_crim_key IF NOT EXISTS FOR (p:Crim) REQUIRE (p.key) IS UNIQUE

// name: schema_crim_n
// Questions about the partitions of one size, or of every size up to n, start from n.
CREATE INDEX gamegraph_crim_n IF NOT EXISTS FOR (p:Crim) ON (p.n)
