import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PersonUserEntity } from '../user/person-user.entity';
import { AddressColumns } from './address-columns';
import { OrganizationEntity } from './organization.entity';

/** Membership of a person user in an organization (spec §3 "Organization user"). */
@Entity('orga_user')
@Index('uq_orga_user_orga_user', ['orgaId', 'userId'], { unique: true })
@Index('ix_orga_user_user_id', ['userId'])
export class OrgaUserEntity extends AddressColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orga_id', foreignKeyConstraintName: 'fk_orga_user_orga' })
  organization?: OrganizationEntity;

  @Column({ type: 'uuid', name: 'user_id' })
  userId!: string;

  @ManyToOne(() => PersonUserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_orga_user_user' })
  user?: PersonUserEntity;

  /** 0 owner … 4 worker2 (spec §6). */
  @Column({ type: 'smallint' })
  rank!: number;

  @Column({ type: 'smallint', name: 'employee_status', default: 1 })
  employeeStatus!: number;

  /** border colour and card colour joined by a colon */
  @Column({ type: 'varchar', length: 32, name: 'color_scheme', default: '#4c61b4:#6d81d0' })
  colorScheme!: string;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  /** optional for a member, unlike an organization's or a store's (PlaceColumns) */
  @Column({ type: 'varchar', length: 2, nullable: true })
  country!: string | null;

  /** the member's phone (spec §3 fon_nr) */
  @Column({ type: 'varchar', length: 40, name: 'fon_nr', nullable: true })
  fonNr!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
