import { z } from 'zod';
import { defineRpc } from '@pawline/contracts';
import { RawJson } from './raw-json';
import { RpcError, toRpcFailure } from './rpc-error';
import { checkRawReply } from './rpc.server';
import { failureReply, okReply, parseEnvelope, parseReply, parseReplyRaw } from './rpc-wire';
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
    expect(parseReply('{"ok":false,"error":{"code":"not_found","status":404}}')).toEqual({
      ok: false,
      error: { code: 'not_found', status: 404 },
    });
    expect(parseReply('{"ok":false,"error":{"code":"made_up","status":418}}')).toEqual({
      ok: false,
      error: { code: 'internal', status: 500 },
    });
    expect(parseReply('not json')).toEqual({ ok: false, error: { code: 'internal', status: 500 } });
  });

  it('carries a service’s own text and extra fields across the wire (a 409 conflict’s appointments)', () => {
    const conflict = new RpcError('conflict', { message: 'Questo orario si sovrappone', extra: { conflicts: [{ id: 'a1' }] } });
    const reply = parseReply(failureReply(conflict.toFailure()));
    expect(reply).toEqual({
      ok: false,
      error: { code: 'conflict', status: 409, message: 'Questo orario si sovrappone', extra: { conflicts: [{ id: 'a1' }] } },
    });
    if (reply.ok) return;
    expect(RpcError.fromFailure(reply.error)).toMatchObject({ text: 'Questo orario si sovrappone', extra: { conflicts: [{ id: 'a1' }] } });
  });

  it('rebuilds the same RpcError on the calling side', () => {
    const original = new RpcError('validation_failed', { fields: { text: 'too short' } });
    const rebuilt = RpcError.fromFailure(original.toFailure());
    expect(rebuilt).toBeInstanceOf(RpcError);
    expect(rebuilt.toFailure()).toEqual(original.toFailure());
  });
});

describe('replies that stay JSON text', () => {
  const week = { items: [{ id: 'a1', at: '2026-11-23T08:00:00.000Z', pets: [1, 2] }], note: null };

  it('slices the data out of a success reply without reading it, byte for byte', () => {
    const text = JSON.stringify(week);
    const reply = parseReplyRaw(okReply(text));
    expect(reply).toEqual({ ok: true, data: new RawJson(text) });
    expect(reply.ok && JSON.parse(reply.data.text)).toEqual(week);
  });

  it('reads an okReply the same way the parsing client does', () => {
    expect(parseReply(okReply(JSON.stringify(week)))).toEqual({ ok: true, data: week });
    expect(parseReply(okReply('null'))).toEqual({ ok: true, data: null });
  });

  it('serializes again a success written another way (keys in another order, spaces)', () => {
    const reply = parseReplyRaw('{ "data": {"b": 1}, "ok": true }');
    expect(reply.ok && reply.data.text).toBe('{"b":1}');
  });

  it('passes failures on as failures, and a body that is no reply as internal', () => {
    const failure = new RpcError('not_found').toFailure();
    expect(parseReplyRaw(failureReply(failure))).toEqual({ ok: false, error: failure });
    expect(parseReplyRaw('{"ok":tru')).toEqual({ ok: false, error: expect.objectContaining({ code: 'internal', status: 500 }) });
  });
});

describe('checking a RawJson answer against its response schema', () => {
  const route = {
    contract: defineRpc(
      'rpc.test.week.list',
      z.object({}),
      z.object({ items: z.array(z.object({ id: z.string(), note: z.string().nullable() })) }),
    ),
  };

  it('accepts exactly the described shape', () => {
    expect(() => checkRawReply(route, new RawJson('{"items":[{"id":"a","note":null},{"id":"b","note":"x"}]}'))).not.toThrow();
  });

  it('refuses text that is not JSON, a field of the wrong type, a missing field and a field the schema does not name', () => {
    expect(() => checkRawReply(route, new RawJson('{"items":['))).toThrow(/rpc.test.week.list answered text that is not JSON/);
    expect(() => checkRawReply(route, new RawJson('{"items":[{"id":1,"note":null}]}'))).toThrow(/at items.0.id/);
    expect(() => checkRawReply(route, new RawJson('{"items":[{"id":"a"}]}'))).toThrow(/at items.0.note/);
    expect(() => checkRawReply(route, new RawJson('{"items":[{"id":"a","note":null,"orga_secret":"x"}]}'))).toThrow(
      /fields its schema does not name/,
    );
  });
});
