import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  treatmentCreatedEvent,
  treatmentUpdatedEvent,
  type RpcRequest,
  type Treatment,
  type createTreatmentRpc,
  type updateTreatmentRpc,
} from '@pawline/contracts';
import { type OrgaScope, OutboxService, RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { centsOf, returnedRows } from '../appointment/appointment-rows';

const COLUMNS = 'id, orga_id, name, archive, default_duration, default_price, color';

type TreatmentRow = Treatment & { color: string | null };
type TreatmentChange = Omit<RpcRequest<typeof updateTreatmentRpc>, 'orga_id' | 'treatment_id'>;

/** '#RRGGBB' and '#rrggbb' are one colour: kept in lower case so consumers compare them as text. */
function colourOf(color: string | null | undefined): string | null {
  return color ? color.toLowerCase() : null;
}

/**
 * The organization's treatments catalogue; archived treatments stay on past appointments. Every
 * change is published (evt.scheduling.treatment.*) through the outbox in its own transaction, so
 * booking's copy of names, durations and colours never misses one nor sees one that was rolled back.
 */
@Injectable()
export class TreatmentService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async list(orgaId: string, includeArchived: boolean): Promise<Treatment[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM treatment WHERE orga_id = $1 AND ($2 OR NOT archive) ORDER BY name, id`, [
      orgaId,
      includeArchived,
    ]);
  }

  async create(scope: OrgaScope, input: Omit<RpcRequest<typeof createTreatmentRpc>, 'orga_id'>): Promise<Treatment> {
    return this.db.transaction(async (manager) => {
      const rows = returnedRows<TreatmentRow>(
        await manager.query(
          `INSERT INTO treatment (id, orga_id, name, default_duration, default_price, color) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
          [
            randomUUID(),
            scope.orgaId,
            input.name,
            input.default_duration,
            centsOf(input.default_price, 'default_price'),
            colourOf(input.color),
          ],
        ),
      );
      const created = rows[0];
      if (!created) throw new RpcError('internal');
      await this.publish(manager, scope, treatmentCreatedEvent, created);
      return created;
    });
  }

  /**
   * Changes what the input names; an absent field keeps its value, a null colour removes it. A change
   * that leaves every value as it was answers the treatment without an event.
   */
  async update(scope: OrgaScope, treatmentId: string, input: TreatmentChange): Promise<Treatment> {
    return this.db.transaction(async (manager) => {
      const rows = returnedRows<TreatmentRow>(
        await manager.query(
          `UPDATE treatment t SET name = n.name, archive = n.archive, default_duration = n.default_duration,
                  default_price = n.default_price, color = n.color
             FROM (SELECT id, COALESCE($3, name) AS name, COALESCE($4, archive) AS archive,
                          COALESCE($5, default_duration) AS default_duration, COALESCE($6, default_price) AS default_price,
                          CASE WHEN $7 THEN $8 ELSE color END AS color
                     FROM treatment WHERE id = $1 AND orga_id = $2 FOR UPDATE) n
            WHERE t.id = n.id
              AND (t.name, t.archive, t.default_duration, t.default_price, t.color)
                  IS DISTINCT FROM (n.name, n.archive, n.default_duration, n.default_price, n.color)
        RETURNING ${COLUMNS.split(', ')
          .map((column) => `t.${column}`)
          .join(', ')}`,
          [
            treatmentId,
            scope.orgaId,
            input.name ?? null,
            input.archive ?? null,
            input.default_duration ?? null,
            input.default_price === undefined ? null : centsOf(input.default_price, 'default_price'),
            input.color !== undefined,
            colourOf(input.color),
          ],
        ),
      );
      const changed = rows[0];
      if (changed) {
        await this.publish(manager, scope, treatmentUpdatedEvent, changed);
        return changed;
      }
      const [unchanged] = await manager.query<TreatmentRow[]>(`SELECT ${COLUMNS} FROM treatment WHERE id = $1 AND orga_id = $2`, [
        treatmentId,
        scope.orgaId,
      ]);
      if (!unchanged) throw new RpcError('not_found');
      return unchanged;
    });
  }

  private async publish(
    manager: EntityManager,
    scope: OrgaScope,
    // created and updated share one payload (treatment-events.event.ts)
    event: typeof treatmentCreatedEvent,
    row: TreatmentRow,
  ): Promise<void> {
    await this.outbox.add(
      manager,
      event,
      {
        orga_id: row.orga_id,
        treatment_id: row.id,
        treatment: {
          id: row.id,
          name: row.name,
          archive: row.archive,
          default_duration: row.default_duration,
          default_price: row.default_price,
          color: row.color,
        },
      },
      { ...scope.meta, orgaId: row.orga_id, storeId: null },
    );
  }
}
