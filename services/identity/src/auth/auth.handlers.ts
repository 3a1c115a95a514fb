import { Controller } from '@nestjs/common';
import {
  loginRpc,
  logoutAllRpc,
  logoutRpc,
  refreshSessionRpc,
  registerUserRpc,
  requestPasswordResetRpc,
  resetPasswordRpc,
  verifyEmailRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { SessionGuard } from '../common/session-guard';
import { AuthService } from './auth.service';

@Controller()
export class AuthHandlers {
  constructor(
    private readonly auth: AuthService,
    private readonly guard: SessionGuard,
  ) {}

  @RpcHandler(registerUserRpc)
  register(input: RpcRequest<typeof registerUserRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof registerUserRpc>> {
    return this.auth.register(input, ctx);
  }

  @RpcHandler(verifyEmailRpc)
  verifyEmail(input: RpcRequest<typeof verifyEmailRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof verifyEmailRpc>> {
    return this.auth.verifyEmail(input, ctx);
  }

  @RpcHandler(loginRpc)
  login(input: RpcRequest<typeof loginRpc>): Promise<RpcResponse<typeof loginRpc>> {
    return this.auth.login(input);
  }

  @RpcHandler(refreshSessionRpc)
  refresh(input: RpcRequest<typeof refreshSessionRpc>): Promise<RpcResponse<typeof refreshSessionRpc>> {
    return this.auth.refresh(input);
  }

  @RpcHandler(logoutRpc)
  logout(input: RpcRequest<typeof logoutRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof logoutRpc>> {
    return this.auth.logout(input, ctx);
  }

  @RpcHandler(logoutAllRpc)
  async logoutAll(_input: RpcRequest<typeof logoutAllRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof logoutAllRpc>> {
    return this.auth.logoutAll(await this.guard.caller(ctx));
  }

  @RpcHandler(requestPasswordResetRpc)
  requestPasswordReset(input: RpcRequest<typeof requestPasswordResetRpc>): Promise<RpcResponse<typeof requestPasswordResetRpc>> {
    return this.auth.requestPasswordReset(input);
  }

  @RpcHandler(resetPasswordRpc)
  resetPassword(input: RpcRequest<typeof resetPasswordRpc>): Promise<RpcResponse<typeof resetPasswordRpc>> {
    return this.auth.resetPassword(input);
  }
}
