import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  tagCreatedEvent,
  tagDeletedEvent,
  tagUpdatedEvent,
  type RpcRequest,
  type Tag,
  type TagKind,
  type createTagRpc,
  type updateTagRpc,
} from '@pawline/contracts';
import { DataSource } from 'typeorm';
import { type OrgaScope, OutboxService, RpcError, requirePlanFeature, requirePlanQuotaLocked } from '@pawline/nest-kit';
import { tagLookProblem } from './tag-rules';

/** R1.05 the organization's customer and pet tags. */
@Injectable()
export class TagService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async list(orgaId: string, kind: TagKind | undefined): Promise<Tag[]> {
    return this.db.query(
      `SELECT id, orga_id, kind, name, icon, emoji, tag_order FROM tag WHERE orga_id = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY kind, tag_order, name, id`,
      [orgaId, kind ?? null],
    );
  }

  private async row(orgaId: string, tagId: string): Promise<Tag> {
    const rows: Tag[] = await this.db.query(
      `SELECT id, orga_id, kind, name, icon, emoji, tag_order FROM tag WHERE id = $1 AND orga_id = $2`,
      [tagId, orgaId],
    );
    if (!rows[0]) throw new RpcError('not_found');
    return rows[0];
  }

  async create(scope: OrgaScope, input: RpcRequest<typeof createTagRpc>): Promise<Tag> {
    const problem = tagLookProblem(input.icon, input.emoji);
    if (problem) throw new RpcError('validation_failed', { fields: problem });
    const tag: Tag = {
      id: randomUUID(),
      orga_id: scope.orgaId,
      kind: input.kind,
      name: input.name,
      icon: input.icon,
      emoji: input.emoji,
      tag_order: input.tag_order,
    };
    // R1.20 tags are a premium feature with a number per plan, counted under the organization's lock
    requirePlanFeature(scope.member, 'tags');
    await this.db.transaction(async (m) => {
      await requirePlanQuotaLocked(m, scope.member, 'tags', scope.orgaId, async () => {
        const rows: { n: string }[] = await m.query(`SELECT count(*) AS n FROM tag WHERE orga_id = $1`, [scope.orgaId]);
        return Number(rows[0]?.n ?? 0);
      });
      await m.query(`INSERT INTO tag (id, orga_id, kind, name, icon, emoji, tag_order) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        tag.id,
        tag.orga_id,
        tag.kind,
        tag.name,
        tag.icon,
        tag.emoji,
        tag.tag_order,
      ]);
      await this.outbox.add(m, tagCreatedEvent, { orga_id: scope.orgaId, store_id: null, tag_id: tag.id, kind: tag.kind }, scope.meta);
    });
    return tag;
  }

  async update(scope: OrgaScope, input: RpcRequest<typeof updateTagRpc>): Promise<Tag> {
    const current = await this.row(scope.orgaId, input.tag_id);
    const next: Tag = {
      ...current,
      name: input.name ?? current.name,
      icon: input.icon ?? current.icon,
      emoji: input.emoji === undefined ? current.emoji : input.emoji,
      tag_order: input.tag_order ?? current.tag_order,
    };
    // choosing an icon drops the emoji and the other way round, unless both are given
    if (input.icon !== undefined && input.icon > 0 && input.emoji === undefined) next.emoji = null;
    if (input.emoji && input.icon === undefined) next.icon = 0;
    const problem = tagLookProblem(next.icon, next.emoji);
    if (problem) throw new RpcError('validation_failed', { fields: problem });
    await this.db.transaction(async (m) => {
      await m.query(`UPDATE tag SET name = $2, icon = $3, emoji = $4, tag_order = $5 WHERE id = $1`, [
        next.id,
        next.name,
        next.icon,
        next.emoji,
        next.tag_order,
      ]);
      await this.outbox.add(m, tagUpdatedEvent, { orga_id: scope.orgaId, store_id: null, tag_id: next.id, kind: next.kind }, scope.meta);
    });
    return next;
  }

  async delete(scope: OrgaScope, tagId: string): Promise<{ deleted: true; tag_id: string }> {
    const current = await this.row(scope.orgaId, tagId);
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM tag WHERE id = $1`, [tagId]);
      await this.outbox.add(m, tagDeletedEvent, { orga_id: scope.orgaId, store_id: null, tag_id: tagId, kind: current.kind }, scope.meta);
    });
    return { deleted: true, tag_id: tagId };
  }
}
