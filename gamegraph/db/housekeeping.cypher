// Housekeeping of the catalog's bookkeeping nodes (internal).

// name: slots_unused_delete
// Delete every :GraphSlot that no load or drop holds (no lease at all) and no :Graph record
// names: what a drop leaves behind, so a database whose graphs are all dropped holds no
// bookkeeping node. A load that wants the slot again creates it anew (graph_claim MERGEs it).
// Returns how many went.
MATCH (s:GraphSlot)
WHERE s.lease_owner IS NULL AND NOT EXISTS { MATCH (:Graph {slot: s.slot}) }
DETACH DELETE s
RETURN count(*) AS deleted
