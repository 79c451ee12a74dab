import type { FlowFormField, FlowStatus } from '@medalliance/contract';
import type { Db } from '../../db/connection.ts';

/**
 * The one interface between the engine and whatever holds a flow's form: a
 * low-code model, or a hand-written module's own form (referral, audit...).
 * Every call receives the transaction of the engine's action, so what the
 * adapter writes commits or rolls back with it.
 */
export interface FlowFormAdapter {
  /** The key flow definitions name in `formKind`. */
  readonly kind: string;
  /** The record's field values (conditions and form-field approvers read them); null when there is no such record. */
  loadValues(db: Db, formId: string, recordId: string): Promise<Record<string, unknown> | null>;
  /** The record for display, with what loadValues leaves out for speed (a model's sub-table rows); loadValues when absent. */
  loadRecord?(db: Db, formId: string, recordId: string): Promise<Record<string, unknown> | null>;
  /** Writes the fields an approver may write on a node (already checked against the node's permissions). */
  saveValues?(db: Db, formId: string, recordId: string, values: Record<string, unknown>): Promise<void>;
  /** The instance's state changed: 1 on submit, then 2 adopted, 3 rejected, 4 revoked or 5 cancelled. */
  onStateChange(db: Db, formId: string, recordId: string, state: FlowStatus): Promise<void>;
  /**
   * Creates a new record of the form from `values` (a sub-flow's mapped fields) on behalf of `creatorId`;
   * its id. Forms without it cannot be the form of a sub-flow's child flow.
   */
  createRecord?(db: Db, formId: string, values: Record<string, unknown>, creatorId: string): Promise<string>;
  /** The form's fields, for the designer's branch conditions and field permissions; empty for an unknown form. */
  fields?(db: Db, formId: string): Promise<FlowFormField[]>;
}

const adapters = new Map<string, FlowFormAdapter>();

/** Registered once at start-up by the module that owns the form (the same in every process). */
export function registerFlowFormAdapter(adapter: FlowFormAdapter): void {
  adapters.set(adapter.kind, adapter);
}

export function flowFormAdapter(kind: string): FlowFormAdapter | null {
  return adapters.get(kind) ?? null;
}
