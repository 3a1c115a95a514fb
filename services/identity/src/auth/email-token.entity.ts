import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PersonUserEntity } from '../user/person-user.entity';

/**
 * verify: registration address; reset: password reset; email: a changed address (R1.14); undo: the
 * old address takes a change back (new_email holds that old address); autologin: QR sign-in (R1.15);
 * code: the six digits of the verification mail, typed instead of opening its link (issue 29).
 */
export type EmailTokenKind = 'verify' | 'reset' | 'email' | 'undo' | 'autologin' | 'code';

/** A single-use e-mail token (verification or password reset); only its sha256 is stored. */
@Entity('email_token')
@Index('uq_email_token_hash', ['tokenHash'], { unique: true })
@Index('ix_email_token_user_id', ['userId'])
export class EmailTokenEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId!: string;

  @ManyToOne(() => PersonUserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_email_token_user' })
  user?: PersonUserEntity;

  @Column({ type: 'varchar', length: 10 })
  kind!: EmailTokenKind;

  @Column({ type: 'varchar', length: 64, name: 'token_hash' })
  tokenHash!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt!: Date;

  /** For kind 'email': the address this token confirms; for 'undo': the address it restores. */
  @Column({ type: 'varchar', length: 254, name: 'new_email', nullable: true })
  newEmail!: string | null;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt!: Date | null;

  /** Kind 'code': the tries made so far (issue 29: five, then a new code is needed). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;
}
