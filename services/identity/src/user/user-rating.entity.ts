import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PersonUserEntity } from './person-user.entity';

/** A feedback rating (spec §4 rating flow, R1.18): 1–5 stars, or -1 when the user chose 'No Thanks'. */
@Entity('user_rating')
@Index('ix_user_rating_user_id', ['userId'])
export class UserRatingEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId!: string;

  @ManyToOne(() => PersonUserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_user_rating_user' })
  user?: PersonUserEntity;

  @Column({ type: 'smallint' })
  rating!: number;

  @Column({ type: 'text', nullable: true })
  annotation!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
