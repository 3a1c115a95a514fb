import { Controller } from '@nestjs/common';
import {
  listSandboxConversationsRpc,
  listSandboxMessagesRpc,
  sendSandboxReplyRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler } from '@pawline/nest-kit';
import { SandboxService } from './sandbox.service';

/**
 * The sandbox's RPCs, for /dev/whatsapp (gateway: requests from this machine only, sandbox only).
 * Like identity's sandbox mailbox they take no user: they exist only while MESSAGING_PROVIDER=sandbox,
 * which the service refuses with a PUBLIC_URL that is not this machine.
 */
@Controller()
export class SandboxHandlers {
  constructor(private readonly sandbox: SandboxService) {}

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
}
