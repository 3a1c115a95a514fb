import sanitize from 'sanitize-html';
import {
  ADMIN_NOTIFICATION_ATTRIBUTES,
  ADMIN_NOTIFICATION_DROPPED_WITH_CONTENT,
  ADMIN_NOTIFICATION_LINK_SCHEMES,
  ADMIN_NOTIFICATION_TAGS,
} from '@pawline/domain';

/**
 * The administrator notification as stored (spec §3 admin_notification, R2.12, R3.02): cleaned by
 * sanitize-html against the allow-list of libs/domain, which the shell applies again. A parser, not
 * patterns: an attribute is decoded once, as a browser does, before its scheme is judged, and
 * written back escaped (issue 11: a hand-written filter let `&amp;#106;avascript:` through).
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...ADMIN_NOTIFICATION_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ADMIN_NOTIFICATION_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...ADMIN_NOTIFICATION_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...ADMIN_NOTIFICATION_DROPPED_WITH_CONTENT],
  // what a stray closing tag leaves behind (`</p>` opens and closes an empty paragraph, as in a browser)
  exclusiveFilter: (frame) => ['p', 'span', 'div'].includes(frame.tag) && frame.text.trim() === '' && !frame.mediaChildren.length,
};

/**
 * The second pass, over HTML the first one cleaned: a link that kept its (checked) href opens in a
 * new tab without a handle on this window; the author's own rel and target were dropped before.
 */
const LINK_OPTIONS: sanitize.IOptions = {
  allowedTags: [...ADMIN_NOTIFICATION_TAGS],
  allowedAttributes: { ...OPTIONS.allowedAttributes, a: [...(ADMIN_NOTIFICATION_ATTRIBUTES['a'] ?? []), 'rel', 'target'] },
  allowedSchemes: [...ADMIN_NOTIFICATION_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs['href'] === undefined ? attribs : { ...attribs, rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
};

export function sanitizeHtml(input: string): string {
  return sanitize(sanitize(input, OPTIONS), LINK_OPTIONS).trim();
}
