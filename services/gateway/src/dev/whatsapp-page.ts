import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  listSandboxConversationsRpc,
  listSandboxMessagesRpc,
  listSandboxTemplatesRpc,
  reviewSandboxTemplateRpc,
  sandboxSignupRpc,
  sendSandboxReplyRpc,
  type RpcContract,
  type RpcRequest,
  type SandboxConversation,
  type SandboxMessage,
  type SandboxTemplate,
} from '@pawline/contracts';
import { mapError } from '../http/api-error';
import { isLocalRequest, refuseCrossSite } from '../http/http-io';
import type { RpcCaller } from '../http/rpc-caller';
import { renderSignupPage, renderTemplateReview } from './whatsapp-signup-page';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const STATUS_TEXT: Record<string, string> = {
  accepted: 'Sending…',
  sent: 'Sent ✓',
  delivered: 'Delivered ✓✓',
  read: 'Read ✓✓',
  failed: 'Failed',
  received: '',
};

const time = (iso: string) => escapeHtml(iso.slice(11, 19));
const conversationLink = (c: Pick<SandboxConversation, 'phone_number_id' | 'customer'>) =>
  `/dev/whatsapp?phone_number_id=${encodeURIComponent(c.phone_number_id)}&amp;customer=${encodeURIComponent(c.customer)}`;

function renderMessage(message: SandboxMessage): string {
  const side = message.direction === 'out' ? 'salon' : 'customer';
  const channel = message.channel === 'sms' ? '<span class="channel">SMS</span> ' : '';
  const media = message.media
    ? `<p class="media">Photo (${escapeHtml(message.media.mime_type)}, ${Math.ceil(message.media.size / 1024)} KB)</p>`
    : '';
  const buttons =
    message.buttons.length === 0
      ? ''
      : `<div class="buttons">${message.buttons
          .map(
            (button) =>
              `<button type="button" class="quick-reply" data-message-id="${escapeHtml(message.id)}" data-payload="${escapeHtml(button.payload)}">${escapeHtml(button.label)}</button>`,
          )
          .join('')}</div>`;
  const status = STATUS_TEXT[message.status] ?? message.status;
  return `<li class="message ${side}" data-status="${escapeHtml(message.status)}">
  <p class="text">${channel}${escapeHtml(message.text)}</p>${media}${buttons}
  <p class="meta"><time datetime="${escapeHtml(message.created_at)}">${time(message.created_at)}</time> ${escapeHtml(status)}</p>
</li>`;
}

export type WhatsAppPageState = {
  conversations: readonly SandboxConversation[];
  selected: { phone_number_id: string; customer: string } | null;
  messages: readonly SandboxMessage[];
  /** the templates salons submitted, for the review Meta would do */
  templates?: readonly SandboxTemplate[];
};

/** The sandbox customer's phone: conversations on the left, the chosen one on the right. */
export function renderWhatsAppPage(state: WhatsAppPageState): string {
  const { selected } = state;
  const list = state.conversations
    .map((c) => {
      const current = selected && c.phone_number_id === selected.phone_number_id && c.customer === selected.customer;
      return `<li${current ? ' class="current"' : ''}><a href="${conversationLink(c)}">+${escapeHtml(c.customer)}</a>
  <span class="meta">from ${escapeHtml(c.phone_number_id)} · ${c.messages} messages</span></li>`;
    })
    .join('\n');
  const chat = selected
    ? `<h2>+${escapeHtml(selected.customer)} <span class="meta">with sender ${escapeHtml(selected.phone_number_id)}</span></h2>
<ul id="messages" class="messages">${state.messages.map(renderMessage).join('\n')}</ul>
<form id="reply-text" class="compose" data-phone-number-id="${escapeHtml(selected.phone_number_id)}" data-customer="${escapeHtml(selected.customer)}">
  <label>Message <input name="text" maxlength="4096" required autocomplete="off" placeholder="Write as the customer"></label>
  <button>Send</button>
</form>
<form id="reply-photo" class="compose">
  <label>Photo <input name="photo" type="file" accept="image/png,image/jpeg" required></label>
  <label>Caption <input name="caption" maxlength="1024" autocomplete="off"></label>
  <button>Send photo</button>
</form>
<p id="problem" class="problem" role="alert"></p>`
    : '<p class="ask">Choose a conversation. A conversation appears when the salon sends its first message.</p>';
  const review = `<section id="review" aria-labelledby="review-title"><h2 id="review-title">Template review (as Meta)</h2>
<p class="meta">Templates are approved after MESSAGING_SANDBOX_REVIEW_MS unless reviewed here first.</p>${renderTemplateReview(state.templates ?? [])}
<p id="review-problem" class="problem" role="alert"></p></section>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pawline WhatsApp sandbox</title>
<style>
body{font-family:sans-serif;margin:0;display:grid;grid-template-columns:18rem 1fr;min-height:100vh}
nav{border-right:1px solid #ddd;padding:1rem;background:#f7f7f7}nav ul{list-style:none;padding:0}nav li{margin:.5rem 0}
nav li.current a{font-weight:bold}main{padding:1rem 2rem;max-width:48rem}.meta{color:#666;font-size:.85em}
.messages{list-style:none;padding:0}.message{max-width:70%;margin:.5rem 0;padding:.5rem .75rem;border-radius:8px}
.message.salon{background:#dcf8c6;margin-left:auto}.message.customer{background:#fff;border:1px solid #ddd}
.message[data-status=failed]{background:#fde2e2}.message p{margin:.25rem 0}.channel{font-size:.75em;background:#333;color:#fff;padding:0 .3em;border-radius:3px}
.buttons{display:flex;gap:.5rem;margin:.5rem 0}.quick-reply{flex:1;padding:.4rem;border:1px solid #34b7f1;background:#fff;color:#0b7bb8;border-radius:6px;cursor:pointer}
.compose{display:flex;gap:.5rem;align-items:end;margin:.75rem 0}.compose label{display:flex;flex-direction:column;flex:1}.problem{color:#b00020}
.templates{list-style:none;padding:0}.template{border:1px solid #ddd;border-radius:6px;padding:.5rem;margin:.5rem 0}.badge{font-size:.8em;background:#eee;padding:0 .3em}
.template .actions{display:flex;gap:.5rem}
</style></head>
<body>
<nav><h1>WhatsApp sandbox</h1><p class="meta">You are the customer. Numbers ending in 0000 fail on WhatsApp, so the SMS fallback can be tried.</p>
<ul class="conversations">${list || '<li class="meta">No conversations yet.</li>'}</ul></nav>
<main>${chat}${review}</main>
<script src="/dev/whatsapp/whatsapp-page.js"></script>
</body></html>`;
}

