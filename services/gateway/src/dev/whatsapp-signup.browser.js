// The script of /dev/whatsapp/signup (served as a file: the CSP allows no inline script). Connect asks
// messaging's sandbox for an account, a number and a one-time code, and answers the page that opened the popup
// as Meta's Embedded Signup does (a window message to the opener's origin, this origin), then closes.
/* global document, window */
(function () {
  const form = document.getElementById('signup');
  const problem = document.getElementById('problem');
  const details = document.getElementById('details');

  function tell(message) {
    if (window.opener) window.opener.postMessage(message, window.location.origin);
  }

  async function signup(manual) {
    problem.textContent = '';
    const response = await fetch('/dev/whatsapp/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        business_name: form.elements.business_name.value.trim(),
        display_phone_number: form.elements.display_phone_number.value.trim(),
        manual,
      }),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      problem.textContent = body.message || `The signup was refused (${response.status})`;
      return null;
    }
    return body;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void signup(false).then((answer) => {
      if (!answer) return;
      tell({
        type: 'WA_EMBEDDED_SIGNUP',
        event: 'FINISH',
        data: { waba_id: answer.waba_id, phone_number_id: answer.phone_number_id },
        code: answer.code,
      });
      window.close();
    });
  });

  document.getElementById('cancel').addEventListener('click', () => {
    tell({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'BUSINESS_INFO' } });
    window.close();
  });

  document.getElementById('manual').addEventListener('click', () => {
    void signup(true).then((answer) => {
      if (!answer) return;
      details.replaceChildren();
      for (const [label, value] of [
        ['Phone number ID', answer.phone_number_id],
        ['WhatsApp Business Account ID', answer.waba_id],
        ['Access token', answer.access_token],
      ]) {
        const term = document.createElement('dt');
        term.textContent = label;
        const text = document.createElement('dd');
        text.textContent = value;
        details.append(term, text);
      }
      details.hidden = false;
    });
  });
})();
