import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { HTML_POLICY, htmlPolicyHooks } from '@medalliance/contract';

/**
 * Cleans stored HTML before the browser renders it: DOMPurify with the
 * shared policy (`packages/contract/src/html-policy.ts`), the same allow-list
 * the server applies when the text is saved (`sanitizeHtml()`). Every place
 * that puts user HTML into the page goes through this (or `<SafeHtml>`):
 * rows saved before the server cleaned them, and values filled into a
 * template after it was cleaned, are caught here.
 */

let purifier: Purifier | null = null;

/** An instance of our own, so the policy's hooks never touch DOMPurify's shared default instance. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const purify = DOMPurify(window);
  // Without a DOM DOMPurify would hand its input back unchanged; fail rather than render that.
  if (!purify.isSupported) throw new Error('DOMPurify needs a DOM');
  purify.addHook('uponSanitizeAttribute', htmlPolicyHooks.attribute);
  purify.addHook('uponSanitizeElement', htmlPolicyHooks.element);
  purifier = purify;
  return purify;
}

export function sanitize(html: string | null | undefined): string {
  return html ? getPurifier().sanitize(html, HTML_POLICY) : '';
}
