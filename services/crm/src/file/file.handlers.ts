import { Controller } from '@nestjs/common';
import { deleteFileRpc, listFilesRpc, readFileRpc, uploadFilePartRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { PetRead, PetWrite, type RpcCallContext, RpcHandler, storeScopeOf } from '@pawline/nest-kit';
import { FileService } from './file.service';

@Controller()
export class FileHandlers {
  constructor(private readonly files: FileService) {}

  @PetWrite({ store: 'store_id' })
  @RpcHandler(uploadFilePartRpc)
  async uploadPart(input: RpcRequest<typeof uploadFilePartRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof uploadFilePartRpc>> {
    return this.files.uploadPart(storeScopeOf(ctx), input);
  }

  @PetRead({ store: 'store_id' })
  @RpcHandler(listFilesRpc)
  async list(input: RpcRequest<typeof listFilesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listFilesRpc>> {
    return this.files.list(storeScopeOf(ctx), input.kind, input.owner_id);
  }

  @PetRead({ store: 'store_id' })
  @RpcHandler(readFileRpc)
  async read(input: RpcRequest<typeof readFileRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof readFileRpc>> {
    return this.files.read(storeScopeOf(ctx), input);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(deleteFileRpc)
  async delete(input: RpcRequest<typeof deleteFileRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteFileRpc>> {
    return this.files.delete(storeScopeOf(ctx), input.file_id);
  }
}
