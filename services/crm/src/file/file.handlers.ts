import { Controller } from '@nestjs/common';
import { deleteFileRpc, listFilesRpc, readFileRpc, uploadFilePartRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { CrmAccess } from '../access/crm-access.service';
import { FileService } from './file.service';

@Controller()
export class FileHandlers {
  constructor(
    private readonly access: CrmAccess,
    private readonly files: FileService,
  ) {}

  @RpcHandler(uploadFilePartRpc)
  async uploadPart(input: RpcRequest<typeof uploadFilePartRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof uploadFilePartRpc>> {
    return this.files.uploadPart(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input);
  }

  @RpcHandler(listFilesRpc)
  async list(input: RpcRequest<typeof listFilesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listFilesRpc>> {
    return this.files.list(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input.kind, input.owner_id);
  }

  @RpcHandler(readFileRpc)
  async read(input: RpcRequest<typeof readFileRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof readFileRpc>> {
    return this.files.read(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input);
  }

  @RpcHandler(deleteFileRpc)
  async delete(input: RpcRequest<typeof deleteFileRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteFileRpc>> {
    return this.files.delete(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input.file_id);
  }
}
