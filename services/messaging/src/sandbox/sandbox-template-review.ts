import { Injectable } from '@nestjs/common';
import type { CloudTemplateStatus } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { rowsOf } from '../inbox/notification.service';
import { TemplateRegistry } from '../registry/template-registry.service';
import { SenderService } from '../sender/sender.service';

type Reviewed = { id: string; waba_id: string; name: string; language: string; status: CloudTemplateStatus; reason: string | null };

/**
 * The sandbox plays Meta's template review: a person on /dev/whatsapp approves or rejects a template (with
 * Meta's reason), or the review job approves one left pending; each is told to the registry exactly as the
 * webhook's message_template_status_update would be.
 */
@Injectable()
export class SandboxTemplateReview {
  constructor(
    private readonly registry: TemplateRegistry,
    private readonly senders: SenderService,
  ) {}

  /** One template's review (a pending one approved or rejected, or an approved one paused or disabled). */
  async review(manager: EntityManager, templateId: string, status: CloudTemplateStatus, reason: string | null): Promise<void> {
    const rows = rowsOf<Reviewed>(
      await manager.query<unknown>(
        `UPDATE sandbox_template SET status = $2, reason = $3 WHERE id = $1 RETURNING id, waba_id, name, language, status, reason`,
        [templateId, status, status === 'APPROVED' ? null : reason],
      ),
    );
    if (rows.length === 0) throw new RpcError('not_found');
    await this.tell(manager, rows);
  }

  /** Every template pending since before `before` is approved; answers how many. */
  async approvePendingOlderThan(manager: EntityManager, before: Date): Promise<number> {
    const rows = rowsOf<Reviewed>(
      await manager.query<unknown>(
        `UPDATE sandbox_template SET status = 'APPROVED' WHERE status = 'PENDING' AND created_at <= $1
         RETURNING id, waba_id, name, language, status, reason`,
        [before],
      ),
    );
    await this.tell(manager, rows);
    return rows.length;
  }

  private async tell(manager: EntityManager, rows: Reviewed[]): Promise<void> {
    for (const row of rows) {
      const orgaId = await this.senders.orgaOfWaba(row.waba_id);
      if (!orgaId) continue;
      await this.registry.applyStatus(manager, orgaId, {
        wabaId: row.waba_id,
        providerTemplateId: row.id,
        name: row.name,
        language: row.language,
        status: row.status,
        reason: row.reason,
        detail: null,
        at: new Date(),
      });
    }
  }
}
