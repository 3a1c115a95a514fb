// The script of /dev/whatsapp (served as a file: the CSP allows no inline script). Quick replies,
// text and photos go to POST /dev/whatsapp/reply; the conversation refreshes every 2 s. The review panel's
// decisions go to POST /dev/whatsapp/template-review.
/* global document, window, FileReader, DOMParser */
(function () {
  document.addEventListener('click', (event) => {
    const button = event.target.closest('.review');
    if (!button) return;
    const item = button.closest('.template');
    const reason = item.querySelector('select[name=reason]');
    const problem = document.getElementById('review-problem');
    problem.textContent = '';
    button.disabled = true;
    void fetch('/dev/whatsapp/template-review', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        template_id: item.dataset.templateId,
        status: button.dataset.status,
        reason: button.dataset.status === 'REJECTED' && reason ? reason.value : null,
      }),
    }).then(async (response) => {
      if (response.ok) {
        window.location.reload();
        return;
      }
      const body = await response.json().catch(() => ({}));
      problem.textContent = body.message || `The review was refused (${response.status})`;
      button.disabled = false;
    });
  });

  const compose = document.getElementById('reply-text');
  if (!compose) return;
  const phoneNumberId = compose.dataset.phoneNumberId;
  const customer = compose.dataset.customer;
  const problem = document.getElementById('problem');

  async function reply(answer) {
    problem.textContent = '';
    const response = await fetch('/dev/whatsapp/reply', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone_number_id: phoneNumberId, customer, ...answer }),
    });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      problem.textContent = body.message || `The answer was refused (${response.status})`;
      return false;
    }
    await refresh();
    return true;
  }

  async function refresh() {
    const response = await fetch(window.location.href, { headers: { Accept: 'text/html' } });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = page.getElementById('messages');
    const current = document.getElementById('messages');
    if (fresh && current && fresh.innerHTML !== current.innerHTML) current.innerHTML = fresh.innerHTML;
  }

  document.addEventListener('click', (event) => {
    const button = event.target.closest('.quick-reply');
    if (!button) return;
    button.disabled = true;
    void reply({ kind: 'button', message_id: button.dataset.messageId, payload: button.dataset.payload }).finally(() => {
      button.disabled = false;
    });
  });

  compose.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = compose.elements.text.value.trim();
    if (text === '') return;
    void reply({ kind: 'text', text }).then((sent) => {
      if (sent) compose.reset();
    });
  });

  const photoForm = document.getElementById('reply-photo');
  photoForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const file = photoForm.elements.photo.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const base64 = String(reader.result).split(',')[1] || '';
      const caption = photoForm.elements.caption.value.trim();
      void reply({ kind: 'media', mime_type: file.type, base64, caption: caption === '' ? null : caption }).then((sent) => {
        if (sent) photoForm.reset();
      });
    };
    reader.readAsDataURL(file);
  });

  window.setInterval(() => void refresh(), 2000);
})();