const SCRIPT = readFileSync(path.join(__dirname, 'whatsapp-page.browser.js'), 'utf8');
const SIGNUP_SCRIPT = readFileSync(path.join(__dirname, 'whatsapp-signup.browser.js'), 'utf8');
const phonePattern = /^[0-9]{6,15}$/;

/**
 * /dev/whatsapp: the sandbox customer's phone (MESSAGING_PROVIDER=sandbox only, requests from this
 * machine only, like /dev/mailbox). Reading and answering go to messaging's sandbox RPCs; an answer
 * is published exactly as a webhook's customer message would be.
 */
export function whatsAppPageRouter(rpc: RpcCaller): Router {
  const router = express.Router();
  const call = { auth: null, lang: 'en' } as const;
  const localOnly = (req: Request, res: Response, next: NextFunction) => {
    if (!isLocalRequest(req)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    next();
  };
  const fail = (res: Response, error: unknown) => {
    const mapped = mapError(error, 'en');
    res.status(mapped.status === 500 ? 503 : mapped.status).json(mapped.body);
  };
  router.get('/dev/whatsapp', localOnly, (req: Request, res: Response) => {
    const phoneNumberId = typeof req.query['phone_number_id'] === 'string' ? req.query['phone_number_id'].slice(0, 100) : '';
    const customer = typeof req.query['customer'] === 'string' ? req.query['customer'] : '';
    const selected = phoneNumberId !== '' && phonePattern.test(customer) ? { phone_number_id: phoneNumberId, customer } : null;
    void Promise.all([
      rpc.call(listSandboxConversationsRpc, {}, call),
      selected ? rpc.call(listSandboxMessagesRpc, selected, call) : Promise.resolve([]),
      rpc.call(listSandboxTemplatesRpc, {}, call),
    ])
      .then(([conversations, messages, templates]) =>
        res.type('html').send(renderWhatsAppPage({ conversations, selected, messages, templates })),
      )
      .catch((error: unknown) => {
        res
          .status(503)
          .type('text')
          .send(`WhatsApp sandbox unavailable: ${error instanceof Error ? error.message : String(error)}`);
      });
  });
  router.get('/dev/whatsapp/signup', localOnly, (_req: Request, res: Response) => {
    res.type('html').send(renderSignupPage());
  });
  router.get('/dev/whatsapp/whatsapp-page.js', localOnly, (_req: Request, res: Response) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').send(SCRIPT);
  });
  router.get('/dev/whatsapp/whatsapp-signup.js', localOnly, (_req: Request, res: Response) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').send(SIGNUP_SCRIPT);
  });
  /** A JSON POST from this machine's own pages (never another site's: ADR 0011) to one of the sandbox's RPCs. */
  const jsonPost = <C extends RpcContract>(route: string, contract: C, status: number) =>
    router.post(
      route,
      localOnly,
      (req: Request, res: Response, next: NextFunction) => {
        try {
          refuseCrossSite(req, undefined);
        } catch (error) {
          fail(res, error);
          return;
        }
        if (!req.is('application/json')) {
          res.status(415).json({ code: 'unsupported_media_type', message: 'Send JSON' });
          return;
        }
        next();
      },
      express.json({ limit: '2mb' }),
      (req: Request, res: Response) => {
        const parsed = contract.request.safeParse(req.body);
        if (!parsed.success) {
          res.status(400).json({ code: 'validation_failed', message: parsed.error.issues[0]?.message ?? 'Invalid request' });
          return;
        }
        rpc
          .call(contract, parsed.data as RpcRequest<C>, call)
          .then((answer) => res.status(status).json(answer))
          .catch((error: unknown) => fail(res, error));
      },
    );
  jsonPost('/dev/whatsapp/reply', sendSandboxReplyRpc, 201);
  jsonPost('/dev/whatsapp/signup', sandboxSignupRpc, 201);
  jsonPost('/dev/whatsapp/template-review', reviewSandboxTemplateRpc, 200);
  return router;
}
