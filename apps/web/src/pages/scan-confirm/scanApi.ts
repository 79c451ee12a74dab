import { http } from '../../api/http.ts';

/** Ticket ids as the server issues them (spec §2.5 app scan code). */
export const TICKET_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export type ScanStep = 'scan' | 'confirm' | 'cancel';

/**
 * The signed-in phone's side of a scan-code sign-in: 'scan' when the page
 * opens, then 'confirm' or 'cancel'. Silent: the page shows what went wrong.
 */
export function advanceTicket(ticket: string, step: ScanStep) {
  return http.post<{ status: string }>(`/api/oauth/QrTicket/${encodeURIComponent(ticket)}/${step}`, undefined, { silent: true });
}
