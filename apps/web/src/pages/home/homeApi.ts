import { http } from '../../api/http.ts';
import type { Overview } from './homeStats.ts';

/**
 * The home dashboard's live figures (any signed-in user; aggregates only).
 * Silent: the dashboard shows a failure in place, with a retry.
 */
export const fetchOverview = () => http.get<Overview>('/api/dashboard/Overview', undefined, { silent: true });
