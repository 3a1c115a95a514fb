// The administrator notification (spec §3 admin_notification) is HTML sanitized by the
// server; the client filters it again through this strict allow-list before rendering.
const ALLOWED_TAGS = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'SPAN', 'UL', 'OL', 'LI', 'A', 'H3', 'H4', 'SMALL']);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;

function cleanChildren(source: Node, target: Node, doc: Document): void {
  source.childNodes.forEach((child) => {
    if (child.nodeType === 3) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (child.nodeType !== 1) return;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'IFRAME' || tag === 'OBJECT' || tag === 'TEMPLATE') return;
    if (!ALLOWED_TAGS.has(tag)) {
      // unknown wrappers disappear, their text stays
      cleanChildren(element, target, doc);
      return;
    }
    const copy = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = (element.getAttribute('href') ?? '').trim();
      if (SAFE_HREF.test(href)) {
        copy.setAttribute('href', href);
        copy.setAttribute('target', '_blank');
        copy.setAttribute('rel', 'noopener noreferrer');
      }
    }
    cleanChildren(element, copy, doc);
    target.appendChild(copy);
  });
}

/** Keeps only simple formatting and http(s)/mailto/tel links; no attributes, styles or scripts. */
export function sanitizeNotificationHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  cleanChildren(doc.body, out, doc);
  return out.innerHTML;
}
