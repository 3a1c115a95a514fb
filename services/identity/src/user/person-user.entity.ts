import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A person who logs in. E-mail and username are unique regardless of case (expression indexes in the migration). */
@Entity('person_user')
@Index('uq_person_user_email_lower', { synchronize: false })
@Index('uq_person_user_username_lower', { synchronize: false })
export class PersonUserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  username!: string;

  @Column({ type: 'text', name: 'password_hash' })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 100, name: 'first_name' })
  firstName!: string;

  @Column({ type: 'varchar', length: 100, name: 'last_name' })
  lastName!: string;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: string;

  /** R1.14: a new address mailed a verification link; email changes only once it is verified. */
  @Column({ type: 'varchar', length: 254, name: 'pending_email', nullable: true })
  pendingEmail!: string | null;

  @Column({ type: 'timestamptz', name: 'email_verified_at', nullable: true })
  emailVerifiedAt!: Date | null;

  @Column({ type: 'boolean', name: 'rating_enable', default: true })
  ratingEnable!: boolean;

  @Column({ type: 'timestamptz', name: 'last_rating_time', nullable: true })
  lastRatingTime!: Date | null;

  /** Issue 29: when the person closed the welcome card; kept here, not per browser, so it shows once. */
  @Column({ type: 'timestamptz', name: 'welcome_seen_at', nullable: true })
  welcomeSeenAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'deactivated_at', nullable: true })
  deactivatedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
