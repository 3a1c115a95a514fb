import { Injectable } from '@nestjs/common';
import { type CareSettings, type RpcRequest, type updateCareSettingsRpc } from '@pawline/contracts';
import { VACCINE_EXPIRING_DAYS_DEFAULT } from '@pawline/domain';
import type { StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';

type SettingsRow = { requirements: CareSettings['requirements']; expiring_days: number; booking_mode: CareSettings['booking_mode'] };

/** Issue 31 a store's vaccine requirement and online booking's choice; a store that never saved has the defaults. */
@Injectable()
export class CareSettingsService {
  constructor(private readonly db: DataSource) {}

  async get(scope: Pick<StoreScope, 'orgaId' | 'storeId'>): Promise<CareSettings> {
    const [row] = await this.db.query<SettingsRow[]>(
      `SELECT requirements, expiring_days, booking_mode FROM store_care_settings WHERE store_id = $1 AND orga_id = $2`,
      [scope.storeId, scope.orgaId],
    );
    return {
      store_id: scope.storeId,
      requirements: row?.requirements ?? [],
      expiring_days: row?.expiring_days ?? VACCINE_EXPIRING_DAYS_DEFAULT,
      booking_mode: row?.booking_mode ?? 'warn',
    };
  }

  async update(scope: Pick<StoreScope, 'orgaId' | 'storeId'>, input: RpcRequest<typeof updateCareSettingsRpc>): Promise<CareSettings> {
    // the same vaccine of the same kind of pet once, its treatments joined (a requirement typed twice is one)
    const lines = new Map<string, CareSettings['requirements'][number]>();
    for (const line of input.requirements) {
      const key = `${line.pet_type === 1 ? 0 : line.pet_type}|${line.vaccine}`;
      const known = lines.get(key);
      const all = known && (known.treatment_ids.length === 0 || line.treatment_ids.length === 0);
      lines.set(key, {
        pet_type: known?.pet_type ?? line.pet_type,
        vaccine: line.vaccine,
        treatment_ids: all ? [] : [...new Set([...(known?.treatment_ids ?? []), ...line.treatment_ids])],
      });
    }
    await this.db.query(
      `INSERT INTO store_care_settings (store_id, orga_id, requirements, expiring_days, booking_mode, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, now())
       ON CONFLICT (store_id) DO UPDATE SET requirements = EXCLUDED.requirements, expiring_days = EXCLUDED.expiring_days,
         booking_mode = EXCLUDED.booking_mode, updated_at = now()
       WHERE store_care_settings.orga_id = EXCLUDED.orga_id`,
      [scope.storeId, scope.orgaId, JSON.stringify([...lines.values()]), input.expiring_days, input.booking_mode],
    );
    return this.get(scope);
  }
}
