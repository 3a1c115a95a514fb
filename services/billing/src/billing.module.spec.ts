import { BillingModule } from './billing.module';
import { FactsHandlers } from './facts/facts.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { BillingHandlers } from './subscription/billing.handlers';

// Nest binds @MessagePattern / @EventPattern (what @RpcHandler, @EventHandler and @WorkHandler apply)
// only on a module's controllers: a handler class listed as a provider starts and never answers.
const PATTERN = 'microservices:pattern';

const listed = (key: 'controllers' | 'providers') => (Reflect.getMetadata(key, BillingModule) ?? []) as unknown[];

function handlesMessages(candidate: unknown): boolean {
  if (typeof candidate !== 'function') return false;
  const prototype = (candidate as { prototype: Record<string, unknown> }).prototype;
  return Object.getOwnPropertyNames(prototype).some((key) => {
    const method = prototype[key];
    return typeof method === 'function' && Reflect.getMetadata(PATTERN, method) !== undefined;
  });
}

describe('billing module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(expect.arrayContaining([BillingHandlers, FactsHandlers, OrgaPurgeHandlers]));
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });
});
