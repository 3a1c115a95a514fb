import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// The sandbox's WhatsApp Business Platform (MESSAGING_PROVIDER=sandbox): the accounts, numbers, tokens, signup
// codes and templates a salon's onboarding creates on one machine, as Meta would hold them (provider/sandbox-business.ts).

/** A WhatsApp Business Account; `demo`: the one the sandbox gives a salon that connected none (its templates approved at once). */
@Entity('sandbox_account')
export class SandboxAccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 40, name: 'waba_id' })
  wabaId!: string;

  @Column({ type: 'varchar', length: 200, name: 'business_name' })
  businessName!: string;

  @Column({ type: 'boolean', default: false })
  demo!: boolean;

  @Column({ type: 'boolean', name: 'app_subscribed', default: false })
  appSubscribed!: boolean;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

@Entity('sandbox_phone_number')
@Index('ix_sandbox_phone_number_waba', ['wabaId'])
export class SandboxPhoneNumberEntity {
  @PrimaryColumn({ type: 'varchar', length: 40, name: 'phone_number_id' })
  phoneNumberId!: string;

  @Column({ type: 'varchar', length: 40, name: 'waba_id' })
  wabaId!: string;

  @Column({ type: 'varchar', length: 30, name: 'display_phone_number' })
  displayPhoneNumber!: string;

  @Column({ type: 'varchar', length: 200, name: 'verified_name' })
  verifiedName!: string;

  @Column({ type: 'varchar', length: 20, name: 'quality_rating', default: 'GREEN' })
  qualityRating!: string;

  @Column({ type: 'varchar', length: 40, name: 'messaging_limit', default: 'TIER_250' })
  messagingLimit!: string;

  /** the registration's PIN (null: not registered) */
  @Column({ type: 'varchar', length: 6, nullable: true })
  pin!: string | null;
}

/** A business token (its SHA-256) and the accounts it may manage. */
@Entity('sandbox_token')
export class SandboxTokenEntity {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'token_hash' })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 40, array: true, name: 'waba_ids' })
  wabaIds!: string[];

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** Embedded Signup's one-time code (its SHA-256), as the popup gives it. */
@Entity('sandbox_signup_code')
export class SandboxSignupCodeEntity {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'code_hash' })
  codeHash!: string;

  @Column({ type: 'varchar', length: 40, name: 'waba_id' })
  wabaId!: string;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

@Entity('sandbox_template')
@Index('ux_sandbox_template_name', ['wabaId', 'name', 'language'], { unique: true })
@Index('ix_sandbox_template_pending', ['createdAt'], { where: `"status" = 'PENDING'` })
export class SandboxTemplateEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ type: 'varchar', length: 40, name: 'waba_id' })
  wabaId!: string;

  @Column({ type: 'varchar', length: 512 })
  name!: string;

  @Column({ type: 'varchar', length: 10 })
  language!: string;

  @Column({ type: 'varchar', length: 20 })
  category!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'smallint', name: 'parameter_count' })
  parameterCount!: number;

  @Column({ type: 'jsonb' })
  buttons!: string[];

  /** PENDING, APPROVED, REJECTED, PAUSED, DISABLED (Meta's words) */
  @Column({ type: 'varchar', length: 20 })
  status!: string;

  @Column({ type: 'varchar', length: 60, nullable: true })
  reason!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
