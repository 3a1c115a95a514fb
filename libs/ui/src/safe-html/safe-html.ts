import {
  ADMIN_NOTIFICATION_ATTRIBUTES,
  ADMIN_NOTIFICATION_DROPPED_WITH_CONTENT,
  ADMIN_NOTIFICATION_LINK_SCHEMES,
  ADMIN_NOTIFICATION_TAGS,
} from '@pawline/domain';

// The administrator notification (spec §3 admin_notification) is HTML that identity stored cleaned
// by the allow-list of libs/domain; the client filters it again by the same list before rendering
// (and the settings preview shows exactly what will be kept).
const ALLOWED_TAGS: ReadonlySet<string> = new Set(ADMIN_NOTIFICATION_TAGS.map((tag) => tag.toUpperCase()));
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set(ADMIN_NOTIFICATION_DROPPED_WITH_CONTENT.map((tag) => tag.toUpperCase()));
const SCHEMES: ReadonlySet<string> = new Set(ADMIN_NOTIFICATION_LINK_SCHEMES);

/** A link target of the allow-list: one of its schemes, or a relative address (not protocol-relative). */
function isAllowedHref(href: string): boolean {
  // the DOM has decoded the entities; browsers ignore control characters and spaces in a scheme
  // eslint-disable-next-line no-control-regex
  const value = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value.startsWith('//') || value.startsWith('\\')) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value);
  return !scheme || SCHEMES.has((scheme[1] ?? '').toLowerCase());
}

function cleanChildren(source: Node, target: Node, doc: Document): void {
  source.childNodes.forEach((child) => {
    if (child.nodeType === 3) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (child.nodeType !== 1) return;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED_WITH_CONTENT.has(tag)) return;
    if (!ALLOWED_TAGS.has(tag)) {
      // unknown wrappers disappear, their text stays
      cleanChildren(element, target, doc);
      return;
    }
    const copy = doc.createElement(tag.toLowerCase());
    for (const name of ADMIN_NOTIFICATION_ATTRIBUTES[tag.toLowerCase()] ?? []) {
      const value = element.getAttribute(name);
      if (value === null || (name === 'href' && !isAllowedHref(value))) continue;
      copy.setAttribute(name, name === 'href' ? value.trim() : value);
    }
    if (tag === 'A' && copy.hasAttribute('href')) {
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    cleanChildren(element, copy, doc);
    target.appendChild(copy);
  });
}

/** Keeps only the allow-list's formatting and links (ADMIN_NOTIFICATION_*); no other attributes, styles or scripts. */
export function sanitizeNotificationHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  cleanChildren(doc.body, out, doc);
  return out.innerHTML;
}
