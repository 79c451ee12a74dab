import type { DOMPurify } from 'dompurify';
import { HTML_POLICY, htmlPolicyHooks } from '@medalliance/contract';

/**
 * Cleans HTML that users write (print templates and every rich-text field)
 * before it is stored: DOMPurify over a jsdom window with the shared policy
 * of `packages/contract/src/html-policy.ts`, the same allow-list the browser
 * applies when it renders (`apps/web/src/components/html/sanitize.ts`).
 *
 * jsdom is large and slow to load, so neither it nor DOMPurify is imported
 * until the first text is cleaned: server start-up does not pay for them.
 * One window serves every call (DOMPurify parses each text into a fresh
 * document of it).
 */

let purifier: Promise<DOMPurify> | null = null;

async function createPurifier(): Promise<DOMPurify> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  // Without a working DOM DOMPurify hands the input back unchanged; never store that.
  if (!purify.isSupported) throw new Error('DOMPurify is not supported by this jsdom window');
  purify.addHook('uponSanitizeAttribute', htmlPolicyHooks.attribute);
  purify.addHook('uponSanitizeElement', htmlPolicyHooks.element);
  return purify;
}

function getPurifier(): Promise<DOMPurify> {
  purifier ??= createPurifier().catch((err: unknown) => {
    // A failed load is retried by the next call rather than cached.
    purifier = null;
    throw err;
  });
  return purifier;
}

/** The HTML without anything that could run code; ordinary markup (tables, styles, pictures, page breaks) comes back as it was. */
export async function sanitizeHtml(html: string): Promise<string> {
  if (!html) return html;
  const purify = await getPurifier();
  return purify.sanitize(html, HTML_POLICY);
}

/** The same for an optional field: null and undefined stay as they are. */
export async function sanitizeOptionalHtml<T extends string | null | undefined>(html: T): Promise<T> {
  return (typeof html === 'string' ? await sanitizeHtml(html) : html) as T;
}
