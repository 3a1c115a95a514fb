import { Controller } from '@nestjs/common';
import { autologinLinkRpc, autologinRpc, changeEmailRpc, undoEmailChangeRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { SessionGuard } from '../common/session-guard';
import { AccountService } from './account.service';

/** Changing the own e-mail (R1.14) and auto-login (R1.15, R2.04). */
@Controller()
export class AccountHandlers {
  constructor(
    private readonly account: AccountService,
    private readonly guard: SessionGuard,
  ) {}

  @RpcHandler(changeEmailRpc)
  async changeEmail(input: RpcRequest<typeof changeEmailRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof changeEmailRpc>> {
    return this.account.changeEmail(await this.guard.caller(ctx), input);
  }

  @RpcHandler(undoEmailChangeRpc)
  undoEmailChange(input: RpcRequest<typeof undoEmailChangeRpc>): Promise<RpcResponse<typeof undoEmailChangeRpc>> {
    return this.account.undoEmailChange(input);
  }

  @RpcHandler(autologinLinkRpc)
  async autologinLink(_input: RpcRequest<typeof autologinLinkRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof autologinLinkRpc>> {
    return this.account.autologinLink(await this.guard.caller(ctx));
  }

  @RpcHandler(autologinRpc)
  autologin(input: RpcRequest<typeof autologinRpc>): Promise<RpcResponse<typeof autologinRpc>> {
    return this.account.autologin(input);
  }
}
