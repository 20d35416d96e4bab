// Housekeeping of the catalog's bookkeeping nodes (internal).

// name: slots_unused_delete
// Delete every :GraphSlot that no load or drop holds (no lease at all) and no :Graph record
// names, with its delete stripes: what a drop leaves behind, so a database whose graphs are
// all dropped holds no bookkeeping node. A load that wants the slot again creates it anew
// (graph_claim MERGEs it and its stripes). Returns how many slots went.
MATCH (s:GraphSlot)
WHERE s.lease_owner IS NULL AND NOT EXISTS { MATCH (:Graph {slot: s.slot}) }
CALL (s) {
  MATCH (t:GraphSlotStripe {slot: s.slot})
  DETACH DELETE t
}
DETACH DELETE s
RETURN count(*) AS deleted
