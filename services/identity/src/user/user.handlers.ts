import { Controller } from '@nestjs/common';
import {
  changePasswordRpc,
  getUserRpc,
  markWelcomeSeenRpc,
  rateAppRpc,
  updateUserRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { PasswordService } from '../auth/password.service';
import { SessionGuard } from '../common/session-guard';
import { UserService } from './user.service';

/** The calling user's own account: nobody reads or changes another user's here. */
@Controller()
export class UserHandlers {
  constructor(
    private readonly users: UserService,
    private readonly passwords: PasswordService,
    private readonly guard: SessionGuard,
  ) {}

  @RpcHandler(getUserRpc)
  async get(_input: RpcRequest<typeof getUserRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getUserRpc>> {
    const caller = await this.guard.caller(ctx);
    return this.users.personData(caller.user);
  }

  @RpcHandler(updateUserRpc)
  async update(input: RpcRequest<typeof updateUserRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateUserRpc>> {
    return this.users.update(await this.guard.caller(ctx), input);
  }

  @RpcHandler(changePasswordRpc)
  async changePassword(input: RpcRequest<typeof changePasswordRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof changePasswordRpc>> {
    return this.passwords.changePassword(await this.guard.caller(ctx), input);
  }

  @RpcHandler(markWelcomeSeenRpc)
  async markWelcomeSeen(
    _input: RpcRequest<typeof markWelcomeSeenRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof markWelcomeSeenRpc>> {
    return this.users.markWelcomeSeen(await this.guard.caller(ctx));
  }

  @RpcHandler(rateAppRpc)
  async rate(input: RpcRequest<typeof rateAppRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof rateAppRpc>> {
    return this.users.rate(await this.guard.caller(ctx), input);
  }
}
