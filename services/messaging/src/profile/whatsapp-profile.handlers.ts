import { Controller } from '@nestjs/common';
import {
  confirmWhatsappProfileRpc,
  deleteWhatsappProfileImageRpc,
  getWhatsappProfileRpc,
  listWhatsappProfileImagesRpc,
  readWhatsappProfileImageRpc,
  updateWhatsappProfileRpc,
  uploadWhatsappProfileImagePartRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { AccessService, Member, OrgaAdmin, RpcError, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { ProfileImageService } from './profile-image.service';
import { WhatsappProfileService } from './whatsapp-profile.service';

/** Members read the profile and its image; organization administrators change them (R4.14, spec §7 files). */
@Controller()
export class WhatsappProfileHandlers {
  constructor(
    private readonly profiles: WhatsappProfileService,
    private readonly images: ProfileImageService,
    private readonly access: AccessService,
    private readonly db: DataSource,
  ) {}

  @Member()
  @RpcHandler(getWhatsappProfileRpc)
  async get(_input: RpcRequest<typeof getWhatsappProfileRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getWhatsappProfileRpc>> {
    return this.profiles.get(scopeOf(ctx).orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(updateWhatsappProfileRpc)
  async update(
    input: RpcRequest<typeof updateWhatsappProfileRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateWhatsappProfileRpc>> {
    const scope = scopeOf(ctx);
    const { orga_id: _orga, ...fields } = input;
    return this.profiles.request(scope.orgaId, fields, await this.timeZoneOf(scope.orgaId, scope.member.store_time_zones));
  }

  /** No HTTP route: the provider's confirmation (service to service, without a user). */
  @RpcHandler(confirmWhatsappProfileRpc)
  async confirm(
    input: RpcRequest<typeof confirmWhatsappProfileRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof confirmWhatsappProfileRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    return this.profiles.confirm(input.orga_id, input.request_id);
  }

  @OrgaAdmin()
  @RpcHandler(uploadWhatsappProfileImagePartRpc)
  async uploadPart(
    input: RpcRequest<typeof uploadWhatsappProfileImagePartRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof uploadWhatsappProfileImagePartRpc>> {
    return this.images.uploadPart(scopeOf(ctx).orgaId, input);
  }

  @Member()
  @RpcHandler(listWhatsappProfileImagesRpc)
  async list(
    _input: RpcRequest<typeof listWhatsappProfileImagesRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listWhatsappProfileImagesRpc>> {
    return this.images.list(scopeOf(ctx).orgaId);
  }

  /** The path names no organization: the caller must be a member of the file's (another's looks absent). */
  @RpcHandler(readWhatsappProfileImageRpc)
  async read(
    input: RpcRequest<typeof readWhatsappProfileImageRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof readWhatsappProfileImageRpc>> {
    const orgaId = await this.images.orgaOf(input.file_id);
    if (!orgaId) throw new RpcError('not_found');
    try {
      await this.access.orga(ctx, orgaId, 'member');
    } catch (error) {
      if (error instanceof RpcError && error.code === 'forbidden') throw new RpcError('not_found');
      throw error;
    }
    return this.images.read(orgaId, input);
  }

  @OrgaAdmin()
  @RpcHandler(deleteWhatsappProfileImageRpc)
  async remove(
    _input: RpcRequest<typeof deleteWhatsappProfileImageRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof deleteWhatsappProfileImageRpc>> {
    return this.images.remove(scopeOf(ctx).orgaId);
  }

  /** The organization's zone (its first store's), as the quota counts days in it. */
  private async timeZoneOf(orgaId: string, storeZones: Record<string, string>): Promise<string> {
    const [row] = await this.db.query<{ time_zone: string; zone_store_id: string | null }[]>(
      `SELECT time_zone, zone_store_id FROM message_quota WHERE orga_id = $1`,
      [orgaId],
    );
    if (row?.zone_store_id) return row.time_zone;
    return Object.values(storeZones)[0] ?? 'UTC';
  }
}
