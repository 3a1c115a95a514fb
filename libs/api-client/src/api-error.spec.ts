import { ApiError, apiErrorFromBody, conflictOf } from './api-error';

const conflictBody = {
  code: 'conflict',
  message: 'Questo orario si sovrappone ad altri appuntamenti.',
  collisions: [
    {
      reason: 'staff',
      date: '2026-11-18',
      user_id: '11111111-1111-4111-8111-111111111111',
      appointment_ids: ['33333333-3333-4333-8333-333333333333'],
    },
  ],
  conflicts: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      store_id: '44444444-4444-4444-8444-444444444444',
      same_store: true,
      date: '2026-11-18',
      start_time: '09:30',
      end_time: '11:30',
      starts_at: '2026-11-18T08:30:00.000Z',
      ends_at: '2026-11-18T10:30:00.000Z',
      user_id: '11111111-1111-4111-8111-111111111111',
      reasons: ['staff'],
      pets: [
        {
          pet_id: '22222222-2222-4222-8222-222222222222',
          name: 'Oliver',
          customer_id: null,
          customer_first_name: null,
          customer_last_name: null,
        },
      ],
    },
  ],
};

describe('ApiError from an answer body', () => {
  it('issue 26 R3.07 a 409 conflict carries the collisions and the colliding appointments as typed data', () => {
    const error = apiErrorFromBody(409, 'Conflict', JSON.stringify(conflictBody));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(conflictBody.message);
    expect(error.conflict?.collisions).toEqual(conflictBody.collisions);
    expect(error.conflict?.conflicts[0]).toMatchObject({ start_time: '09:30', end_time: '11:30', pets: [{ name: 'Oliver' }] });
    expect(conflictOf(error)).toBe(error.conflict);
  });

  it('issue 26 lists that do not match the contract, another code or another status are no conflict', () => {
    const broken = { ...conflictBody, conflicts: [{ id: 'not-a-uuid' }] };
    expect(apiErrorFromBody(409, 'Conflict', JSON.stringify(broken)).conflict).toBeNull();
    expect(apiErrorFromBody(409, 'Conflict', JSON.stringify({ ...conflictBody, code: 'stale' })).conflict).toBeNull();
    expect(apiErrorFromBody(422, 'Unprocessable', JSON.stringify(conflictBody)).conflict).toBeNull();
    // a 409 conflict without lists (another route's refusal) still is the error it was
    const bare = apiErrorFromBody(409, 'Conflict', JSON.stringify({ code: 'conflict', message: 'Taken' }));
    expect([bare.code, bare.message, bare.conflict]).toEqual(['conflict', 'Taken', null]);
    expect(conflictOf(bare)).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
  });

  it('keeps field errors and raw text as before', () => {
    const fields = apiErrorFromBody(
      400,
      'Bad Request',
      JSON.stringify({ code: 'validation', message: 'Bad', fields: { name: ['Required'] } }),
    );
    expect(fields.fields).toEqual({ name: 'Required' });
    const raw = apiErrorFromBody(502, 'Bad Gateway', ' upstream down ');
    expect([raw.code, raw.message, raw.conflict]).toEqual(['http_502', 'upstream down', null]);
  });
});
