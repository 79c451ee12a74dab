import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';

/**
 * What a confirmed transfer tells the other health areas (issue 17, M2): the
 * archives that moved to a new managing unit and doctor. Listeners run inside
 * the confirmation's transaction (`db`), so a programme's enrolments and open
 * plans move with the archive or not at all; a listener that throws refuses
 * the confirmation.
 */
export interface ResidentTransferEvent {
  ctx: AppContext;
  /** The confirmation's transaction, without plugins (snake_case tables as written). */
  db: Kysely<any>;
  transferId: string;
  residentIds: string[];
  fromOrgId: string | null;
  toOrgId: string;
  /** The new responsible doctor (null: the receiving unit assigns one later). */
  toDoctorId: string | null;
  userId: string;
  at: number;
}

export type ResidentTransferListener = (e: ResidentTransferEvent) => Promise<void>;

const listeners: ResidentTransferListener[] = [];

/** Adds a listener (a module calls it once, at import); returns a remover. */
export function onResidentTransferred(listener: ResidentTransferListener): () => void {
  if (!listeners.includes(listener)) listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

export async function announceResidentTransferred(e: ResidentTransferEvent): Promise<void> {
  for (const l of listeners) await l(e);
}
