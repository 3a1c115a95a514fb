import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The organization's treatments catalogue (spec §3: id, name, archive; duration and price are defaults for booking). */
@Entity('treatment')
@Index('ix_treatment_orga_name', ['orgaId', 'name'])
export class TreatmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'boolean', default: false })
  archive!: boolean;

  @Column({ type: 'integer', name: 'default_duration', default: 60 })
  defaultDuration!: number;

  /** integer cents */
  @Column({ type: 'integer', name: 'default_price', default: 0 })
  defaultPrice!: number;

  /** '#rrggbb', or null: no colour of its own */
  @Column({ type: 'varchar', length: 9, nullable: true })
  color!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
