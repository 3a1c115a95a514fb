import { httpStatusOf, isErrorCode, type ErrorCode, type RpcFailure } from '@pawline/contracts';

export type RpcErrorDetails = {
  params?: Record<string, string | number>;
  fields?: Record<string, string>;
  /** The refusal's own text, already in the caller's language, instead of the code's catalogue text. */
  message?: string;
  /** Fields the error answer carries besides code, message and fields (the colliding appointments of a 409). */
  extra?: Record<string, unknown>;
};

/** An expected failure of an RPC: thrown by handlers, answered as `{ ok: false, error }`, rethrown by callers. */
export class RpcError extends Error {
  readonly status: number;
  readonly params: Record<string, string | number> | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly text: string | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    details: RpcErrorDetails = {},
  ) {
    super(code);
    this.name = 'RpcError';
    this.status = httpStatusOf(code);
    this.params = details.params;
    this.fields = details.fields;
    this.text = details.message;
    this.extra = details.extra;
  }

  toFailure(): RpcFailure {
    return {
      code: this.code,
      status: this.status,
      ...(this.params ? { params: this.params } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.text !== undefined ? { message: this.text } : {}),
      ...(this.extra ? { extra: this.extra } : {}),
    };
  }

  static fromFailure(failure: Omit<RpcFailure, 'code'> & { code: string }): RpcError {
    const code: ErrorCode = isErrorCode(failure.code) ? failure.code : 'internal';
    return new RpcError(code, {
      ...(failure.params ? { params: failure.params } : {}),
      ...(failure.fields ? { fields: failure.fields } : {}),
      ...(failure.message !== undefined ? { message: failure.message } : {}),
      ...(failure.extra ? { extra: failure.extra } : {}),
    });
  }
}

/** Maps whatever a handler threw to the failure on the wire; anything but an RpcError is `internal`. */
export function toRpcFailure(error: unknown): { failure: RpcFailure; expected: boolean } {
  if (error instanceof RpcError) return { failure: error.toFailure(), expected: true };
  return { failure: new RpcError('internal').toFailure(), expected: false };
}
