import { applyDecorators, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { RpcCallContext } from '../rpc/rpc-handler.decorator';
import { KitRpcContext } from '../transport/kit-contexts';
import type { AccessNeed } from './access-rules';
import { AccessService, type OrgaScope, type StoreScope } from './access.service';

/** Which request fields hold the organization's and the store's ids (default `orga_id`, `store_id`). */
export type AccessFields = { orga?: string; store?: string };

type AccessRule = { need: AccessNeed; orga: string; store: string | null };

const ACCESS_RULE = 'pawline:access-rule';

const STORE_NEEDS: ReadonlySet<AccessNeed> = new Set(['store_admin', 'store_read', 'store_write']);

/**
 * Checks a handler's spec §6 rule before it runs (a Nest guard, so before the contract's pipe:
 * an id field that is not a string is left for the schema to refuse) and leaves the scope on the
 * call context for `scopeOf(ctx)`.
 */
@Injectable()
export class MemberAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<AccessRule | undefined>(ACCESS_RULE, context.getHandler());
    if (!rule) return true;
    const ctx = context.switchToRpc().getContext<unknown>();
    if (!(ctx instanceof KitRpcContext)) throw new Error('access guards apply to @RpcHandler methods');
    const data = context.switchToRpc().getData<Record<string, unknown> | null>();
    const orgaId = data?.[rule.orga];
    const storeId = rule.store === null ? null : data?.[rule.store];
    // a missing or malformed id: the contract's schema answers validation_failed next
    if (typeof orgaId !== 'string' || (rule.store !== null && typeof storeId !== 'string')) return true;
    ctx.scope =
      typeof storeId === 'string'
        ? await this.access.store(ctx, orgaId, storeId, rule.need)
        : await this.access.orga(ctx, orgaId, rule.need);
    return true;
  }
}

/** A handler that needs `need` in the organization (and, for store needs or when `store` is named, the store) of the request. */
export function RequireAccess(need: AccessNeed, fields: AccessFields = {}): MethodDecorator {
  const store = fields.store ?? (STORE_NEEDS.has(need) ? 'store_id' : null);
  const rule: AccessRule = { need, orga: fields.orga ?? 'orga_id', store };
  return applyDecorators(SetMetadata(ACCESS_RULE, rule), UseGuards(MemberAccessGuard));
}

export const Member = (fields?: AccessFields): MethodDecorator => RequireAccess('member', fields);
export const OrgaAdmin = (fields?: AccessFields): MethodDecorator => RequireAccess('orga_admin', fields);
export const StoreAdmin = (fields?: AccessFields): MethodDecorator => RequireAccess('store_admin', fields);
export const StoreRead = (fields?: AccessFields): MethodDecorator => RequireAccess('store_read', fields);
export const StoreWrite = (fields?: AccessFields): MethodDecorator => RequireAccess('store_write', fields);
/** Pet read / write: in the request's store when `store` is named, else in any store the member reaches. */
export const PetRead = (fields?: AccessFields): MethodDecorator => RequireAccess('pet_read', fields);
export const PetWrite = (fields?: AccessFields): MethodDecorator => RequireAccess('pet_write', fields);

/** The scope an access decorator allowed for this call (a store scope when the rule named a store). */
export function scopeOf<S extends OrgaScope | StoreScope = OrgaScope>(ctx: RpcCallContext): S {
  const scope = ctx instanceof KitRpcContext ? ctx.scope : undefined;
  if (!scope) throw new Error('no access scope: the handler has no access decorator');
  return scope as S;
}

/** The store scope a store decorator (or one naming `store`) allowed for this call. */
export function storeScopeOf(ctx: RpcCallContext): StoreScope {
  const scope = scopeOf<StoreScope>(ctx);
  if (!('storeId' in scope)) throw new Error('the access decorator of this handler names no store');
  return scope;
}
