/**
 * How far a run got at each node, for colouring the progress graph:
 * done (adopted), current (waiting), rejected, cancelled, or pending (not reached).
 */
export type NodeRunState = 'done' | 'current' | 'rejected' | 'cancelled' | 'pending';

/** A row of the instance's node states as the detail route answers them (FlowStatus numbers). */
export interface NodeStateRow {
  nodeId: string;
  status: number;
}

const BY_STATUS: Record<number, NodeRunState> = { 1: 'current', 2: 'done', 3: 'rejected', 4: 'cancelled', 5: 'cancelled' };

/**
 * Node id → run state. A node reached twice (after a reject) shows its latest
 * visit, so rows must come oldest first; ids in `currentNodeIds` are current
 * whatever their rows say.
 */
export function runStates(rows: NodeStateRow[] | Record<string, NodeRunState>, currentNodeIds: string[] = []): Map<string, NodeRunState> {
  const out = new Map<string, NodeRunState>();
  if (Array.isArray(rows)) {
    for (const r of rows) out.set(r.nodeId, BY_STATUS[r.status] ?? 'pending');
  } else {
    for (const [id, s] of Object.entries(rows)) out.set(id, s);
  }
  for (const id of currentNodeIds) out.set(id, 'current');
  return out;
}
