import { SandboxPaymentProvider, type ChargeRequest, type FixedCharge } from './payment-provider';

const ORGA = '5f0c2a52-52a4-4c1e-9d55-5b1a2c3d4e5f';

async function fixed(sandbox: SandboxPaymentProvider, request: ChargeRequest): Promise<FixedCharge> {
  return {
    key: request.idempotencyKey,
    orgaId: request.orgaId,
    params: await sandbox.prepare(request),
    createdAt: new Date(),
    resent: false,
  };
}

describe('sandbox payment provider', () => {
  it('gives the same charge back for the same idempotency key, so a retried run never charges twice', async () => {
    const sandbox = new SandboxPaymentProvider(new Set());
    const request = { idempotencyKey: 'invoice:1', orgaId: ORGA, amountCents: 5978, description: 'Invoice 2026/1', onSession: false };
    const charge = await fixed(sandbox, request);
    const [first, second] = await Promise.all([sandbox.send(charge), sandbox.send(charge)]);
    expect(first).toEqual(second);
    expect(first.status).toBe('succeeded');
    expect(await sandbox.chargeCount(ORGA)).toBe(1);
  });

  it('leaves a checkout pending for the person, and fails the charges of listed organizations', async () => {
    const sandbox = new SandboxPaymentProvider(new Set([ORGA]));
    const checkout = await fixed(sandbox, { idempotencyKey: 'a', orgaId: ORGA, amountCents: 100, description: '', onSession: true });
    expect((await sandbox.send(checkout)).status).toBe('pending');
    const run = await fixed(sandbox, { idempotencyKey: 'b', orgaId: ORGA, amountCents: 100, description: '', onSession: false });
    expect((await sandbox.send(run)).status).toBe('failed');
  });
});
