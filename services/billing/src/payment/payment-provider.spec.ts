import { SandboxPaymentProvider } from './payment-provider';

const ORGA = '5f0c2a52-52a4-4c1e-9d55-5b1a2c3d4e5f';

describe('sandbox payment provider', () => {
  it('gives the same charge back for the same idempotency key, so a retried run never charges twice', async () => {
    const sandbox = new SandboxPaymentProvider(new Set());
    const request = { idempotencyKey: 'invoice:1', orgaId: ORGA, amountCents: 5978, description: 'Invoice 2026/1', onSession: false };
    const [first, second] = await Promise.all([sandbox.charge(request), sandbox.charge(request)]);
    expect(first).toEqual(second);
    expect(first.status).toBe('succeeded');
    expect(await sandbox.chargeCount(ORGA)).toBe(1);
  });

  it('leaves a checkout pending for the person, and fails the charges of listed organizations', async () => {
    const sandbox = new SandboxPaymentProvider(new Set([ORGA]));
    expect((await sandbox.charge({ idempotencyKey: 'a', orgaId: ORGA, amountCents: 1, description: '', onSession: true })).status).toBe(
      'pending',
    );
    expect((await sandbox.charge({ idempotencyKey: 'b', orgaId: ORGA, amountCents: 1, description: '', onSession: false })).status).toBe(
      'failed',
    );
  });
});
