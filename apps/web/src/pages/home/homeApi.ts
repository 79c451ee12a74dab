import { http } from '../../api/http.ts';
import type { Overview } from './homeStats.ts';

/** The home dashboard's live figures (any signed-in user; aggregates only). */
export const fetchOverview = () => http.get<Overview>('/api/dashboard/Overview');
