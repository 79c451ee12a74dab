import { JSDOM } from 'jsdom';

/**
 * Test helper: what in a piece of HTML could still run, found the way a
 * browser would read it (parsed by jsdom, entities decoded, whitespace and
 * control characters the URL parser skips removed). An empty answer means
 * nothing executable is left. Used by the sanitizer's tests on the server and
 * in the browser build; never loaded by the running server.
 */

const FORBIDDEN_ELEMENTS = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'form', 'input',
  'button', 'textarea', 'select', 'isindex', 'svg', 'math', 'template', 'noscript', 'noembed', 'xmp', 'bgsound',
]); // prettier-ignore

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'poster',
  'data',
  'dynsrc',
  'lowsrc',
  'cite',
  'srcset',
]);

// eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
const URL_NOISE = /[\u0000-\u0020\u007F-\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000\uFEFF]/g;
const BAD_URL = /^(?:javascript:|vbscript:|livescript:|data:(?!image\/(?:png|jpe?g|gif|webp|bmp)[;,]))/;
const BAD_CSS = /expression\(|javascript:|vbscript:|-moz-binding|behaviou?r:|@import|data:text/;

const compactCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16) || 0xfffd))
    .replace(/\\(.)/g, '$1')
    .replace(URL_NOISE, '')
    .toLowerCase();

let page: Document | undefined;

/** Parsed as the content of a detached <div>: the body's parsing rules, without loading pictures or style sheets. */
function parse(html: string): HTMLDivElement {
  page ??= new JSDOM('<!doctype html><html><body></body></html>').window.document;
  const div = page.createElement('div');
  div.innerHTML = html;
  return div;
}

export function executableParts(html: string): string[] {
  const found: string[] = [];
  for (const el of parse(html).querySelectorAll('*')) {
    const tag = el.localName;
    if (FORBIDDEN_ELEMENTS.has(tag)) found.push(`<${tag}>`);
    if (tag === 'style' && BAD_CSS.test(compactCss(el.textContent ?? ''))) found.push(`<style>${el.textContent}`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(URL_NOISE, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      else if (name === 'srcdoc') found.push(`${tag}[srcdoc]`);
      else if (URL_ATTRIBUTES.has(name) && BAD_URL.test(value)) found.push(`${tag}[${name}=${attr.value}]`);
      else if (name === 'style' && BAD_CSS.test(compactCss(attr.value))) found.push(`${tag}[style=${attr.value}]`);
    }
  }
  return found;
}

/** The HTML as a browser's DOM holds it (tbody added, quotes and entities normalised), for comparing layouts. */
export function normalizedHtml(html: string): string {
  return parse(html).innerHTML;
}
