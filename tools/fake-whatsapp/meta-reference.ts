import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Meta's own OpenAPI document of the WhatsApp Business Messaging API (tools/reference/whatsapp, v23.0) as a
 * validator for tests: the request bodies the Cloud adapter builds and the webhook payloads the fake sends are
 * checked against it, so our reading of the API is Meta's and not only our fake's (docs/conventions.md,
 * "Tests": fakes of providers). Loaded once per test file (about a second).
 *
 * The published document cannot validate anything as it stands: not one of its own examples passes. Each
 * correction below names the defect and is proven needed by meta-reference.spec.ts (Meta's examples fail
 * without it and pass with it). Two webhook fields we read are not in v23.0's document at all; their schemas
 * are written from Meta's webhook reference pages, named in META_EXTENSIONS.
 */

export const META_DOCUMENT = join(__dirname, '..', 'reference', 'whatsapp', 'business-messaging-api_v23.0.yaml');

type Json = Record<string, unknown>;
type Correction = { name: string; why: string; apply: (doc: Json) => void };

const schemas = (doc: Json) => (doc['components'] as { schemas: Record<string, Json> }).schemas;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function walk(node: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(node)) node.forEach((item) => walk(item, visit));
  else if (node && typeof node === 'object') {
    visit(node as Json);
    Object.values(node as Json).forEach((value) => walk(value, visit));
  }
}

/** The inbound message every webhook example shows (the document's own BaseMessageProperties is the send one's). */
const INBOUND_BASE: Json = {
  type: 'object',
  required: ['from', 'id', 'timestamp', 'type'],
  properties: {
    from: { type: 'string' },
    id: { type: 'string' },
    timestamp: { type: 'string' },
    type: { type: 'string' },
    context: { type: 'object' },
  },
};

/** The inbound contents of the message types whose schema names collided with the send ones. */
const INBOUND_CONTENT: Record<string, Json> = {
  text: { type: 'object', required: ['body'], properties: { body: { type: 'string' } } },
  reaction: { type: 'object', required: ['message_id'], properties: { message_id: { type: 'string' }, emoji: { type: 'string' } } },
  location: {
    type: 'object',
    required: ['latitude', 'longitude'],
    properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
  },
  image: { allOf: [ref('MediaMessageProperties'), { properties: { caption: { type: 'string' } } }] },
  audio: { allOf: [ref('MediaMessageProperties'), { properties: { voice: { type: 'boolean' } } }] },
  video: { allOf: [ref('MediaMessageProperties'), { properties: { caption: { type: 'string' } } }] },
  sticker: { allOf: [ref('MediaMessageProperties'), { properties: { animated: { type: 'boolean' } } }] },
  document: { allOf: [ref('MediaMessageProperties'), { properties: { caption: { type: 'string' }, filename: { type: 'string' } } }] },
};

/** The inbound schemas the document keeps under their own names, which extend the send envelope by mistake. */
const INBOUND_SCHEMAS = [
  'ButtonMessage',
  'InteractiveMessageReply',
  'UnsupportedMessage',
  'SystemMessage',
  'ContactSharingMessage',
  'OrderMessage',
];

