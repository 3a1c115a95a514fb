import { httpStatusOf, isErrorCode, type ErrorCode, type RpcFailure } from '@pawline/contracts';

export type RpcErrorDetails = { params?: Record<string, string | number>; fields?: Record<string, string> };

/** An expected failure of an RPC: thrown by handlers, answered as `{ ok: false, error }`, rethrown by callers. */
export class RpcError extends Error {
  readonly status: number;
  readonly params: Record<string, string | number> | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    details: RpcErrorDetails = {},
  ) {
    super(code);
    this.name = 'RpcError';
    this.status = httpStatusOf(code);
    this.params = details.params;
    this.fields = details.fields;
  }

  toFailure(): RpcFailure {
    return {
      code: this.code,
      status: this.status,
      ...(this.params ? { params: this.params } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }

  static fromFailure(failure: Omit<RpcFailure, 'code'> & { code: string }): RpcError {
    const code: ErrorCode = isErrorCode(failure.code) ? failure.code : 'internal';
    return new RpcError(code, {
      ...(failure.params ? { params: failure.params } : {}),
      ...(failure.fields ? { fields: failure.fields } : {}),
    });
  }
}

/** Maps whatever a handler threw to the failure on the wire; anything but an RpcError is `internal`. */
export function toRpcFailure(error: unknown): { failure: RpcFailure; expected: boolean } {
  if (error instanceof RpcError) return { failure: error.toFailure(), expected: true };
  return { failure: new RpcError('internal').toFailure(), expected: false };
}
