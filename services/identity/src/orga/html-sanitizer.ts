/**
 * Sanitizer for the administrator notification (spec §3 admin_notification, shown as HTML in the
 * notification bar, R2.12). A whitelist: a few formatting tags, links with http(s)/mailto/relative
 * targets; scripts, styles, frames, event handlers, inline styles and every other attribute go.
 * Text is re-escaped, so what comes out is well-formed HTML with balanced tags.
 */

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'hr',
]);
const VOID_TAGS = new Set(['br', 'hr']);
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'title'] };
/** Elements dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'select',
  'head',
];

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function escapeText(text: string): string {
  // an existing entity (&amp; &#39; &eacute;) is kept; every other & < > " is escaped
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#([0-9]+);?/g, (_m, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10) % 0x110000))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/gi, '"')
    .replace(/&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&amp;/gi, '&');
}

/** http, https, mailto or a relative address; javascript:, data:, vbscript: and the like are refused. */
export function isSafeHref(raw: string): boolean {
  // browsers ignore control characters and whitespace inside the scheme: 'java\tscript:' runs
  // eslint-disable-next-line no-control-regex
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value);
  if (!scheme) return true;
  return ['http', 'https', 'mailto'].includes((scheme[1] ?? '').toLowerCase());
}

function keptAttributes(tag: string, source: string): string {
  const allowed = ALLOWED_ATTRIBUTES[tag];
  if (!allowed) return '';
  const kept: string[] = [];
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!allowed.includes(name) || kept.some((k) => k.startsWith(`${name}=`))) continue;
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (name === 'href' && !isSafeHref(value)) continue;
    kept.push(`${name}="${escapeText(decodeEntities(value))}"`);
  }
  if (tag === 'a' && kept.some((k) => k.startsWith('href='))) kept.push('rel="noopener noreferrer"', 'target="_blank"');
  return kept.length > 0 ? ` ${kept.join(' ')}` : '';
}

function dropDangerousElements(html: string): string {
  let result = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(/<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/gi, '');
  for (const tag of DROPPED_WITH_CONTENT) {
    // an unclosed dangerous element swallows the rest of the text
    result = result.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(?:<\\/${tag}\\s*>|$)`, 'gi'), '');
  }
  return result.replace(new RegExp(`<\\/(?:${DROPPED_WITH_CONTENT.join('|')})\\s*>`, 'gi'), '');
}

export function sanitizeHtml(input: string): string {
  const html = dropDangerousElements(input);
  const open: string[] = [];
  let out = '';
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    const index = match.index ?? 0;
    out += escapeText(html.slice(last, index));
    last = index + match[0].length;
    const closing = match[1] === '/';
    const tag = (match[2] ?? '').toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (VOID_TAGS.has(tag)) {
      if (!closing) out += `<${tag}>`;
      continue;
    }
    if (!closing) {
      out += `<${tag}${keptAttributes(tag, match[3] ?? '')}>`;
      open.push(tag);
      continue;
    }
    const at = open.lastIndexOf(tag);
    if (at === -1) continue;
    // closing an outer tag closes the ones opened inside it
    while (open.length > at) out += `</${open.pop() ?? ''}>`;
  }
  out += escapeText(html.slice(last));
  while (open.length > 0) out += `</${open.pop() ?? ''}>`;
  return out.trim();
}
