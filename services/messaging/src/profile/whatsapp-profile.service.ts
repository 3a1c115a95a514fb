import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { WhatsappProfile } from '@pawline/contracts';
import { profileUpdateDueBy } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { ProfileImageService } from './profile-image.service';

type RequestRow = {
  id: string;
  orga_id: string;
  name: string;
  about: string;
  image_file_id: string | null;
  status: 'in_progress' | 'live' | 'replaced';
  requested_at: Date;
  due_by: string;
  live_at: Date | null;
};

const COLUMNS = `id, orga_id, name, about, image_file_id, status, requested_at, to_char(due_by, 'YYYY-MM-DD') AS due_by, live_at`;

export type ProfileFields = { name: string; about: string; image_file_id: string | null };

/**
 * R4.14 WhatsApp profile update requests: in progress until the provider (or an operator, or the
 * sandbox's review job) confirms them; due 7 working days (Monday to Saturday) after the request.
 */
@Injectable()
export class WhatsappProfileService {
  constructor(
    private readonly db: DataSource,
    private readonly images: ProfileImageService,
  ) {}

  async get(orgaId: string): Promise<WhatsappProfile> {
    const [live] = await this.db.query<RequestRow[]>(
      `SELECT ${COLUMNS} FROM whatsapp_profile_request WHERE orga_id = $1 AND status = 'live' ORDER BY live_at DESC LIMIT 1`,
      [orgaId],
    );
    const [latest] = await this.db.query<RequestRow[]>(
      `SELECT ${COLUMNS} FROM whatsapp_profile_request WHERE orga_id = $1 AND status <> 'replaced' ORDER BY requested_at DESC LIMIT 1`,
      [orgaId],
    );
    return {
      orga_id: orgaId,
      live: live
        ? { name: live.name, about: live.about, image_file_id: live.image_file_id, live_at: new Date(live.live_at!).toISOString() }
        : null,
      request: latest
        ? {
            id: latest.id,
            name: latest.name,
            about: latest.about,
            image_file_id: latest.image_file_id,
            status: latest.status === 'live' ? 'live' : 'in_progress',
            requested_at: new Date(latest.requested_at).toISOString(),
            due_by: latest.due_by,
            live_at: latest.live_at ? new Date(latest.live_at).toISOString() : null,
          }
        : null,
    };
  }

  /** A new request replaces one still in progress; the image must be the organization's own. */
  async request(orgaId: string, fields: ProfileFields, timeZone: string, now: Date = new Date()): Promise<WhatsappProfile> {
    if (fields.image_file_id && !(await this.images.owns(orgaId, fields.image_file_id))) {
      throw new RpcError('validation_failed', { fields: { image_file_id: 'An uploaded WhatsApp profile image of this organization' } });
    }
    await this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`whatsapp-profile:${orgaId}`]);
      await manager.query(`UPDATE whatsapp_profile_request SET status = 'replaced' WHERE orga_id = $1 AND status = 'in_progress'`, [
        orgaId,
      ]);
      await manager.query(
        `INSERT INTO whatsapp_profile_request (id, orga_id, name, about, image_file_id, status, requested_at, due_by)
         VALUES ($1, $2, $3, $4, $5, 'in_progress', $6, $7)`,
        [randomUUID(), orgaId, fields.name, fields.about, fields.image_file_id, now, profileUpdateDueBy(now, timeZone)],
      );
    });
    return this.get(orgaId);
  }

  /** The provider says the request is live (service to service); a replaced or unknown request is not_found. */
  async confirm(orgaId: string, requestId: string, now: Date = new Date()): Promise<WhatsappProfile> {
    const [rows] = await this.db.query<[{ id: string }[], number]>(
      `UPDATE whatsapp_profile_request SET status = 'live', live_at = COALESCE(live_at, $3) WHERE id = $1 AND orga_id = $2 AND status IN ('in_progress', 'live') RETURNING id`,
      [requestId, orgaId, now],
    );
    if (!rows[0]) throw new RpcError('not_found');
    return this.get(orgaId);
  }

  /** Sandbox review: requests in progress for longer than the delay go live. */
  async goLiveOlderThan(manager: EntityManager, before: Date, now: Date): Promise<number> {
    const [, count] = await manager.query<[unknown, number]>(
      `UPDATE whatsapp_profile_request SET status = 'live', live_at = $2 WHERE status = 'in_progress' AND requested_at <= $1`,
      [before, now],
    );
    return count;
  }
}
