import { z } from 'zod';
import { RpcError, toRpcFailure } from './rpc-error';
import { parseEnvelope, parseReply } from './rpc-wire';
import { parseOrFail, zodFields } from './zod-fields';

const auth = { userId: '7a0f4f1e-1a44-4c5e-9a59-3a1f7d1b2c3d', sessionId: '8b1f4f1e-1a44-4c5e-9a59-3a1f7d1b2c3d', deviceId: null };

describe('RPC envelope parsing', () => {
  it('reads auth, lang and data', () => {
    expect(parseEnvelope(JSON.stringify({ auth, lang: 'it', data: { a: 1 } }))).toEqual({ auth, lang: 'it', data: { a: 1 } });
  });

  it('answers bad_json for a body that is not JSON', () => {
    expect(() => parseEnvelope('{nope')).toThrow(expect.objectContaining({ code: 'bad_json', status: 400 }));
  });

  it('answers validation_failed naming the envelope fields that are wrong', () => {
    const failure = (() => {
      try {
        parseEnvelope(JSON.stringify({ auth: { userId: 'x' }, data: {} }));
        return null;
      } catch (error) {
        return error as RpcError;
      }
    })();
    expect(failure?.code).toBe('validation_failed');
    expect(Object.keys(failure?.fields ?? {})).toEqual(expect.arrayContaining(['lang', 'auth.userId']));
  });
});

describe('validation fields', () => {
  const schema = z.object({ name: z.string().min(1, 'required'), pets: z.array(z.object({ weight: z.number() })) });

  it('maps nested paths to the first message', () => {
    const parsed = schema.safeParse({ name: '', pets: [{ weight: 'x' }] });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(zodFields(parsed.error)).toEqual({ name: 'required', 'pets.0.weight': expect.any(String) });
  });

  it('throws validation_failed (400) or returns the parsed value', () => {
    expect(parseOrFail(schema, { name: 'Rex', pets: [] })).toEqual({ name: 'Rex', pets: [] });
    expect(() => parseOrFail(schema, {})).toThrow(expect.objectContaining({ code: 'validation_failed', status: 400 }));
  });
});

describe('error mapping', () => {
  it('keeps an RpcError with its status, params and fields', () => {
    const { failure, expected } = toRpcFailure(new RpcError('server_701', { params: { limit: 3 } }));
    expect(expected).toBe(true);
    expect(failure).toEqual({ code: 'server_701', status: 403, params: { limit: 3 } });
  });

  it('turns anything else into internal (500)', () => {
    expect(toRpcFailure(new TypeError('boom'))).toEqual({ failure: { code: 'internal', status: 500 }, expected: false });
    expect(toRpcFailure('string thrown').failure.code).toBe('internal');
  });

  it('parses replies; an unknown code or a malformed reply becomes internal', () => {
    expect(parseReply('{"ok":true,"data":{"id":1}}')).toEqual({ ok: true, data: { id: 1 } });
    expect(parseReply('{"ok":false,"error":{"code":"not_found","status":404}}')).toEqual({ ok: false, error: { code: 'not_found', status: 404 } });
    expect(parseReply('{"ok":false,"error":{"code":"made_up","status":418}}')).toEqual({ ok: false, error: { code: 'internal', status: 500 } });
    expect(parseReply('not json')).toEqual({ ok: false, error: { code: 'internal', status: 500 } });
  });

  it('rebuilds the same RpcError on the calling side', () => {
    const original = new RpcError('validation_failed', { fields: { text: 'too short' } });
    const rebuilt = RpcError.fromFailure(original.toFailure());
    expect(rebuilt).toBeInstanceOf(RpcError);
    expect(rebuilt.toFailure()).toEqual(original.toFailure());
  });
});
