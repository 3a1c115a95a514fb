import { Injectable } from '@nestjs/common';
import type { AssignedTag, TagKind } from '@pawline/contracts';
import { RpcError, requirePlanFeature, type TierOf } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';

type Runner = Pick<EntityManager, 'query'>;
const TABLE = { customer: { table: 'customer_tag', owner: 'customer_id' }, pet: { table: 'pet_tag', owner: 'pet_id' } } as const;

/** Ordered tag assignments of customers and pets (spec §3: tag_id, tag_order). */
@Injectable()
export class TagLinks {
  constructor(private readonly db: DataSource) {}

  /** Replaces the owner's tags; every tag must be one of the organization's tags of that kind. */
  async replace(
    m: Runner,
    kind: TagKind,
    orgaId: string,
    ownerId: string,
    tags: { tag_id: string; tag_order: number }[],
    member?: TierOf,
  ): Promise<void> {
    const { table, owner } = TABLE[kind];
    const ids = [...new Set(tags.map((t) => t.tag_id))];
    if (ids.length !== tags.length) throw new RpcError('validation_failed', { fields: { tags: 'validation.duplicateTag' } });
    if (member && ids.length > 0) {
      // R1.20 tags are a premium feature: a plan without them keeps or removes the tags it has, adds none
      const linked: { tag_id: string }[] = await m.query(`SELECT tag_id FROM ${table} WHERE ${owner} = $1`, [ownerId]);
      const had = new Set(linked.map((l) => l.tag_id));
      if (ids.some((id) => !had.has(id))) requirePlanFeature(member, 'tags');
    }
    if (ids.length > 0) {
      const found: { n: string }[] = await m.query(
        `SELECT count(*) AS n FROM tag WHERE id = ANY($1::uuid[]) AND orga_id = $2 AND kind = $3`,
        [ids, orgaId, kind],
      );
      if (Number(found[0]?.n) !== ids.length) throw new RpcError('validation_failed', { fields: { tags: 'validation.unknownTag' } });
    }
    await m.query(`DELETE FROM ${table} WHERE ${owner} = $1`, [ownerId]);
    if (tags.length > 0) {
      await m.query(
        `INSERT INTO ${table} (${owner}, tag_id, tag_order) SELECT $1, t.tag_id, t.tag_order FROM unnest($2::uuid[], $3::int[]) AS t(tag_id, tag_order)`,
        [ownerId, tags.map((t) => t.tag_id), tags.map((t) => t.tag_order)],
      );
    }
  }

  /** Tags of several owners at once, each list in tag_order. */
  async of(kind: TagKind, ownerIds: string[], m: Runner = this.db): Promise<Map<string, AssignedTag[]>> {
    const { table, owner } = TABLE[kind];
    const result = new Map<string, AssignedTag[]>(ownerIds.map((id) => [id, []]));
    if (ownerIds.length === 0) return result;
    const rows: (AssignedTag & { owner_id: string })[] = await m.query(
      `SELECT l.${owner} AS owner_id, l.tag_id, l.tag_order, t.name, t.icon, t.emoji
         FROM ${table} l JOIN tag t ON t.id = l.tag_id
        WHERE l.${owner} = ANY($1::uuid[]) ORDER BY l.tag_order, t.name`,
      [ownerIds],
    );
    for (const { owner_id, ...tag } of rows) result.get(owner_id)?.push(tag);
    return result;
  }
}
