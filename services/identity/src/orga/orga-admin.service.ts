import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  memberChangedEvent,
  orgaCancelledEvent,
  orgaUpdatedEvent,
  storeCreatedEvent,
  storeDeletedEvent,
  storeUpdatedEvent,
  type Organization,
  type RpcRequest,
  type Store,
  type cancelOrgaRpc,
  type createStoreRpc,
  type deleteStoreRpc,
  type updateOrgaRpc,
  type updateOrgaSettingsRpc,
  type updateStoreRpc,
} from '@pawline/contracts';
import { defaultTimeZone } from '@pawline/domain';
import { OutboxService, RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { SessionService } from '../auth/session.service';
import type { AuthenticatedCaller } from '../common/session-guard';
import { requireRoomFor } from './plan-limits';
import { phoneField, textField, timeZoneField } from './field-rules';
import { sanitizeHtml } from './html-sanitizer';
import { requireOrgaAdmin, requireOwner } from './orga-member';
import { toOrganization, toStore } from './orga.service';
import { OrgaUserEntity } from './orga-user.entity';
import { OrganizationEntity } from './organization.entity';
import { storeAddressLine } from './store-address';
import { StoreEntity } from './store.entity';

/** Message key when the second confirmation of a cancellation does not repeat the name. */
export const CONFIRM_NAME_KEY = 'validation.confirmName';

type Meta = { orgaId: string; storeId: string | null; actor: { userId: string; deviceId: string | null } };

function metaOf(caller: AuthenticatedCaller, orgaId: string, storeId: string | null = null): Meta {
  return { orgaId, storeId, actor: { userId: caller.user.id, deviceId: caller.auth.deviceId } };
}

/** Writes of organization administrators: organization data and settings, stores, cancellation. */
@Injectable()
export class OrgaAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionService,
  ) {}

  /** R3.02 organization data; R2.02 organization administrators only. */
  updateOrga(caller: AuthenticatedCaller, input: RpcRequest<typeof updateOrgaRpc>): Promise<Organization> {
    return this.dataSource.transaction(async (manager) => {
      await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
      const changes: Partial<OrganizationEntity> = {};
      if (input.name !== undefined) changes.name = input.name;
      const address = textField(input.address);
      if (address !== undefined) changes.address = address;
      const city = textField(input.city);
      if (city !== undefined) changes.city = city;
      const zip = textField(input.zip_code);
      if (zip !== undefined) changes.zipCode = zip;
      if (input.country !== undefined) changes.country = input.country;
      if (input.address_from_owner !== undefined) changes.addressFromOwner = input.address_from_owner;
      return this.saveOrga(manager, caller, input.orga_id, changes);
    });
  }

  /**
   * R3.02 R6.03 settings: the four minimum ranks, share_pets (R6.08), the administrator
   * notification, stored sanitized (an empty result clears it), and the appointment card's fields.
   */
  updateSettings(caller: AuthenticatedCaller, input: RpcRequest<typeof updateOrgaSettingsRpc>): Promise<Organization> {
    return this.dataSource.transaction(async (manager) => {
      await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
      const changes: Partial<OrganizationEntity> = {};
      if (input.min_rank_read_store !== undefined) changes.minRankReadStore = input.min_rank_read_store;
      if (input.min_rank_write_store !== undefined) changes.minRankWriteStore = input.min_rank_write_store;
      if (input.min_rank_read_pets !== undefined) changes.minRankReadPets = input.min_rank_read_pets;
      if (input.min_rank_write_pets !== undefined) changes.minRankWritePets = input.min_rank_write_pets;
      if (input.share_pets !== undefined) changes.sharePets = input.share_pets;
      if (input.admin_notification !== undefined) {
        const clean = input.admin_notification === null ? '' : sanitizeHtml(input.admin_notification);
        changes.adminNotification = clean === '' ? null : clean;
      }
      if (input.appointment_card_custom !== undefined) changes.appointmentCardCustom = input.appointment_card_custom;
      return this.saveOrga(manager, caller, input.orga_id, changes);
    });
  }

  private async saveOrga(
    manager: EntityManager,
    caller: AuthenticatedCaller,
    orgaId: string,
    changes: Partial<OrganizationEntity>,
  ): Promise<Organization> {
    const fields = Object.keys(changes);
    if (fields.length > 0) {
      await manager.update(OrganizationEntity, { id: orgaId }, changes);
      await this.outbox.add(manager, orgaUpdatedEvent, { orga_id: orgaId, fields: fields.map(snakeCase) }, metaOf(caller, orgaId));
    }
    return toOrganization(await manager.getRepository(OrganizationEntity).findOneByOrFail({ id: orgaId }));
  }

  /** R3.04: a new store; phone by libs/domain's rule, the zone checked with Intl or taken from the country. */
  createStore(caller: AuthenticatedCaller, input: RpcRequest<typeof createStoreRpc>): Promise<Store> {
    const phone = phoneField('phone', input.phone) ?? null;
    const timeZone = input.time_zone !== undefined ? timeZoneField(input.time_zone) : (defaultTimeZone(input.country) ?? 'UTC');
    return this.dataSource.transaction(async (manager) => {
      await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
      await requireRoomFor(manager, input.orga_id, 'stores');
      const store = manager.create(StoreEntity, {
        id: randomUUID(),
        orgaId: input.orga_id,
        name: input.name,
        address: textField(input.address) ?? null,
        city: textField(input.city) ?? null,
        zipCode: textField(input.zip_code) ?? null,
        country: input.country,
        addressFromOrga: input.address_from_orga,
        phone,
        timeZone,
        createdAt: new Date(),
      });
      await manager.insert(StoreEntity, store);
      await this.outbox.add(
        manager,
        storeCreatedEvent,
        {
          orga_id: store.orgaId,
          store_id: store.id,
          name: store.name,
          time_zone: store.timeZone,
          phone: store.phone,
          country: store.country,
          address: storeAddressLine(store, await manager.getRepository(OrganizationEntity).findOneBy({ id: store.orgaId })),
        },
        metaOf(caller, store.orgaId, store.id),
      );
      return toStore(store);
    });
  }

  /** R3.04: omitted fields stay; a store of another organization is not_found. */
  updateStore(caller: AuthenticatedCaller, input: RpcRequest<typeof updateStoreRpc>): Promise<Store> {
    const phone = phoneField('phone', input.phone);
    const timeZone = input.time_zone !== undefined ? timeZoneField(input.time_zone) : undefined;
    return this.dataSource.transaction(async (manager) => {
      await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
      const store = await manager.getRepository(StoreEntity).findOneBy({ id: input.store_id, orgaId: input.orga_id });
      if (!store) throw new RpcError('not_found');
      if (input.name !== undefined) store.name = input.name;
      const address = textField(input.address);
      if (address !== undefined) store.address = address;
      const city = textField(input.city);
      if (city !== undefined) store.city = city;
      const zip = textField(input.zip_code);
      if (zip !== undefined) store.zipCode = zip;
      if (input.country !== undefined) store.country = input.country;
      if (input.address_from_orga !== undefined) store.addressFromOrga = input.address_from_orga;
      if (phone !== undefined) store.phone = phone;
      if (timeZone !== undefined) store.timeZone = timeZone;
      await manager.save(StoreEntity, store);
      await this.outbox.add(
        manager,
        storeUpdatedEvent,
        {
          orga_id: store.orgaId,
          store_id: store.id,
          name: store.name,
          time_zone: store.timeZone,
          phone: store.phone,
          country: store.country,
          address: storeAddressLine(store, await manager.getRepository(OrganizationEntity).findOneBy({ id: store.orgaId })),
        },
        metaOf(caller, store.orgaId, store.id),
      );
      return toStore(store);
    });
  }

  /** Deletes a store and its rank overrides; the organization keeps at least one store (conflict). */
  deleteStore(caller: AuthenticatedCaller, input: RpcRequest<typeof deleteStoreRpc>): Promise<{ deleted: true }> {
    return this.dataSource.transaction(async (manager) => {
      await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
      // lock the organization so two deletions cannot both pass the last-store check
      await manager.query(`SELECT id FROM organization WHERE id = $1 FOR UPDATE`, [input.orga_id]);
      const store = await manager.getRepository(StoreEntity).findOneBy({ id: input.store_id, orgaId: input.orga_id });
      if (!store) throw new RpcError('not_found');
      if ((await manager.getRepository(StoreEntity).countBy({ orgaId: input.orga_id })) <= 1) throw new RpcError('conflict');
      await manager.delete(StoreEntity, { id: store.id });
      await this.outbox.add(
        manager,
        storeDeletedEvent,
        { orga_id: store.orgaId, store_id: store.id },
        metaOf(caller, store.orgaId, store.id),
      );
      return { deleted: true as const };
    });
  }

  /**
   * R1.17: the owner cancels; confirm_name repeats the organization's name (second confirmation).
   * One transaction deletes the organization with its stores, memberships and overrides, the users
   * who belong to no other organization (with their sessions, tokens, ratings and mails), and the
   * already published events about them; then evt.identity.orga.cancelled.v1 tells every service
   * to purge. Members of other organizations stay and lose only this membership.
   */
  cancel(caller: AuthenticatedCaller, input: RpcRequest<typeof cancelOrgaRpc>): Promise<{ cancelled: true }> {
    return this.dataSource.transaction(async (manager) => {
      await requireOwner(manager, caller.user.id, input.orga_id);
      const [orga] = await manager.query<{ name: string }[]>(`SELECT name FROM organization WHERE id = $1 FOR UPDATE`, [input.orga_id]);
      if (!orga) throw new RpcError('forbidden');
      if (input.confirm_name.trim() !== orga.name.trim())
        throw new RpcError('validation_failed', { fields: { confirm_name: CONFIRM_NAME_KEY } });

      const members = await manager.getRepository(OrgaUserEntity).findBy({ orgaId: input.orga_id });
      const userIds = members.map((m) => m.userId);
      const sole: { user_id: string }[] = userIds.length
        ? await manager.query(
            `SELECT u.id AS user_id FROM person_user u
             WHERE u.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM orga_user o WHERE o.user_id = u.id AND o.orga_id <> $2)`,
            [userIds, input.orga_id],
          )
        : [];
      const soleIds = sole.map((row) => row.user_id);
      const meta = metaOf(caller, input.orga_id);

      for (const userId of soleIds) {
        await this.sessions.revoke(manager, userId, { sessionIds: null }, meta.actor);
      }
      for (const m of members.filter((row) => !soleIds.includes(row.userId))) {
        await this.outbox.add(
          manager,
          memberChangedEvent,
          { orga_id: input.orga_id, user_id: m.userId, orga_user_id: m.id, change: 'removed' },
          meta,
        );
      }
      if (soleIds.length > 0) {
        await manager.query(
          `DELETE FROM outgoing_mail WHERE lower("to") IN (SELECT lower(email) FROM person_user WHERE id = ANY($1::uuid[])
             UNION SELECT lower(pending_email) FROM person_user WHERE id = ANY($1::uuid[]) AND pending_email IS NOT NULL)`,
          [soleIds],
        );
        await manager.query(
          `DELETE FROM sandbox_mail WHERE lower("to") IN (SELECT lower(email) FROM person_user WHERE id = ANY($1::uuid[])
             UNION SELECT lower(pending_email) FROM person_user WHERE id = ANY($1::uuid[]) AND pending_email IS NOT NULL)`,
          [soleIds],
        );
      }
      // stores, orga_user and store_user go with the organization (ON DELETE CASCADE)
      await manager.query(`DELETE FROM organization WHERE id = $1`, [input.orga_id]);
      // sessions, refresh and e-mail tokens and ratings go with the user (ON DELETE CASCADE)
      if (soleIds.length > 0) await manager.query(`DELETE FROM person_user WHERE id = ANY($1::uuid[])`, [soleIds]);
      // events already published carry the organization's names and addresses: they are not kept
      await manager.query(
        `DELETE FROM outbox_event WHERE published_at IS NOT NULL
           AND (envelope->>'orgaId' = $1 OR envelope->'data'->>'orga_id' = $1 OR envelope->'data'->>'user_id' = ANY($2::text[]))`,
        [input.orga_id, soleIds],
      );
      await this.outbox.add(manager, orgaCancelledEvent, { orga_id: input.orga_id }, meta);
      return { cancelled: true as const };
    });
  }
}

function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}
