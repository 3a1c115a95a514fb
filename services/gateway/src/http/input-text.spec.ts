import { parse as parseQuery } from 'node:querystring';
import { unsafeTextFields } from './input-text';

describe('unsafe text in a body or query', () => {
  it('names every value and key holding U+0000 or an unpaired surrogate, at any depth', () => {
    const body = JSON.parse(
      '{"name":"ok","notes":"a\\u0000b","tags":[{"entity_id":"\\ud83d"}],"nested":{"x\\udc00":1,"fine":"🐕 café"},"n":5,"z":null}',
    ) as unknown;
    expect(unsafeTextFields(body)).toEqual({
      notes: 'Contains a NUL character or an unpaired surrogate',
      'tags.0.entity_id': 'Contains a NUL character or an unpaired surrogate',
      'nested.x\udc00': 'Contains a NUL character or an unpaired surrogate',
    });
  });

  it('reads a decoded query string the same way (%00 arrives as U+0000)', () => {
    expect(Object.keys(unsafeTextFields({ ...parseQuery('q=a%00b&sort=name&tag_ids=x&tag_ids=%00') }))).toEqual(['q', 'tag_ids.1']);
    expect(unsafeTextFields({ ...parseQuery('q=M%C3%BCller%20%F0%9F%90%95') })).toEqual({});
  });

  it('takes a top-level string as the field _', () => {
    expect(unsafeTextFields('\u0000')).toEqual({ _: 'Contains a NUL character or an unpaired surrogate' });
    expect(unsafeTextFields(undefined)).toEqual({});
  });
});

describe('unsafe text in a deeply nested body', () => {
  it('walks a body nested 50 000 deep (the most 100 kB hold) without running out of stack', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`) as unknown;
    const fields = unsafeTextFields(deep);
    expect(Object.keys(fields)).toEqual([Array.from({ length: 50_000 }, () => '0').join('.')]);
    expect(unsafeTextFields(JSON.parse(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`) as unknown)).toEqual({});
  });
});
