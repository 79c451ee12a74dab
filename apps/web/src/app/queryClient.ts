import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from './session/sessionEvents.ts';

/**
 * Server data cache, provided by the shell layout (pages outside the shell,
 * such as login and the lock screen, call the http client directly so the
 * login page does not load TanStack Query). The http client already toasts failures, so queries do
 * not retry blindly (a 403 or a validation error will not fix itself).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Spec §4: a session reset forgets cached server data (company and department trees …).
onSessionReset(() => queryClient.clear());
