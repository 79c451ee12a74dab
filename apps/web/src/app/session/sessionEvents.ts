/**
 * Spec §4: a session reset also closes the live socket and forgets cached
 * company and department trees. Those features live elsewhere; they subscribe
 * here instead of being imported by the shell.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionReset(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionReset(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      console.error('[session] reset listener failed', error);
    }
  }
}
