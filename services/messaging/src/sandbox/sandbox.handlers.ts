import { Controller } from '@nestjs/common';
import {
  listSandboxConversationsRpc,
  listSandboxMessagesRpc,
  listSandboxTemplatesRpc,
  reviewSandboxTemplateRpc,
  sandboxSignupRpc,
  sendSandboxReplyRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler } from '@pawline/nest-kit';
import { SandboxAccountsService } from './sandbox-accounts.service';
import { SandboxService } from './sandbox.service';

/**
 * The sandbox's RPCs, for /dev/whatsapp (gateway: requests from this machine only, sandbox only).
 * Like identity's sandbox mailbox they take no user: they exist only while MESSAGING_PROVIDER=sandbox,
 * which the service refuses with a PUBLIC_URL that is not this machine.
 */
@Controller()
export class SandboxHandlers {
  constructor(
    private readonly sandbox: SandboxService,
    private readonly accounts: SandboxAccountsService,
  ) {}

  @RpcHandler(listSandboxConversationsRpc)
  async conversations(): Promise<RpcResponse<typeof listSandboxConversationsRpc>> {
    return this.sandbox.conversations();
  }

  @RpcHandler(listSandboxMessagesRpc)
  async messages(input: RpcRequest<typeof listSandboxMessagesRpc>): Promise<RpcResponse<typeof listSandboxMessagesRpc>> {
    return this.sandbox.messages(input.phone_number_id, input.customer);
  }

  @RpcHandler(sendSandboxReplyRpc)
  async reply(input: RpcRequest<typeof sendSandboxReplyRpc>): Promise<RpcResponse<typeof sendSandboxReplyRpc>> {
    return this.sandbox.reply(input);
  }

  @RpcHandler(sandboxSignupRpc)
  async signup(input: RpcRequest<typeof sandboxSignupRpc>): Promise<RpcResponse<typeof sandboxSignupRpc>> {
    return this.accounts.signup(input);
  }

  @RpcHandler(listSandboxTemplatesRpc)
  async templates(): Promise<RpcResponse<typeof listSandboxTemplatesRpc>> {
    return this.accounts.templates();
  }

  @RpcHandler(reviewSandboxTemplateRpc)
  async review(input: RpcRequest<typeof reviewSandboxTemplateRpc>): Promise<RpcResponse<typeof reviewSandboxTemplateRpc>> {
    return this.accounts.reviewTemplate(input);
  }
}
