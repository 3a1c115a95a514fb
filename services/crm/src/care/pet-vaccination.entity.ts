import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PetEntity } from '../pet/pet.entity';

/** Issue 31 one vaccination of a pet; its proof is a stored_file of kind vaccination_proof owned by this row's id. */
@Entity('pet_vaccination')
@Index('ix_pet_vaccination_pet', ['petId', 'validUntil'])
@Index('ix_pet_vaccination_orga', ['orgaId'])
export class PetVaccinationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'pet_id' })
  petId!: string;

  @ManyToOne(() => PetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pet_id', foreignKeyConstraintName: 'fk_pet_vaccination_pet' })
  pet?: PetEntity;

  /** a known code or other:<name> (libs/contracts constants/care.ts) */
  @Column({ type: 'varchar', length: 80 })
  vaccine!: string;

  @Column({ type: 'date', name: 'given_on' })
  givenOn!: string;

  @Column({ type: 'date', name: 'valid_until' })
  validUntil!: string;

  @Column({ type: 'uuid', name: 'verified_by', nullable: true })
  verifiedBy!: string | null;

  @Column({ type: 'timestamptz', name: 'verified_at', nullable: true })
  verifiedAt!: Date | null;

  @Column({ type: 'uuid', name: 'created_by', nullable: true })
  createdBy!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
