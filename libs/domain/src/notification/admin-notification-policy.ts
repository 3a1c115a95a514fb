/**
 * The allow-list of the administrator notification (spec §3 admin_notification, shown as HTML in
 * the notification bar, R2.12, R3.02). Identity stores the notification cleaned by it
 * (sanitize-html); the shell and the settings preview clean it again by the same list.
 */
export const ADMIN_NOTIFICATION_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
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
] as const;

/** The only attributes kept; a link also gets rel="noopener noreferrer" target="_blank". */
export const ADMIN_NOTIFICATION_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'title'] };

/** Link schemes a notification may use; a relative address is allowed too. */
export const ADMIN_NOTIFICATION_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Elements dropped together with everything inside them (the others lose only their tags). */
export const ADMIN_NOTIFICATION_DROPPED_WITH_CONTENT = [
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
  'option',
  'head',
] as const;