export const META_CORRECTIONS: readonly Correction[] = [
  {
    name: 'allOf-additional-properties',
    why:
      'additionalProperties in one allOf branch sees only that branch, so no message with the shared envelope passes; ' +
      'the document means "nothing beyond what the branches name together", which JSON Schema 2020-12 writes unevaluatedProperties',
    apply: (doc) =>
      walk(doc, (node) => {
        if (!Array.isArray(node['allOf'])) return;
        for (const branch of node['allOf'] as Json[]) {
          if (branch && branch['additionalProperties'] === false) {
            delete branch['additionalProperties'];
            node['unevaluatedProperties'] = false;
          }
        }
      }),
  },
  {
    name: 'button-index-pattern',
    why: "a button's index has the pattern ^[2-6, 11-14]$ (one character, 0 refused) while its own description says 0-9 and its example is '0'",
    apply: (doc) =>
      walk(doc, (node) => {
        if (node['pattern'] === '^[2-6, 11-14]$') node['pattern'] = '^[0-9]$';
      }),
  },
  {
    name: 'discriminator-mapping',
    why:
      "TemplateComponent, ParameterObject and ButtonParameterObject name their variants in an OpenAPI discriminator's " +
      'mapping without a oneOf, which JSON Schema ignores: a body parameter was never checked against TextParameter. ' +
      'Where they are used, a value is now checked against the variant its type names',
    apply: (doc) => {
      const all = schemas(doc);
      for (const [name, schema] of Object.entries({ ...all })) {
        const discriminator = schema['discriminator'] as { propertyName: string; mapping?: Record<string, string> } | undefined;
        if (!discriminator?.mapping || schema['oneOf']) continue;
        const variants = Object.values(discriminator.mapping).map((target) => target.split('/').pop() ?? '');
        all[`${name}Dispatch`] = {
          allOf: [
            ref(name),
            ...Object.entries(discriminator.mapping).map(([value, target]) => ({
              if: { properties: { [discriminator.propertyName]: { const: value } }, required: [discriminator.propertyName] },
              then: { $ref: target },
            })),
          ],
        };
        // every use but the variants' own base (which would loop) checks the variant
        for (const [other, node] of Object.entries(all)) {
          if (variants.includes(other) || other === `${name}Dispatch`) continue;
          walk(node, (child) => {
            if (child['$ref'] === `#/components/schemas/${name}`) child['$ref'] = `#/components/schemas/${name}Dispatch`;
          });
        }
      }
    },
  },
  {
    name: 'inbound-messages',
    why:
      "the webhook's IncomingMessage refers to BaseMessageProperties, TextMessage, ImageMessage … which are the send " +
      "schemas of the same names (messaging_product, recipient_type, to required), and its unsupported message's errors " +
      'to the Graph error object; inbound messages get the envelope and contents the webhook examples show',
    apply: (doc) => {
      const all = schemas(doc);
      all['InboundMessageBase'] = INBOUND_BASE;
      for (const name of INBOUND_SCHEMAS) {
        const allOf = all[name]?.['allOf'] as Json[] | undefined;
        if (allOf?.[0]?.['$ref'] === '#/components/schemas/BaseMessageProperties') allOf[0] = ref('InboundMessageBase');
      }
      const unsupported = (all['UnsupportedMessage']?.['allOf'] as Json[] | undefined)?.[1];
      const errors = (unsupported?.['properties'] as Json | undefined)?.['errors'] as Json | undefined;
      if (errors) errors['items'] = ref('StatusError');
      const incoming = all['IncomingMessage'];
      incoming['oneOf'] = (incoming['oneOf'] as Json[]).map((branch) => {
        const type = Object.keys(INBOUND_CONTENT).find(
          (t) => branch['$ref'] === `#/components/schemas/${t[0]?.toUpperCase()}${t.slice(1)}Message`,
        );
        if (!type) return branch;
        return {
          allOf: [
            ref('InboundMessageBase'),
            { type: 'object', required: [type], properties: { type: { const: type }, [type]: INBOUND_CONTENT[type] } },
          ],
        };
      });
      delete incoming['discriminator'];
    },
  },
];

/**
 * Webhook fields we read that v23.0's document does not describe, from Meta's webhook reference:
 * developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update
 * and …/webhooks/reference/messages/errors (a `messages` change whose value carries only `errors`).
 */
export const META_EXTENSIONS = {
  name: 'template-status-and-value-errors',
  apply: (doc: Json) => {
    const all = schemas(doc);
    all['TemplateStatusValue'] = {
      type: 'object',
      required: ['event', 'message_template_id', 'message_template_name', 'message_template_language'],
      properties: {
        event: {
          enum: [
            'APPROVED',
            'ARCHIVED',
            'DELETED',
            'DISABLED',
            'FLAGGED',
            'IN_APPEAL',
            'LIMIT_EXCEEDED',
            'LOCKED',
            'PAUSED',
            'PENDING',
            'REINSTATED',
            'PENDING_DELETION',
            'REJECTED',
            'UNARCHIVED',
          ],
        },
        message_template_id: { type: 'integer' },
        message_template_name: { type: 'string' },
        message_template_language: { type: 'string' },
        reason: { type: ['string', 'null'] },
        message_template_category: { enum: ['MARKETING', 'UTILITY', 'AUTHENTICATION'] },
        disable_info: { type: 'object', properties: { disable_date: { type: ['string', 'integer'] } } },
        other_info: { type: 'object', properties: { title: { type: 'string' }, description: { type: 'string' } } },
        rejection_info: { type: 'object', properties: { reason: { type: 'string' }, recommendation: { type: 'string' } } },
      },
      additionalProperties: false,
    };
    all['ErrorsValue'] = {
      type: 'object',
      required: ['messaging_product', 'metadata', 'errors'],
      properties: {
        messaging_product: { const: 'whatsapp' },
        metadata: ref('Metadata'),
        errors: { type: 'array', minItems: 1, items: ref('StatusError') },
      },
      not: { anyOf: [{ required: ['messages'] }, { required: ['statuses'] }] },
    };
    const change = all['Change'];
    change['properties'] = {
      ...(change['properties'] as Json),
      field: {
        enum: ['messages', 'group_lifecycle_update', 'group_settings_update', 'group_participant_update', 'message_template_status_update'],
      },
      value: {
        oneOf: [...(((change['properties'] as Json)['value'] as Json)['oneOf'] as Json[]), ref('ErrorsValue'), ref('TemplateStatusValue')],
      },
    };
    // a template's status comes with field message_template_status_update, everything else under messages or groups
    change['if'] = { properties: { field: { const: 'message_template_status_update' } } };
    change['then'] = { properties: { value: ref('TemplateStatusValue') } };
    change['else'] = { properties: { value: { not: ref('TemplateStatusValue') } } };
  },
};

