import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { RpcContract } from '@pawline/contracts';
import { parseOrFail } from './zod-fields';

/** The request schema of an RPC contract as a Nest pipe: a bad payload is `validation_failed` with `fields`. */
export class RpcContractPipe implements PipeTransform {
  constructor(readonly contract: RpcContract) {}

  transform(value: unknown, _metadata: ArgumentMetadata): unknown {
    return parseOrFail(this.contract.request, value);
  }
}
