import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// Reminders, answers, campaigns and working hours in analytics' read model
// (migrations/1795561000000-analytics-engagement.ts, docs/adr/0034).

/** One reminder (messaging's outbound message of an appointment): when it was first sent and first read. */
@Entity('reminder_fact')
@Index('ix_reminder_fact_orga', ['orgaId'])
export class ReminderFactEntity {
  @PrimaryColumn({ type: 'uuid', name: 'outbound_id' }) outboundId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'uuid', name: 'appointment_id' }) appointmentId!: string;
  @Column({ type: 'integer' }) status!: number;
  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true }) sentAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'read_at', nullable: true }) readAt!: Date | null;
}

/** A customer's answer to an appointment's reminder (1 confirmed, 2 declined), newest snapshot version. */
@Entity('reminder_answer')
@Index('ix_reminder_answer_orga', ['orgaId'])
export class ReminderAnswerEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' }) appointmentId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'varchar', length: 40 }) version!: string;
  @Column({ type: 'integer' }) status!: number;
  @Column({ type: 'timestamptz', name: 'answered_at' }) answeredAt!: Date;
}

/** A campaign sent and how many customers it went to. */
@Entity('campaign_fact')
@Index('ix_campaign_fact_orga', ['orgaId'])
export class CampaignFactEntity {
  @PrimaryColumn({ type: 'uuid', name: 'campaign_id' }) campaignId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'integer' }) customers!: number;
  @Column({ type: 'timestamptz', name: 'sent_at' }) sentAt!: Date;
}

/** One customer's message of a campaign. */
@Entity('campaign_message_fact')
@Index('ix_campaign_message_fact_orga', ['orgaId'])
export class CampaignMessageFactEntity {
  @PrimaryColumn({ type: 'uuid', name: 'campaign_id' }) campaignId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' }) customerId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'integer' }) status!: number;
  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true }) sentAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'read_at', nullable: true }) readAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'answered_at', nullable: true }) answeredAt!: Date | null;
  @Column({ type: 'boolean', nullable: true }) confirmed!: boolean | null;
}

/** A counter of a store's quarter of an hour (libs/domain MomentKind). */
@Entity('moment_cell')
@Index('ix_moment_cell_orga_slot', ['orgaId', 'slot'])
export class MomentCellEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @PrimaryColumn({ type: 'timestamptz' }) slot!: Date;
  @PrimaryColumn({ type: 'varchar', length: 30 }) kind!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'integer', default: 0 }) count!: number;
  @Column({ type: 'bigint', default: 0 }) amount!: string;
}

/** A booking rule as working hours (libs/domain WorkRule), with when it was made and deleted. */
@Entity('work_rule')
@Index('ix_work_rule_store', ['storeId'])
@Index('ix_work_rule_orga', ['orgaId'])
export class WorkRuleEntity {
  @PrimaryColumn({ type: 'uuid', name: 'rule_id' }) ruleId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'uuid', name: 'user_id', nullable: true }) userId!: string | null;
  @Column({ type: 'varchar', length: 10 }) kind!: string;
  @Column({ type: 'integer', nullable: true }) weekday!: number | null;
  @Column({ type: 'date', name: 'start_date', nullable: true }) startDate!: string | null;
  @Column({ type: 'date', name: 'end_date', nullable: true }) endDate!: string | null;
  @Column({ type: 'integer', name: 'start_sec' }) startSec!: number;
  @Column({ type: 'integer', name: 'end_sec' }) endSec!: number;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'deleted_at', nullable: true }) deletedAt!: Date | null;
}
