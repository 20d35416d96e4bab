"""The graph core: position spaces (:mod:`.spaces`) and graph types with their analyses (:mod:`.graphs`), knowing nothing of Neo4j or of any game."""
