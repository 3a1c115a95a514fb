import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from '../orga/organization.entity';

/**
 * An organization's API key (issue 33). The secret itself is never stored: only its SHA-256,
 * looked up by the unique index on every request the key signs (docs/adr/0059).
 */
@Entity('api_key')
@Index('uq_api_key_secret_sha256', ['secretSha256'], { unique: true })
@Index('ix_api_key_orga_id', ['orgaId'])
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orga_id', foreignKeyConstraintName: 'fk_api_key_organization' })
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  /** hex SHA-256 of the whole secret (`pwk_…`) */
  @Column({ type: 'char', length: 64, name: 'secret_sha256' })
  secretSha256!: string;

  /** the secret's first characters, shown in the list */
  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  /** `calendar:read`, `customers:write`, … */
  @Column({ type: 'text', array: true })
  scopes!: string[];

  /** null: every store of the organization */
  @Column({ type: 'uuid', array: true, name: 'store_ids', nullable: true })
  storeIds!: string[] | null;

  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  /** the administrator who created it */
  @Column({ type: 'uuid', name: 'created_by' })
  createdBy!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