type Operation = { path: string; method: 'post' | 'get'; contentType?: string };

/** The request bodies we build, by Meta's operation. */
export const META_OPERATIONS = {
  message: { path: '/{Version}/{Phone-Number-ID}/messages', method: 'post' },
  mediaUpload: { path: '/{Version}/{Phone-Number-ID}/media', method: 'post', contentType: 'multipart/form-data' },
  templateCreate: { path: '/{Version}/{WABA-ID}/message_templates', method: 'post' },
  register: { path: '/{Version}/{Phone-Number-ID}/register', method: 'post' },
  subscribeApp: { path: '/{Version}/{WABA-ID}/subscribed_apps', method: 'post' },
} satisfies Record<string, Operation>;
export type MetaOperation = keyof typeof META_OPERATIONS;

function readable(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
}

let parsed: Json | null = null;

/** The document as published, parsed once per test file (each reference corrects its own copy). */
function publishedDocument(): Json {
  parsed ??= parse(readFileSync(META_DOCUMENT, 'utf8')) as Json;
  return structuredClone(parsed);
}

/** Meta's document, corrected as above, compiled on first use. */
export class MetaReference {
  readonly document: Json;
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(options: { corrections?: readonly Correction[]; extensions?: boolean } = {}) {
    this.document = publishedDocument();
    for (const correction of options.corrections ?? META_CORRECTIONS) correction.apply(this.document);
    if (options.extensions ?? true) META_EXTENSIONS.apply(this.document);
    // strict off: the document uses OpenAPI's keywords (discriminator, example) beside JSON Schema's
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...this.document, $id: 'meta' }, 'meta');
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      const found = this.ajv.getSchema(`meta#${pointer}`);
      if (!found) throw new Error(`Meta's document has no schema at ${pointer}`);
      validate = found;
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** The problems of `value` against the schema at a JSON pointer of the document; [] when it is valid. */
  problemsAt(pointer: string, value: unknown): string[] {
    const validate = this.validator(pointer);
    return validate(value) ? [] : readable(validate.errors);
  }

  /** The request body schema of one of Meta's operations. */
  requestProblems(operation: MetaOperation, body: unknown): string[] {
    const { path, method, contentType } = META_OPERATIONS[operation] as Operation;
    const escaped = path.replace(/~/g, '~0').replace(/\//g, '~1');
    return this.problemsAt(
      `/paths/${escaped}/${method}/requestBody/content/${(contentType ?? 'application/json').replace(/\//g, '~1')}/schema`,
      body,
    );
  }

  /** A webhook POST body (WebhookPayload). */
  webhookProblems(body: unknown): string[] {
    return this.problemsAt('/components/schemas/WebhookPayload', body);
  }

  /** The examples the document gives for an operation's request body (or the webhook's), by name. */
  examples(what: MetaOperation | 'webhook'): Record<string, unknown> {
    const path = what === 'webhook' ? '/whatsapp/webhooks' : META_OPERATIONS[what].path;
    const method = what === 'webhook' ? 'post' : META_OPERATIONS[what].method;
    const operation = (this.document['paths'] as Record<string, Record<string, Json>>)[path]?.[method];
    const content = ((operation?.['requestBody'] as Json | undefined)?.['content'] ?? {}) as Record<string, Json>;
    const examples = (content['application/json']?.['examples'] ?? {}) as Record<string, { value: unknown }>;
    return Object.fromEntries(Object.entries(examples).map(([name, example]) => [name, example.value]));
  }
}

let shared: MetaReference | null = null;

/** One corrected document per test file (jest loads modules per file). */
export function metaReference(): MetaReference {
  shared ??= new MetaReference();
  return shared;
}

/** Throws with Meta's reasons when `problems` is not empty (a readable failure in a test). */
export function expectMetaValid(what: string, problems: string[]): void {
  if (problems.length > 0) throw new Error(`${what} does not follow Meta's OpenAPI document:\n  ${problems.join('\n  ')}`);
}
