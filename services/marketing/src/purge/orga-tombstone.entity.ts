import { Column, Entity, PrimaryColumn } from 'typeorm';

/** R1.17 an organization marketing purged: nothing of it is written again (purge/orga-tombstone.ts). */
@Entity('orga_tombstone')
export class OrgaTombstoneEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  /** when identity cancelled it (the event's time) */
  @Column({ type: 'timestamptz', name: 'cancelled_at' })
  cancelledAt!: Date;
}
