// Constraints and indexes of T_n (docs/schema.md), created before any data; idempotent.

// name: schema_tchoukaillon_key
// A board of T_n is identified by the rule, n (the stones of the start board) and its key.
CREATE CONSTRAINT gamegraph_tchoukaillon_key IF NOT EXISTS
FOR (b:Tchoukaillon) REQUIRE (b.rule, b.n, b.key) IS UNIQUE

// name: schema_tchoukaillon_graph
// Whole-graph questions start from every board of one rule and n.
CREATE INDEX gamegraph_tchoukaillon_graph IF NOT EXISTS FOR (b:Tchoukaillon) ON (b.rule, b.n)

// name: schema_tchoukaillon_stones
// The boards of T_n with a given number of stones (the empty board, Tchouk_m).
CREATE INDEX gamegraph_tchoukaillon_stones IF NOT EXISTS
FOR (b:Tchoukaillon) ON (b.rule, b.n, b.stones)
