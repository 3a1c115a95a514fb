import { Catch, Injectable, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { RpcException } from '@nestjs/microservices';
import { throwError, type Observable } from 'rxjs';
import { PawlineLogger } from '../logging/pawline.logger';
import { RpcError } from '../rpc/rpc-error';
import { KitEventContext, KitRpcContext } from './kit-contexts';

// what Nest's guards consumer throws (inside an RpcException) when a guard says no
const GUARD_REFUSAL = 'Forbidden resource';

/**
 * The last filter of every RPC and consumer handler (registered globally; a service's own filters
 * run first). An RPC failure leaves as an RpcError, which the transport writes as today's
 * `{ ok: false, error }`: a guard's refusal is `forbidden`, anything unexpected `internal` and
 * logged. A consumer's error is passed on untouched: the transport naks or dead-letters with it.
 * HTTP exceptions (health, docs) get Nest's usual answer.
 */
@Catch()
@Injectable()
export class KitExceptionFilter extends BaseExceptionFilter {
  private readonly log: PawlineLogger;

  constructor(logger: PawlineLogger) {
    super();
    this.log = logger.child({ context: 'KitExceptionFilter' });
  }

  override catch(error: unknown, host: ArgumentsHost): Observable<never> | void {
    if (host.getType() !== 'rpc') return super.catch(error, host);
    const context = host.switchToRpc().getContext<unknown>();
    if (context instanceof KitEventContext) return throwError(() => error);
    const subject = context instanceof KitRpcContext ? context.subject : undefined;
    return throwError(() => this.toRpcError(error, subject));
  }

  private toRpcError(error: unknown, subject: string | undefined): RpcError {
    if (error instanceof RpcError) return error;
    if (error instanceof RpcException) {
      const inner = error.getError();
      if (inner === GUARD_REFUSAL) return new RpcError('forbidden');
      if (inner instanceof RpcError) return inner;
    }
    this.log.error('rpc handler failed', { err: error, subject });
    return new RpcError('internal');
  }
}
