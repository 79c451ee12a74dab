/**
 * The in-app path to open after sign-in. Only same-site absolute paths are
 * accepted, so a crafted link cannot send the user elsewhere after login.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw) return '/';
  let target = raw;
  try {
    target = decodeURIComponent(raw);
  } catch {
    return '/';
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (/^\/(login2?|lockScreen)(\/|\?|$)/.test(target)) return '/';
  return target;
}
