import { Controller } from '@nestjs/common';
import {
  loginRpc,
  logoutAllRpc,
  logoutRpc,
  refreshSessionRpc,
  registerUserRpc,
  requestPasswordResetRpc,
  resendVerificationRpc,
  resetPasswordRpc,
  verifyEmailCodeRpc,
  verifyEmailRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { SessionGuard } from '../common/session-guard';
import { EmailVerificationService } from './email-verification.service';
import { LoginService } from './login.service';
import { PasswordService } from './password.service';
import { RegistrationService } from './registration.service';

@Controller()
export class AuthHandlers {
  constructor(
    private readonly registration: RegistrationService,
    private readonly logins: LoginService,
    private readonly passwords: PasswordService,
    private readonly guard: SessionGuard,
    private readonly verification: EmailVerificationService,
  ) {}

  @RpcHandler(registerUserRpc)
  register(input: RpcRequest<typeof registerUserRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof registerUserRpc>> {
    return this.registration.register(input, ctx);
  }

  @RpcHandler(verifyEmailRpc)
  verifyEmail(input: RpcRequest<typeof verifyEmailRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof verifyEmailRpc>> {
    return this.verification.verifyEmail(input, ctx);
  }

  @RpcHandler(verifyEmailCodeRpc)
  verifyEmailCode(input: RpcRequest<typeof verifyEmailCodeRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof verifyEmailCodeRpc>> {
    return this.verification.verifyCode(input, ctx);
  }

  @RpcHandler(resendVerificationRpc)
  resendVerification(input: RpcRequest<typeof resendVerificationRpc>): RpcResponse<typeof resendVerificationRpc> {
    return this.verification.resend(input);
  }

  @RpcHandler(loginRpc)
  login(input: RpcRequest<typeof loginRpc>): Promise<RpcResponse<typeof loginRpc>> {
    return this.logins.login(input);
  }

  @RpcHandler(refreshSessionRpc)
  refresh(input: RpcRequest<typeof refreshSessionRpc>): Promise<RpcResponse<typeof refreshSessionRpc>> {
    return this.logins.refresh(input);
  }

  @RpcHandler(logoutRpc)
  logout(input: RpcRequest<typeof logoutRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof logoutRpc>> {
    return this.logins.logout(input, ctx);
  }

  @RpcHandler(logoutAllRpc)
  async logoutAll(_input: RpcRequest<typeof logoutAllRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof logoutAllRpc>> {
    return this.logins.logoutAll(await this.guard.caller(ctx));
  }

  @RpcHandler(requestPasswordResetRpc)
  requestPasswordReset(input: RpcRequest<typeof requestPasswordResetRpc>): Promise<RpcResponse<typeof requestPasswordResetRpc>> {
    return this.passwords.requestPasswordReset(input);
  }

  @RpcHandler(resetPasswordRpc)
  resetPassword(input: RpcRequest<typeof resetPasswordRpc>): Promise<RpcResponse<typeof resetPasswordRpc>> {
    return this.passwords.resetPassword(input);
  }
}
