import { Controller, Inject } from '@nestjs/common';
import { listMailboxRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcError, RpcHandler } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { MAIL_SENDER, type MailSender } from './mail-sender';
import { SandboxMailEntity } from './sandbox-mail.entity';

/** The sandbox mailbox (/dev/mailbox, tests): only exists while mails go to the sandbox. */
@Controller()
export class MailboxHandlers {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAIL_SENDER) private readonly sender: MailSender,
  ) {}

  @RpcHandler(listMailboxRpc)
  async list(input: RpcRequest<typeof listMailboxRpc>): Promise<RpcResponse<typeof listMailboxRpc>> {
    if (this.sender.transport !== 'sandbox') throw new RpcError('not_found');
    const query = this.dataSource
      .getRepository(SandboxMailEntity)
      .createQueryBuilder('m')
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(200);
    if (input.to) query.where('lower(m.to) = lower(:to)', { to: input.to });
    const mails = await query.getMany();
    return mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      created_at: m.createdAt.toISOString(),
    }));
  }
}
