import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * crm's pets as scheduling needs them: which organization and store each pet id is of, fed by crm's
 * pet events (docs/adr/0010), so an appointment names only pets of its organization (and store).
 */
@Entity('pet_ref')
@Index('ix_pet_ref_orga', ['orgaId'])
export class PetRefEntity {
  @PrimaryColumn({ type: 'uuid', name: 'pet_id' })
  petId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;
}
