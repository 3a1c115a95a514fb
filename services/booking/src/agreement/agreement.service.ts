import { Inject, Injectable } from '@nestjs/common';
import type { CustomerAgreement, RpcResponse, StoreAgreement, acceptPublicAgreementRpc, getPublicAgreementRpc } from '@pawline/contracts';
import { acceptanceName, agreementState, agreementText } from '@pawline/domain';
import { RpcError, SERVICE_CONFIG, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { BookingConfig } from '../booking.config';
import { AGREEMENT_LINK_TTL_MS, signAgreementLink, verifyAgreementLink } from './agreement-token';

type AgreementRow = { store_id: string; version: number; texts: Record<string, string>; published_at: Date; published_by: string | null };
type AcceptanceRow = { version: number; name: string; accepted_at: Date; ip_address: string | null; via: 'widget' | 'link' };

const toAgreement = (row: AgreementRow): StoreAgreement => ({
  store_id: row.store_id,
  version: row.version,
  texts: row.texts,
  published_at: row.published_at.toISOString(),
  published_by: row.published_by,
});
const toAcceptance = (row: AcceptanceRow) => ({ ...row, accepted_at: row.accepted_at.toISOString() });

/** Issue 31 store agreements: versions, the customers' acceptances and the signed link. */
@Injectable()
export class AgreementService {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  private async current(storeId: string): Promise<AgreementRow | null> {
    const rows: AgreementRow[] = await this.db.query(
      `SELECT store_id, version, texts, published_at, published_by FROM store_agreement WHERE store_id = $1 ORDER BY version DESC LIMIT 1`,
      [storeId],
    );
    return rows[0] ?? null;
  }

  async get(scope: StoreScope): Promise<StoreAgreement | null> {
    const row = await this.current(scope.storeId);
    return row ? toAgreement(row) : null;
  }

  /** The next version number, taken under a lock of the store's versions so two publishes never share one. */
  async publish(scope: StoreScope, texts: Record<string, string | undefined>): Promise<StoreAgreement> {
    const kept = Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''));
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('booking-agreement:' || $1))`, [scope.storeId]);
      const rows: AgreementRow[] = await manager.query(
        `INSERT INTO store_agreement (store_id, version, orga_id, texts, published_by)
         SELECT $1, coalesce(max(version), 0) + 1, $2, $3::jsonb, $4 FROM store_agreement WHERE store_id = $1
         RETURNING store_id, version, texts, published_at, published_by`,
        [scope.storeId, scope.orgaId, JSON.stringify(kept), scope.meta.actor?.userId ?? null],
      );
      return toAgreement(rows[0]);
    });
  }

  async customer(scope: StoreScope, customerId: string): Promise<CustomerAgreement> {
    const [current, acceptances] = await Promise.all([
      this.current(scope.storeId),
      this.db.query<AcceptanceRow[]>(
        `SELECT version, name, accepted_at, ip_address, via FROM agreement_acceptance
          WHERE store_id = $1 AND orga_id = $2 AND customer_id = $3 ORDER BY accepted_at DESC`,
        [scope.storeId, scope.orgaId, customerId],
      ),
    ]);
    const version = current?.version ?? null;
    return {
      state: agreementState(
        version,
        acceptances.map((row) => row.version),
      ),
      current_version: version,
      acceptances: acceptances.map(toAcceptance),
    };
  }

  async link(scope: StoreScope, customerId: string, now = Date.now()): Promise<{ token: string; version: number; expires_at: string }> {
    const current = await this.current(scope.storeId);
    if (!current) throw new RpcError('validation_failed', { fields: { agreement: 'validation.agreementNone' } });
    const expires = now + AGREEMENT_LINK_TTL_MS;
    const token = signAgreementLink(this.config.BOOKING_TOKEN_SECRET, {
      storeId: scope.storeId,
      customerId,
      version: current.version,
      expires,
    });
    return { token, version: current.version, expires_at: new Date(expires).toISOString() };
  }

  private claim(token: string, now: number) {
    const claim = verifyAgreementLink(this.config.BOOKING_TOKEN_SECRET, token, now);
    if (!claim) throw new RpcError('not_found');
    return claim;
  }

  /** The linked version's text (not the newest: the customer accepts the words the link was sent with). */
  async publicPage(token: string, lang: string, now = Date.now()): Promise<RpcResponse<typeof getPublicAgreementRpc>> {
    const claim = this.claim(token, now);
    const rows: (AgreementRow & { store_name: string; time_zone: string; orga_id: string })[] = await this.db.query(
      `SELECT a.store_id, a.version, a.texts, a.orga_id, s.name AS store_name FROM store_agreement a
         JOIN booking_store s ON s.store_id = a.store_id AND NOT s.deleted
        WHERE a.store_id = $1 AND a.version = $2`,
      [claim.storeId, claim.version],
    );
    const row = rows[0];
    if (!row) throw new RpcError('not_found');
    const accepted = await this.db.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM agreement_acceptance WHERE store_id = $1 AND customer_id = $2 AND version = $3`,
      [claim.storeId, claim.customerId, claim.version],
    );
    return {
      store_name: row.store_name,
      version: row.version,
      text: agreementText(row.texts, lang, 'en') ?? '',
      accepted: Number(accepted[0]?.n ?? 0) > 0,
    };
  }

  /** Keeps the acceptance once per customer and version: a second click answers the first acceptance. */
  async acceptByLink(
    token: string,
    typedName: string,
    ipAddress: string | null,
    now = Date.now(),
  ): Promise<RpcResponse<typeof acceptPublicAgreementRpc>> {
    const claim = this.claim(token, now);
    const name = acceptanceName(typedName);
    if (name === null) throw new RpcError('validation_failed', { fields: { name: 'validation.agreementName' } });
    return this.db.transaction(async (manager) => {
      const stores: { orga_id: string }[] = await manager.query(
        `SELECT a.orga_id FROM store_agreement a JOIN booking_store s ON s.store_id = a.store_id AND NOT s.deleted
          WHERE a.store_id = $1 AND a.version = $2`,
        [claim.storeId, claim.version],
      );
      if (!stores[0]) throw new RpcError('not_found');
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('booking-agreement-accept:' || $1 || ':' || $2))`, [
        claim.customerId,
        claim.version,
      ]);
      const earlier: AcceptanceRow[] = await manager.query(
        `SELECT version, name, accepted_at, ip_address, via FROM agreement_acceptance WHERE store_id = $1 AND customer_id = $2 AND version = $3`,
        [claim.storeId, claim.customerId, claim.version],
      );
      if (earlier[0]) return toAcceptance(earlier[0]);
      const rows: AcceptanceRow[] = await manager.query(
        `INSERT INTO agreement_acceptance (orga_id, store_id, customer_id, version, name, ip_address, via)
         VALUES ($1, $2, $3, $4, $5, $6, 'link') RETURNING version, name, accepted_at, ip_address, via`,
        [stores[0].orga_id, claim.storeId, claim.customerId, claim.version, name, ipAddress],
      );
      return toAcceptance(rows[0]);
    });
  }
}
