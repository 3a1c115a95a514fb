import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';

export type DiscoveredMethod<M> = {
  metadata: M;
  /** `ClassName.method`, for logs */
  name: string;
  call: (...args: unknown[]) => unknown;
};

/** Finds provider methods carrying a metadata key (set by @RpcHandler / @EventHandler). */
@Injectable()
export class HandlerDiscovery {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  methodsWith<M>(key: string): DiscoveredMethod<M>[] {
    const found: DiscoveredMethod<M>[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object | null;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = (instance as Record<string, unknown>)[method];
        if (typeof fn !== 'function') continue;
        const metadata = this.reflector.get<M | undefined>(key, fn as () => unknown);
        if (metadata === undefined) continue;
        found.push({
          metadata,
          name: `${instance.constructor.name}.${method}`,
          call: (...args: unknown[]) => (fn as (...a: unknown[]) => unknown).apply(instance, args),
        });
      }
    }
    return found;
  }
}
