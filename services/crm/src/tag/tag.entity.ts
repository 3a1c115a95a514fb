import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** R1.05 a tag of the organization for customers or pets: a name and an emoji or an icon 1–31 (R3.20). */
@Entity('tag')
@Index('ix_tag_orga_kind', ['orgaId', 'kind'])
export class TagEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 10 })
  kind!: string;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ type: 'smallint', default: 0 })
  icon!: number;

  @Column({ type: 'varchar', length: 16, nullable: true })
  emoji!: string | null;

  @Column({ type: 'integer', name: 'tag_order', default: 0 })
  tagOrder!: number;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
