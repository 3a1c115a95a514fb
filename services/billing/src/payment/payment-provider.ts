import { randomUUID } from 'node:crypto';

// docs/architecture.md, "Running it": the payment provider sits behind a port; the sandbox is the default on one machine,
// Stripe (its official library) in production (ADR 0032, 0046).

export type ChargeRequest = {
  /** the same key gives the same charge back: a retried run never charges twice */
  idempotencyKey: string;
  orgaId: string;
  amountCents: number;
  description: string;
  /** the person is at the screen (a checkout) rather than billed by the run of the 1st */
  onSession: boolean;
  /** our payment's id (a checkout): the provider's hosted page sends the person back to it */
  paymentId?: string;
  /** a checkout during the trial: the method is saved for later, nothing is charged now */
  setup?: boolean;
};

/**
 * A charge's request as it is sent, fixed when its idempotency key is made and kept with it (charge_request):
 * a retry of the key, after a run rolled back or a crash, sends exactly this body again.
 */
export type FixedCharge = {
  key: string;
  orgaId: string;
  /** the provider's own parameters (JSON) */
  params: unknown;
  /** when the key was first used; a retry of it is `resent` */
  createdAt: Date;
  resent: boolean;
};

export type ChargeResult = {
  ref: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** a checkout paid on the provider's own page (Stripe Checkout): where the person goes to pay; none for the sandbox */
  redirectUrl?: string | null;
};

export abstract class PaymentProvider {
  abstract readonly name: string;
  /** the request the provider will be sent for a charge (it may create the organization's customer) */
  abstract prepare(request: ChargeRequest): Promise<unknown>;
  /** sends a charge's fixed request under its key */
  abstract send(charge: FixedCharge): Promise<ChargeResult>;
  /** how many distinct charges the provider made (tests and the sandbox's own page) */
  abstract chargeCount(orgaId: string): Promise<number>;
}

type SandboxParams = { amount_cents: number; on_session: boolean };

/**
 * A checkout waits for the person to complete or fail it on the sandbox page
 * (rpc.billing.payment.confirm); a charge of the run completes at once, or fails when the sandbox
 * is told to (PAWLINE_PAYMENT_SANDBOX_FAIL lists organizations whose charges fail).
 */
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = 'sandbox';
  private readonly charges = new Map<string, { orgaId: string; result: ChargeResult }>();

  /** `failing` for tests; by default PAWLINE_PAYMENT_SANDBOX_FAIL, read at each charge */
  constructor(private readonly failing?: ReadonlySet<string>) {
    super();
  }

  private fails(orgaId: string): boolean {
    const failing = this.failing ?? new Set((process.env['PAWLINE_PAYMENT_SANDBOX_FAIL'] ?? '').split(',').filter(Boolean));
    return failing.has(orgaId);
  }

  async prepare(request: ChargeRequest): Promise<SandboxParams> {
    return { amount_cents: request.amountCents, on_session: request.onSession };
  }

  async send(charge: FixedCharge): Promise<ChargeResult> {
    const known = this.charges.get(charge.key);
    if (known) return known.result;
    const params = charge.params as SandboxParams;
    const status = params.on_session ? 'pending' : this.fails(charge.orgaId) ? 'failed' : 'succeeded';
    const result: ChargeResult = { ref: `sandbox_${randomUUID()}`, status };
    this.charges.set(charge.key, { orgaId: charge.orgaId, result });
    return result;
  }

  async chargeCount(orgaId: string): Promise<number> {
    return [...this.charges.values()].filter((charge) => charge.orgaId === orgaId).length;
  }
}
