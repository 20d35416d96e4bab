// What `gamegraph verify` asks the server about Neo4j's Graph Data Science library (GDS)
// before it runs the games' GDS queries (their gds.cypher files).

// name: gds_installed
// Whether the GDS plugin is installed: its version function is registered (0 or 1).
SHOW FUNCTIONS YIELD name
WHERE name = 'gds.version'
RETURN count(*) AS installed

// name: gds_version
// The version of the installed GDS plugin (run only when gds_installed found it).
RETURN gds.version() AS version
