import { Injectable } from '@nestjs/common';
import type { CrmSettings, RpcRequest, updateCrmSettingsRpc } from '@pawline/contracts';
import { DataSource } from 'typeorm';

/** R5.13 the organization's crm settings. */
@Injectable()
export class SettingsService {
  constructor(private readonly db: DataSource) {}

  async get(orgaId: string): Promise<CrmSettings> {
    const rows: { mandatory_customer_info: CrmSettings['mandatory_customer_info']; pet_checkout: CrmSettings['pet_checkout'] }[] =
      await this.db.query(`SELECT mandatory_customer_info, pet_checkout FROM crm_settings WHERE orga_id = $1`, [orgaId]);
    const row = rows[0];
    return { orga_id: orgaId, mandatory_customer_info: row?.mandatory_customer_info ?? [], pet_checkout: row?.pet_checkout ?? {} };
  }

  async update(input: RpcRequest<typeof updateCrmSettingsRpc>): Promise<CrmSettings> {
    const current = await this.get(input.orga_id);
    const mandatory = [...new Set(input.mandatory_customer_info ?? current.mandatory_customer_info)];
    const checkout = { ...current.pet_checkout, ...(input.pet_checkout ?? {}) };
    await this.db.query(
      `INSERT INTO crm_settings (orga_id, mandatory_customer_info, pet_checkout, updated_at) VALUES ($1, $2::jsonb, $3::jsonb, now())
       ON CONFLICT (orga_id) DO UPDATE SET mandatory_customer_info = EXCLUDED.mandatory_customer_info, pet_checkout = EXCLUDED.pet_checkout, updated_at = now()`,
      [input.orga_id, JSON.stringify(mandatory), JSON.stringify(checkout)],
    );
    return { orga_id: input.orga_id, mandatory_customer_info: mandatory, pet_checkout: checkout };
  }
}
