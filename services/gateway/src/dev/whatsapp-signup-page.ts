import { TEMPLATE_REJECTION_REASONS, type SandboxTemplate } from '@pawline/contracts';

// The sandbox's stand-ins for Meta's own screens (MESSAGING_PROVIDER=sandbox, this machine only): the Embedded
// Signup popup a salon's "Connect WhatsApp" opens, and the template review a person plays as Meta on /dev/whatsapp.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * /dev/whatsapp/signup: what Meta's popup asks of a business (its name and number); on Connect it answers the
 * opener as Meta's does, with a window message `{ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { waba_id,
 * phone_number_id }, code }` (Meta gives the code through the SDK's login callback; here it rides along), or
 * `event: 'CANCEL'`. "Manual details" shows an account, number and token for the manual connection instead.
 */
export function renderSignupPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Connect WhatsApp (sandbox)</title>
<style>
body{font-family:sans-serif;margin:0 auto;max-width:28rem;padding:1.5rem}h1{font-size:1.3rem}.meta{color:#666;font-size:.85em}
label{display:flex;flex-direction:column;margin:.75rem 0}input{padding:.4rem}.actions{display:flex;gap:.5rem;margin-top:1rem}
button{padding:.5rem 1rem}#connect{background:#1877f2;color:#fff;border:0;border-radius:4px}.problem{color:#b00020}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}dd{margin:0;font-family:monospace;word-break:break-all}
</style></head>
<body>
<h1>Connect your WhatsApp Business number</h1>
<p class="meta">Sandbox of Meta's Embedded Signup: an account and a number are made here, as Meta would make them.</p>
<form id="signup">
  <label>Business name <input name="business_name" required maxlength="200" value="My grooming salon"></label>
  <label>WhatsApp number <input name="display_phone_number" required maxlength="20" value="+39 06 5550123"></label>
  <div class="actions">
    <button id="connect" type="submit">Connect</button>
    <button id="cancel" type="button">Cancel</button>
    <button id="manual" type="button">Manual details</button>
  </div>
</form>
<dl id="details" hidden></dl>
<p id="problem" class="problem" role="alert"></p>
<script src="/dev/whatsapp/whatsapp-signup.js"></script>
</body></html>`;
}

const STATUS_ORDER = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'];

/** The review panel of /dev/whatsapp: the templates salons submitted, with Meta's decisions as buttons. */
export function renderTemplateReview(templates: readonly SandboxTemplate[]): string {
  if (templates.length === 0) return '<p class="meta">No template submitted yet (a salon connects a number first).</p>';
  const reasons = TEMPLATE_REJECTION_REASONS.map((reason) => `<option>${reason}</option>`).join('');
  const rows = [...templates]
    .sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status))
    .map((t) => {
      const pending = t.status === 'PENDING';
      const actions = pending
        ? `<button type="button" class="review" data-status="APPROVED">Approve</button>
<select name="reason" aria-label="Reason">${reasons}</select><button type="button" class="review" data-status="REJECTED">Reject</button>`
        : t.status === 'APPROVED'
          ? '<button type="button" class="review" data-status="PAUSED">Pause</button><button type="button" class="review" data-status="DISABLED">Disable</button>'
          : '';
      return `<li class="template" data-template-id="${escapeHtml(t.id)}" data-status="${escapeHtml(t.status)}">
  <p><strong>${escapeHtml(t.name)}</strong> <span class="meta">${escapeHtml(t.language)} · ${escapeHtml(t.category)} · ${escapeHtml(t.business_name)}</span>
  <span class="badge">${escapeHtml(t.status)}${t.reason ? ` (${escapeHtml(t.reason)})` : ''}</span></p>
  <p class="text">${escapeHtml(t.body)}</p><div class="actions">${actions}</div></li>`;
    })
    .join('\n');
  return `<ul class="templates">${rows}</ul>`;
}
