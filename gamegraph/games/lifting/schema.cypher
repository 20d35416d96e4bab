// Constraints and indexes of Q (docs/schema.md), created before any data; idempotent.

// name: schema_four_cycle_key
// A node of Q is identified by its rule and the 4-cycle's key (n:α1>Ω1>α2>Ω2).
CREATE CONSTRAINT gamegraph_four_cycle_key IF NOT EXISTS
FOR (c:FourCycle) REQUIRE (c.rule, c.key) IS UNIQUE

// name: schema_four_cycle_n
// The nodes of Q for one rule and n.
CREATE INDEX gamegraph_four_cycle_rule_n IF NOT EXISTS FOR (c:FourCycle) ON (c.rule, c.n)
