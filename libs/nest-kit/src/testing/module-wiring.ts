// Nest binds @MessagePattern / @EventPattern (what @RpcHandler, @EventHandler and @WorkHandler apply)
// only on a module's controllers: a handler class listed as a provider starts and never answers. A
// service's module spec checks its wiring with these two.
const PATTERN = 'microservices:pattern';

/** Whether a class has a method bound to a message (an RPC, an event or a work item). */
export function handlesMessages(candidate: unknown): boolean {
  if (typeof candidate !== 'function') return false;
  const prototype = (candidate as { prototype: Record<string, unknown> }).prototype;
  return Object.getOwnPropertyNames(prototype).some((key) => {
    const method = prototype[key];
    return typeof method === 'function' && Reflect.getMetadata(PATTERN, method) !== undefined;
  });
}

/** What a Nest module lists under `key` in its @Module({ … }). */
export function listedIn(module: object, key: 'controllers' | 'providers' | 'exports' | 'imports'): unknown[] {
  return (Reflect.getMetadata(key, module) ?? []) as unknown[];
}
