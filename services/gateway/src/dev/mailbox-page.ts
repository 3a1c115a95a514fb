import express, { type Request, type Response, type Router } from 'express';
import { listMailboxRpc, type SandboxMail } from '@pawline/contracts';
import { isLocalRequest } from '../http/http-io';
import type { RpcCaller } from '../http/rpc-caller';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The links of a mail's text, so they can be clicked even when its HTML hides them. */
function linksOf(mail: SandboxMail): string[] {
  return [...new Set(mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

export function renderMailbox(mails: readonly SandboxMail[], to: string | undefined): string {
  const items = mails
    .map(
      (mail) => `<article class="mail" data-mail-id="${escapeHtml(mail.id)}">
  <h2 class="subject">${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <span class="to">${escapeHtml(mail.to)}</span> · <time datetime="${escapeHtml(mail.created_at)}">${escapeHtml(mail.created_at)}</time></p>
  <div class="body">${mail.html}</div>
  <ul class="links">${linksOf(mail)
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('')}</ul>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pawline sandbox mailbox</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto}.mail{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}.meta{color:#555}</style></head>
<body>
<h1>Sandbox mailbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>
<form method="get"><label>Recipient <input name="to" type="email" required placeholder="name@example.com" value="${escapeHtml(to ?? '')}"></label> <button>Show mails</button></form>
${to === undefined ? '<p class="ask">Enter the address whose mails you want to read.</p>' : mails.length === 0 ? '<p class="empty">No mails.</p>' : items}
</body></html>`;
}

/**
 * /dev/mailbox: one recipient's sandbox mails as a page, newest first (only mounted with
 * MAIL_TRANSPORT=sandbox). The mails hold reset links: only a request from this machine sees the
 * page, and it never lists every recipient's mail.
 */
export function mailboxPageRouter(rpc: RpcCaller): Router {
  const router = express.Router();
  router.get('/dev/mailbox', (req: Request, res: Response) => {
    if (!isLocalRequest(req)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    const to = typeof req.query['to'] === 'string' && req.query['to'] !== '' ? req.query['to'].slice(0, 254) : undefined;
    if (to === undefined) {
      res.type('html').send(renderMailbox([], undefined));
      return;
    }
    void rpc
      .call(listMailboxRpc, { to }, { auth: null, lang: 'en' })
      .then((mails) => {
        res.type('html').send(renderMailbox(mails, to));
      })
      .catch((error: unknown) => {
        res
          .status(503)
          .type('text')
          .send(`Mailbox unavailable: ${error instanceof Error ? error.message : String(error)}`);
      });
  });
  return router;
}
