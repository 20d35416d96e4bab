// Constraints and indexes of the random Bulgarian chains (docs/schema.md), created before
// any data; idempotent.

// name: schema_random_bulgarian_key
// A state of a chain is identified by the chain, p (its text, '1/2'), n and its canonical key.
CREATE CONSTRAINT gamegraph_random_bulgarian_key IF NOT EXISTS
FOR (s:RandomBulgarian) REQUIRE (s.chain, s.p, s.n, s.key) IS UNIQUE

// name: schema_random_bulgarian_chain
// Whole-chain questions start from every state of one chain, p and n.
CREATE INDEX gamegraph_random_bulgarian_chain IF NOT EXISTS
FOR (s:RandomBulgarian) ON (s.chain, s.p, s.n)
