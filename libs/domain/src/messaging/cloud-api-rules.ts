// What the WhatsApp Cloud API refuses, with its codes: kept in one place so that our fake Cloud API
// (tools/fake-whatsapp) and the one-machine sandbox refuse the same sends and templates as Meta does, and
// never let through a message the real API would turn down (docs/conventions.md, "Tests": fakes of providers).

export type CloudApiRefusal = {
  /** the HTTP status of the answer */
  status: number;
  code: number;
  message: string;
  /** error_data.details */
  details: string;
  subcode?: number;
};

/** A template's review state as the Cloud API names it. */
export type CloudTemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';

/** WhatsApp's template names: lower-case letters, digits and underscores. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,512}$/;
export const TEMPLATE_BODY_MAX = 1024;
export const QUICK_REPLY_LABEL_MAX = 25;
export const QUICK_REPLIES_MAX = 10;
/** the customer-service window: free text only this long after the customer's last message */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Languages WhatsApp accepts for a template (its list, in its codes). */
export const WHATSAPP_TEMPLATE_LANGUAGES: ReadonlySet<string> = new Set(
  (
    'af sq ar az bn bg ca zh_CN zh_HK zh_TW hr cs da nl en en_GB en_US et fil fi fr ka de el gu ha he hi hu id ga it ja kn kk ' +
    'rw_RW ko ky_KG lo lv lt mk ms ml mr nb fa pl pt_BR pt_PT pa ro ru sr sk sl es es_AR es_ES es_MX sw sv ta te th tr uk ur uz vi zu'
  ).split(' '),
);

const invalid = (details: string, subcode?: number): CloudApiRefusal => ({
  status: 400,
  code: 100,
  message: 'Invalid parameter',
  details,
  ...(subcode === undefined ? {} : { subcode }),
});

const PLACEHOLDER = /\{\{(\d+)\}\}/g;

/** What a template creation must be (POST /{WABA-ID}/message_templates); the first refusal, or null. */
export function templateCreationProblem(template: {
  name: string;
  language: string;
  category: string;
  body: string;
  examples: readonly string[];
  buttons: readonly string[];
}): CloudApiRefusal | null {
  if (!TEMPLATE_NAME_PATTERN.test(template.name)) {
    return invalid('The template name may only contain lower-case letters, digits and underscores');
  }
  if (!WHATSAPP_TEMPLATE_LANGUAGES.has(template.language)) return invalid(`The language ${template.language} is not supported`);
  if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(template.category))
    return invalid(`The category ${template.category} is invalid`);
  const body = template.body;
  if (body.trim() === '') return invalid('The template has no body text');
  if (body.length > TEMPLATE_BODY_MAX) return invalid(`The body text is longer than ${TEMPLATE_BODY_MAX} characters`, 2388040);
  const numbers = [...body.matchAll(PLACEHOLDER)].map((match) => Number(match[1]));
  const distinct = [...new Set(numbers)].sort((a, b) => a - b);
  if (distinct.some((n, index) => n !== index + 1)) return invalid('The variables must be numbered {{1}}, {{2}} … without gaps', 2388293);
  if (/^\s*\{\{\d+\}\}/.test(body) || /\{\{\d+\}\}\s*$/.test(body)) {
    return invalid("Variables can't be at the start or end of the template", 2388299);
  }
  if (template.examples.length !== distinct.length || template.examples.some((example) => example.trim() === '')) {
    return invalid('The body needs one non-empty example value for each variable', 2388043);
  }
  if (template.buttons.length > QUICK_REPLIES_MAX) return invalid(`At most ${QUICK_REPLIES_MAX} quick replies`);
  if (template.buttons.some((label) => label.trim() === '' || label.length > QUICK_REPLY_LABEL_MAX)) {
    return invalid(`A quick reply's text has 1 to ${QUICK_REPLY_LABEL_MAX} characters`, 2388040);
  }
  return null;
}

/**
 * A template message (POST /{Phone-Number-ID}/messages, type template) against the template registered under
 * its name and language in the sender's account; the refusal, or null.
 */
export function templateSendProblem(
  registered: { status: CloudTemplateStatus; parameterCount: number } | null,
  parameters: readonly string[],
): CloudApiRefusal | null {
  if (!registered || registered.status === 'PENDING' || registered.status === 'REJECTED') {
    return {
      status: 404,
      code: 132001,
      message: 'Template name does not exist in the translation',
      details: 'template name does not exist in the translation',
    };
  }
  if (registered.status === 'PAUSED')
    return { status: 400, code: 132015, message: 'Template is Paused', details: 'Template is paused due to low quality' };
  if (registered.status === 'DISABLED')
    return { status: 400, code: 132016, message: 'Template is disabled', details: 'Template has been disabled' };
  if (parameters.some((parameter) => parameter.trim() === '')) {
    return invalid("Parameter 'text' is mandatory for component parameter type 'text'");
  }
  if (parameters.length !== registered.parameterCount) {
    return {
      status: 400,
      code: 132000,
      message: 'Number of parameters does not match the expected number of params',
      details: `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${registered.parameterCount})`,
    };
  }
  return null;
}

/** Free text is allowed only within 24 hours of the customer's last message (131047 otherwise). */
export function freeTextProblem(lastInboundAt: number | null, now: number): CloudApiRefusal | null {
  if (lastInboundAt !== null && now - lastInboundAt < SERVICE_WINDOW_MS) return null;
  return {
    status: 400,
    code: 131047,
    message: 'Re-engagement message',
    details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  };
}
