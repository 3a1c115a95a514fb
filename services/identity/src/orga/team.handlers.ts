import { Controller } from '@nestjs/common';
import {
  createMemberRpc,
  deactivateMemberRpc,
  getMemberRpc,
  listMembersRpc,
  reactivateMemberRpc,
  updateMemberRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { SessionGuard } from '../common/session-guard';
import { TeamService } from './team.service';

/** The organization's team, for organization administrators (R2.02, R3.03). */
@Controller()
export class TeamHandlers {
  constructor(
    private readonly team: TeamService,
    private readonly guard: SessionGuard,
  ) {}

  @RpcHandler(listMembersRpc)
  async list(input: RpcRequest<typeof listMembersRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listMembersRpc>> {
    return this.team.list(await this.guard.caller(ctx), input.orga_id);
  }

  /**
   * Without a signed-in user the caller is a service (booking's staff names after member.changed, which carries
   * none): the gateway binds this RPC only to a route that needs a login, so a browser never arrives here without one.
   */
  @RpcHandler(getMemberRpc)
  async get(input: RpcRequest<typeof getMemberRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getMemberRpc>> {
    if (ctx.auth === null) return this.team.detailForService(input.orga_id, input.user_id);
    return this.team.get(await this.guard.caller(ctx), input.orga_id, input.user_id);
  }

  @RpcHandler(createMemberRpc)
  async create(input: RpcRequest<typeof createMemberRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createMemberRpc>> {
    return this.team.create(await this.guard.caller(ctx), input);
  }

  @RpcHandler(updateMemberRpc)
  async update(input: RpcRequest<typeof updateMemberRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateMemberRpc>> {
    return this.team.update(await this.guard.caller(ctx), input);
  }

  @RpcHandler(deactivateMemberRpc)
  async deactivate(input: RpcRequest<typeof deactivateMemberRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deactivateMemberRpc>> {
    return this.team.deactivate(await this.guard.caller(ctx), input);
  }

  @RpcHandler(reactivateMemberRpc)
  async reactivate(input: RpcRequest<typeof reactivateMemberRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof reactivateMemberRpc>> {
    return this.team.reactivate(await this.guard.caller(ctx), input);
  }
}
