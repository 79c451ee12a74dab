/**
 * The one allow-list for HTML that users write (print templates, and every
 * later rich-text field: notices, rich-text model fields, messages). The
 * server runs it with DOMPurify over jsdom when the text is saved
 * (`sanitizeHtml()`), the browser with DOMPurify when it renders stored HTML
 * (`sanitize()`), so both sides keep exactly the same markup. Pure
 * configuration and string work: no DOM here, the contract runs everywhere.
 *
 * Print layouts need tables (spans, borders, widths), inline styles and
 * style sheets (page size, page breaks), pictures (uploaded files and
 * data:image) and Quill's classes; nothing that runs code, loads frames or
 * sends forms is kept.
 */

/** Elements a print layout or rich text may hold. No script, frame, object, form, svg, math, base, meta or link. */
const TAGS = [
  'a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite',
  'code', 'col', 'colgroup', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'footer', 'h1',
  'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'main', 'mark', 'ol', 'p', 'pre', 'q', 's',
  'samp', 'section', 'small', 'span', 'strike', 'strong', 'style', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th',
  'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
]; // prettier-ignore

/**
 * Attributes, besides data-* (repeating rows are marked `data-table`, Quill
 * writes `data-row`/`data-list`) and aria-*. No event handlers, no id or name
 * (they could clobber the page's own globals), no form targets.
 */
const ATTRIBUTES = [
  'align', 'alt', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'cite', 'class', 'color', 'colspan', 'datetime', 'dir',
  'face', 'headers', 'height', 'href', 'lang', 'rel', 'reversed', 'rowspan', 'scope', 'size', 'span', 'src', 'start', 'style',
  'target', 'title', 'type', 'valign', 'width',
]; // prettier-ignore

/**
 * Link and picture addresses: http(s), mailto, tel, and anything without a
 * scheme (relative paths such as /api/file/…, anchors, `{field}` placeholders).
 * DOMPurify tests this after removing whitespace and control characters, so
 * `java&#x09;script:` is refused like `javascript:`.
 */
const URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** DOMPurify options. Plain data: each side passes it to its own DOMPurify. */
export const HTML_POLICY = {
  ALLOWED_TAGS: TAGS,
  ALLOWED_ATTR: ATTRIBUTES,
  ALLOW_DATA_ATTR: true,
  ALLOW_ARIA_ATTR: true,
  ALLOWED_URI_REGEXP: URI,
  // DOMPurify takes data: URLs on <img> (its other data-URI elements are not allowed here); the
  // attribute hook narrows them to raster pictures.
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // A template may start with a style sheet: without this the parser would put it in <head>, which is dropped.
  FORCE_BODY: true,
  KEEP_CONTENT: true,
};

/** Whitespace and control characters browsers skip inside a URL scheme. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
const URL_NOISE = /[\u0000-\u0020\u007F-\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000\uFEFF]/g;

/** Raster pictures only: an SVG document, HTML or script as data: is refused. */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp|x-icon)[;,]/;

/** Whether a URL-valued attribute may keep this value as far as data: goes (DOMPurify checks the rest). */
export function allowedDataUri(value: string): boolean {
  const compact = value.replace(URL_NOISE, '').toLowerCase();
  return !compact.startsWith('data:') || DATA_IMAGE.test(compact);
}

/** CSS as the browser reads it, for matching: comments out, escapes decoded, no whitespace, lower case. */
function normalizeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|\r\n|([\s\S]))/gi, (_m, hex: string | undefined, ch: string | undefined) => {
      if (hex) {
        const code = parseInt(hex, 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
      }
      return ch && !/[\n\r\f]/.test(ch) ? ch : '';
    })
    .replace(URL_NOISE, '')
    .toLowerCase();
}

/** CSS that runs code or fetches something that is not a picture: expression(), bindings, imports, script or non-image data: URLs. */
const CSS_DANGER =
  /expression\(|-moz-binding|behaviou?r:|@import|javascript:|vbscript:|livescript:|data:(?!image\/(?:png|jpe?g|gif|webp|bmp|x-icon)[;,])/;

/**
 * A style attribute or style sheet without the declarations (or rules) that
 * could run code. It is cut at `;`, `{` and `}` outside strings and
 * parentheses, so a data:image URL keeps its `;base64`; only a dangerous piece
 * is dropped, and CSS with none comes back unchanged (page-break-*, break-*,
 * @page and everything else a layout uses are kept).
 */
export function cleanCss(css: string): string {
  let out = '';
  let start = 0;
  let depth = 0;
  let quote = '';
  const piece = (end: number) => {
    const text = css.slice(start, end);
    if (!CSS_DANGER.test(normalizeCss(text))) out += text;
  };
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ';' || c === '{' || c === '}')) {
      piece(i);
      out += c;
      start = i + 1;
    }
  }
  piece(css.length);
  return out;
}

/** What DOMPurify hands the attribute hook (structurally; the contract has no DOM types). */
export interface HtmlAttributeEvent {
  attrName: string;
  attrValue: string;
  keepAttr: boolean;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'xlink:href', 'action', 'formaction', 'background', 'poster']);

/**
 * The checks DOMPurify's options cannot express, as hooks: install both on
 * each DOMPurify instance (`addHook('uponSanitizeAttribute', …)`,
 * `addHook('uponSanitizeElement', …)`).
 */
export const htmlPolicyHooks = {
  attribute(_node: unknown, data: HtmlAttributeEvent): void {
    if (data.attrName === 'style') {
      const clean = cleanCss(data.attrValue);
      if (clean !== data.attrValue) {
        data.attrValue = clean;
        if (!clean.trim()) data.keepAttr = false;
      }
    } else if (URL_ATTRIBUTES.has(data.attrName) && !allowedDataUri(data.attrValue)) data.keepAttr = false;
  },
  element(node: { textContent: string | null }, data: { tagName: string }): void {
    if (data.tagName !== 'style') return;
    const css = node.textContent ?? '';
    const clean = cleanCss(css);
    if (clean !== css) node.textContent = clean;
  },
};
