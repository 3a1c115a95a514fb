import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PetEntity } from '../pet/pet.entity';
import { TagEntity } from './tag.entity';

/** R3.06 a pet's tag with its order (id, tag_order, pet_id). */
@Entity('pet_tag')
@Index('ix_pet_tag_tag', ['tagId'])
export class PetTagEntity {
  @PrimaryColumn({ type: 'uuid', name: 'pet_id' })
  petId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'tag_id' })
  tagId!: string;

  @ManyToOne(() => PetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pet_id', foreignKeyConstraintName: 'fk_pet_tag_pet' })
  pet?: PetEntity;

  @ManyToOne(() => TagEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tag_id', foreignKeyConstraintName: 'fk_pet_tag_tag' })
  tag?: TagEntity;

  @Column({ type: 'integer', name: 'tag_order', default: 0 })
  tagOrder!: number;
}
