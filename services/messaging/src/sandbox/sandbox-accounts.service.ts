import { Inject, Injectable } from '@nestjs/common';
import type { RpcRequest, RpcResponse, SandboxTemplate, reviewSandboxTemplateRpc, sandboxSignupRpc } from '@pawline/contracts';
import { RpcError, SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../messaging.config';
import { createSandboxAccount, grantSandboxToken, signupCode } from '../provider/sandbox-business';
import { SandboxTemplateReview } from './sandbox-template-review';

/**
 * /dev/whatsapp's business side: the Embedded Signup popup's account and code (or a token for the manual
 * connection), and the template review a person plays as Meta. Every RPC answers not_found unless the sandbox is on.
 */
@Injectable()
export class SandboxAccountsService {
  constructor(
    private readonly db: DataSource,
    private readonly review: SandboxTemplateReview,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
  ) {}

  private requireSandbox(): void {
    if (this.config.MESSAGING_PROVIDER !== 'sandbox') throw new RpcError('not_found');
  }

  async signup(input: RpcRequest<typeof sandboxSignupRpc>): Promise<RpcResponse<typeof sandboxSignupRpc>> {
    this.requireSandbox();
    return this.db.transaction(async (manager) => {
      const account = await createSandboxAccount(manager, {
        businessName: input.business_name,
        displayPhoneNumber: input.display_phone_number,
        demo: false,
        // a number given manually is already in use on the Cloud API, so registered; Embedded Signup registers it
        registered: input.manual,
      });
      return {
        waba_id: account.wabaId,
        phone_number_id: account.phoneNumberId,
        code: input.manual ? null : await signupCode(manager, account.wabaId),
        access_token: input.manual ? await grantSandboxToken(manager, [account.wabaId]) : null,
      };
    });
  }

  async templates(): Promise<SandboxTemplate[]> {
    this.requireSandbox();
    const rows = await this.db.query<(Omit<SandboxTemplate, 'created_at'> & { created_at: Date })[]>(
      `SELECT t.id, t.waba_id, a.business_name, t.name, t.language, t.category, t.body, t.status, t.reason, t.created_at
         FROM sandbox_template t JOIN sandbox_account a ON a.waba_id = t.waba_id AND NOT a.demo
        ORDER BY t.status = 'PENDING' DESC, t.created_at DESC LIMIT 200`,
    );
    return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
  }

  async reviewTemplate(input: RpcRequest<typeof reviewSandboxTemplateRpc>): Promise<{ ok: true }> {
    this.requireSandbox();
    if (input.status === 'REJECTED' && !input.reason)
      throw new RpcError('validation_failed', { fields: { reason: 'validation.required' } });
    await this.db.transaction((manager) => this.review.review(manager, input.template_id, input.status, input.reason));
    return { ok: true };
  }
}
