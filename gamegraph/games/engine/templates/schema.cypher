// name: schema_{p}_key
// A position of {title} is identified by n, the graph's parameters and its key.
CREATE CONSTRAINT gamegraph_{p}_key IF NOT EXISTS
FOR (p:{label}) REQUIRE ({key}) IS UNIQUE

// name: schema_{p}_n
// Whole-graph questions start from all positions of one n.
CREATE INDEX gamegraph_{p}_n IF NOT EXISTS FOR (p:{label}) ON (p.n)

// name: schema_{p}_idx
// A position by its index (a slice of positions for verify).
CREATE INDEX gamegraph_{p}_idx IF NOT EXISTS FOR (p:{label}) ON (p.n, p.idx)
