import { Injectable } from '@nestjs/common';
import type { PetCard, RpcResponse, listPetCardsRpc } from '@pawline/contracts';
import type { StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { VaccinationService } from '../care/vaccination.service';
import { TagLinks } from '../tag/tag-links';

type CardRow = Omit<PetCard, 'tags' | 'customer_tags' | 'vaccinations'>;

/**
 * The calendar's batch read: what a card and the dialog's header show of many pets and their owners in
 * one query, where a pet's own read would be one request per pet. Only rows the scope sees are answered.
 */
@Injectable()
export class PetCardService {
  constructor(
    private readonly db: DataSource,
    private readonly tags: TagLinks,
    private readonly vaccinations: VaccinationService,
  ) {}

  async cards(scope: Pick<StoreScope, 'orgaId' | 'storeFilter'>, petIds: readonly string[]): Promise<RpcResponse<typeof listPetCardsRpc>> {
    const rows: CardRow[] = await this.db.query(
      `SELECT p.id AS pet_id, p.name, p.pet_type, p.breed, p.allergies, c.id AS customer_id, c.first_name AS customer_first_name,
              c.last_name AS customer_last_name, c.fon AS customer_fon
         FROM pet p JOIN customer c ON c.id = p.customer_id
        WHERE p.id = ANY($1::uuid[]) AND p.orga_id = $2 AND ($3::uuid IS NULL OR p.store_id = $3)
        ORDER BY p.name, p.id`,
      [[...new Set(petIds)], scope.orgaId, scope.storeFilter],
    );
    const [petTags, customerTags, vaccinations] = await Promise.all([
      this.tags.of(
        'pet',
        rows.map((r) => r.pet_id),
      ),
      this.tags.of('customer', [...new Set(rows.map((r) => r.customer_id))]),
      this.vaccinations.cardVaccinations(rows.map((r) => r.pet_id)),
    ]);
    return {
      items: rows.map((row) => ({
        ...row,
        tags: petTags.get(row.pet_id) ?? [],
        customer_tags: customerTags.get(row.customer_id) ?? [],
        vaccinations: vaccinations.get(row.pet_id) ?? [],
      })),
    };
  }
}
