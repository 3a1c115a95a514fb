import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderSendError, type SenderCredentials, type TemplateMessage } from '../ports';
import { MESSAGING_SERVICE_SID, SMS_BODY_LIMIT, SmsApiProvider, smsText } from './sms.provider';

/** A small stand-in for Twilio's Messages resource: checks auth and the form, answers as Twilio does. */
type Received = { path: string; authorization: string; contentType: string; form: URLSearchParams };
async function fakeSmsApi(answer: (form: URLSearchParams) => { status: number; body: unknown; headers?: Record<string, string> } | 'hang') {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      received.push({
        path: req.url ?? '',
        authorization: String(req.headers.authorization),
        contentType: String(req.headers['content-type']),
        form,
      });
      if (req.headers.authorization !== `Basic ${Buffer.from('AC123:auth-token').toString('base64')}`) {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        return;
      }
      const reply = answer(form);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/2010-04-01`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sender: SenderCredentials = { orgaId: 'o', phoneNumberId: '1', accessToken: 'wa-token', capPerSecond: 80 };
const reminder: TemplateMessage = {
  kind: 'template',
  to: '393401234567',
  templateName: 'reminder',
  language: 'it',
  parameters: ['Anna'],
  buttons: 1,
  buttonPayloads: ['confirm:1', 'decline:1'],
  renderedText: 'Ciao Anna, ti aspettiamo domani alle 10:30.',
};

async function failure(work: Promise<unknown>): Promise<ProviderSendError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ProviderSendError) return error;
    throw error;
  }
  throw new Error('the send succeeded');
}

describe('SmsApiProvider (Twilio Messages resource)', () => {
  // 10 s: a loaded CI machine can be slow to answer; the timeout's own case below sets 400 ms
  const options = { accountSid: 'AC123', authToken: 'auth-token', from: '+15005550006', timeoutMs: 10000 };

  it('posts To, From and the rendered text form-encoded with basic auth, and answers the sid', async () => {
    const api = await fakeSmsApi(() => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } }));
    try {
      const sms = new SmsApiProvider({ ...options, baseUrl: api.url });
      await expect(sms.send(sender, reminder)).resolves.toEqual({ providerMessageId: 'SM0001' });
      const [request] = api.received;
      expect(request?.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(request?.contentType).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(request?.form ?? [])).toEqual({ To: '+393401234567', From: '+15005550006', Body: reminder.renderedText });
    } finally {
      await api.close();
    }
  });

  it("sends through a messaging service id when SMS_FROM is one (MG and 32 hex digits, Twilio's pattern), else From", async () => {
    const sid = `MG${'0123456789abcdefABCDEF0123456789'}`;
    expect(MESSAGING_SERVICE_SID.test(sid)).toBe(true);
    for (const notOne of ['MG42', 'MGZ', `${sid}0`, 'MGPawline', '+393331234567']) expect(MESSAGING_SERVICE_SID.test(notOne)).toBe(false);
    const api = await fakeSmsApi(() => ({ status: 201, body: { sid: 'SM0002' } }));
    try {
      await new SmsApiProvider({ ...options, from: sid, baseUrl: api.url }).send(sender, {
        kind: 'text',
        to: '393401234567',
        text: 'Ciao',
      });
      expect(api.received[0]?.form.get('MessagingServiceSid')).toBe(sid);
      expect(api.received[0]?.form.has('From')).toBe(false);
    } finally {
      await api.close();
    }
  });

  it.each([
    [429, { code: 20429, message: 'Too Many Requests' }, 'throttled'],
    [400, { code: 21614, message: 'To number is not a valid mobile number' }, 'undeliverable'],
    [400, { code: 21610, message: 'Attempt to send to unsubscribed recipient' }, 'undeliverable'],
    [503, { code: 20500, message: 'Internal Server Error' }, 'transient'],
    [400, { code: 21602, message: 'Message body is required' }, 'rejected'],
  ])('maps HTTP %s %j to %s', async (status, body, kind) => {
    const api = await fakeSmsApi(() => ({ status, body, headers: { 'Retry-After': '2' } }));
    try {
      const error = await failure(new SmsApiProvider({ ...options, baseUrl: api.url }).send(sender, reminder));
      expect({ kind: error.kind, code: error.code, retryAfterMs: error.retryAfterMs }).toEqual({
        kind,
        code: body.code,
        retryAfterMs: 2000,
      });
    } finally {
      await api.close();
    }
  });

  it('refuses a wrong token as rejected, and a request never answered as transient after its timeout', async () => {
    const api = await fakeSmsApi(() => 'hang');
    try {
      const wrong = await failure(new SmsApiProvider({ ...options, authToken: 'nope', baseUrl: api.url }).send(sender, reminder));
      expect({ kind: wrong.kind, code: wrong.code }).toEqual({ kind: 'rejected', code: 20003 });
      const slow = await failure(new SmsApiProvider({ ...options, timeoutMs: 400, baseUrl: api.url }).send(sender, reminder));
      expect(slow.kind).toBe('transient');
    } finally {
      await api.close();
    }
  });

  it('cuts a text longer than 1600 characters', () => {
    const long = smsText({ kind: 'text', to: '39', text: 'x'.repeat(2000) });
    expect(long).toHaveLength(SMS_BODY_LIMIT);
    expect(long.endsWith('…')).toBe(true);
  });
});
