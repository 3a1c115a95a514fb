import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { listMailboxRpc, type RpcContract, type SandboxMail } from '@pawline/contracts';
import type { RpcCaller } from '../http/rpc-caller';
import { mailboxPageRouter } from './mailbox-page';

const mail: SandboxMail = {
  id: 'm-1',
  to: 'anna@example.com',
  subject: 'Reset your password',
  html: '<p>Reset</p>',
  text: 'Reset: http://localhost:3000/reset-password?token=secret-token',
  created_at: '2026-11-24T06:00:00.000Z',
};

describe('sandbox mailbox page', () => {
  let server: Server;
  let port: number;
  const asked: unknown[] = [];

  beforeAll(async () => {
    const rpc = {
      call: async (contract: RpcContract, data: unknown) => {
        expect(contract.subject).toBe(listMailboxRpc.subject);
        asked.push(data);
        return [mail];
      },
    } as unknown as RpcCaller;
    const app = express();
    app.use(mailboxPageRouter(rpc));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('asks for the recipient instead of listing every mail', async () => {
    asked.length = 0;
    const page = await get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<input[^>]+name="to"/);
    expect(page.body).not.toMatch(/secret-token/);
    expect(asked).toEqual([]);
  });

  it("shows one recipient's mails to a request from this machine", async () => {
    const page = await get('/dev/mailbox?to=anna%40example.com');
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/reset-password\?token=secret-token/);
    expect(asked.at(-1)).toEqual({ to: 'anna@example.com' });
  });

  it('is not found for a request a proxy forwarded from another client', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-for': '203.0.113.5' },
      { forwarded: 'for=203.0.113.5' },
      { 'x-real-ip': '203.0.113.5' },
    ]) {
      const page = await get('/dev/mailbox?to=anna%40example.com', headers);
      expect(page.status).toBe(404);
      expect(page.body).not.toMatch(/secret-token/);
    }
  });
});
