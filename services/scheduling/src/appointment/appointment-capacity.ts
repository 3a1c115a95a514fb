import { Injectable, Logger } from '@nestjs/common';
import {
  appointmentConflictMessage,
  petNamesRpc,
  type AppointmentConflict,
  type Collision,
  type CollisionReason,
  type ConflictAppointment,
} from '@pawline/contracts';
import {
  addDays,
  collisionsOf,
  formatLocalDate,
  instantToLocal,
  parseLocalDate,
  TIME_FREEING_STATUSES,
  workingHours,
  type AvailabilityRule,
  type CapacityAppointment,
  type WorkingHours,
} from '@pawline/domain';
import { NatsRpcClient, RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';

/** An appointment as a write would leave it: its local day and instants, groomer and pets. */
export type CapacityWrite = { date: string; startsAt: Date; endsAt: Date; userId: string | null; petIds: readonly string[] };

type AroundRow = {
  id: string;
  store_id: string;
  user_id: string | null;
  starts_at: Date;
  ends_at: Date;
  local_date: string;
  time_zone: string;
  pet_ids: string[];
};
type HoursRow = {
  user_id: string | null;
  kind: 'open' | 'closed';
  weekday: number | null;
  start_date: string | null;
  end_date: string | null;
  start_s: number;
  end_s: number;
};

/** What a check found: each collision and the appointments they name. */
export type CapacityFound = { collisions: Collision[]; around: Map<string, AroundRow> };

/** A write that collides, thrown inside its transaction so nothing of it stays. */
export class CollisionFound extends Error {
  constructor(readonly found: CapacityFound) {
    super('collision');
  }
}

/** A write that collided: nothing was written; the handler refuses it in the caller's language. */
export class Refused {
  constructor(readonly conflict: AppointmentConflict) {}
}

/** The answer of a write, or its refusal as `conflict` (409) carrying the collisions and the colliding appointments. */
export function answerOrConflict<T>(answer: T | Refused, lang: string): T {
  if (!(answer instanceof Refused)) return answer;
  throw new RpcError('conflict', { message: appointmentConflictMessage(lang), extra: answer.conflict });
}

/** The 409 lists this many appointments at most (a long series may collide every week). */
const LISTED_MAX = 20;
const PET_NAMES_MAX = 50;

const clock = (at: Date, timeZone: string) => {
  const local = instantToLocal(at.getTime(), timeZone);
  return `${String(local.hour).padStart(2, '0')}:${String(local.min).padStart(2, '0')}`;
};

/**
 * The capacity rule in the calendar's writes (libs/domain collisionsOf, docs/adr/0044). Every write that places
 * an appointment in time takes the organization's lock first, so writes of one organization check and write one
 * after the other: of two receptionists saving the last place at once, the second sees the first's appointment.
 * One lock per organization, not per store, groomer or pet: pets and groomers are checked across the
 * organization's stores, and one lock taken first by every such write can never wait in a cycle.
 */
@Injectable()
export class AppointmentCapacity {
  private readonly logger = new Logger(AppointmentCapacity.name);

  constructor(
    private readonly db: DataSource,
    private readonly rpc: NatsRpcClient,
  ) {}

  async lock(manager: EntityManager, orgaId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('scheduling-capacity:' || $1))`, [orgaId]);
  }

  /**
   * Runs a write in a transaction under the organization's lock. A collision found inside (refuse) rolls it back
   * and comes out as Refused, with the pets' names read after the transaction.
   */
  async transaction<T>(scope: StoreScope, petIds: readonly string[], write: (manager: EntityManager) => Promise<T>): Promise<T | Refused> {
    try {
      return await this.db.transaction(async (manager) => {
        await this.lock(manager, scope.orgaId);
        return write(manager);
      });
    } catch (error) {
      if (error instanceof CollisionFound) return new Refused(await this.conflict(scope, error.found, petIds));
      throw error;
    }
  }

  /** Throws CollisionFound for writes that collide, unless the caller books anyway (within transaction()). */
  async refuse(
    manager: EntityManager,
    scope: StoreScope,
    writes: readonly CapacityWrite[],
    excluded: readonly string[],
    allowConflict: boolean,
  ): Promise<void> {
    if (allowConflict || writes.length === 0) return;
    const found = await this.check(manager, scope, writes, excluded);
    if (found.collisions.length > 0) throw new CollisionFound(found);
  }

  /** The store's groomer hours from booking's rules; null when it keeps none (no pool to fill). */
  private async rules(manager: EntityManager, storeId: string): Promise<{ rules: AvailabilityRule[]; staff: string[] } | null> {
    const rows = await manager.query<HoursRow[]>(
      `SELECT user_id, kind, weekday, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, start_s, end_s
         FROM staff_hours WHERE store_id = $1 AND NOT deleted`,
      [storeId],
    );
    const staff = [...new Set(rows.flatMap((row) => (row.kind === 'open' && row.user_id ? [row.user_id] : [])))];
    if (staff.length === 0) return null;
    const rules = rows.map((row): AvailabilityRule => ({
      userId: row.user_id,
      kind: row.kind,
      weekday: row.weekday,
      startDate: row.start_date,
      endDate: row.end_date,
      start: row.start_s,
      end: row.end_s,
    }));
    return { rules, staff };
  }

  /**
   * The collisions of each write with the organization's appointments around it (the store's, and the groomer's
   * and the pets' in its other stores), but those of `excluded` (the ones being changed). Writes count for
   * each other in their order, as a recurring series does. Call it under the lock.
   */
  async check(
    manager: EntityManager,
    scope: StoreScope,
    writes: readonly CapacityWrite[],
    excluded: readonly string[],
  ): Promise<CapacityFound> {
    const around = new Map<string, AroundRow>();
    const collisions: Collision[] = [];
    if (writes.length === 0) return { collisions, around };
    const days = [...new Set(writes.flatMap((w) => [-1, 0, 1].map((shift) => formatLocalDate(addDays(parseLocalDate(w.date), shift)))))];
    const users = new Set(writes.flatMap((w) => (w.userId ? [w.userId] : [])));
    const pets = new Set(writes.flatMap((w) => w.petIds));
    const rows = await manager.query<AroundRow[]>(
      `SELECT a.id, a.store_id, a.user_id, a.starts_at, a.ends_at, a.local_date::text AS local_date, a.time_zone,
              coalesce((SELECT array_agg(p.pet_id::text) FROM appointment_pet p WHERE p.appointment_id = a.id), '{}') AS pet_ids
         FROM appointment a
        WHERE a.orga_id = $1 AND a.local_date = ANY($2::date[]) AND a.status <> ALL($3::int[]) AND a.id <> ALL($4::uuid[])`,
      [scope.orgaId, days, TIME_FREEING_STATUSES, excluded],
    );
    const others: CapacityAppointment[] = [];
    for (const row of rows) {
      const here = row.store_id === scope.storeId;
      if (!here && !(row.user_id && users.has(row.user_id)) && !row.pet_ids.some((pet) => pets.has(pet))) continue;
      around.set(row.id, row);
      others.push(capacityOf(row.id, row.user_id, row.starts_at, row.ends_at, row.pet_ids, !here));
    }
    const kept = await this.rules(manager, scope.storeId);
    writes.forEach((write, index) => {
      const hours: WorkingHours = kept
        ? workingHours(kept.rules, kept.staff, scope.timeZone, addDays(parseLocalDate(write.date), -1), 3)
        : null;
      const candidate = capacityOf(`write-${index}`, write.userId, write.startsAt, write.endsAt, write.petIds, false);
      for (const found of collisionsOf(others, hours, candidate)) {
        // the members of one series are on different days: only rows of the database are named
        const ids = found.appointmentIds.filter((id) => around.has(id));
        collisions.push({ reason: found.reason, date: write.date, user_id: found.userId, appointment_ids: ids });
      }
      others.push(candidate);
    });
    return { collisions, around };
  }

  /** The conflict answer: the collisions and the appointments they name, with their pets' and owners' names. */
  async conflict(scope: StoreScope, found: CapacityFound, writtenPets: readonly string[]): Promise<AppointmentConflict> {
    const reasons = new Map<string, Set<CollisionReason>>();
    for (const collision of found.collisions)
      for (const id of collision.appointment_ids) reasons.set(id, (reasons.get(id) ?? new Set()).add(collision.reason));
    const listed = [...reasons.keys()]
      .flatMap((id) => {
        const row = found.around.get(id);
        return row ? [row] : [];
      })
      .sort((a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime())
      .slice(0, LISTED_MAX);
    // another store's appointment shows only the pets the write names (the caller may not read that store)
    const shown = (row: AroundRow) =>
      row.store_id === scope.storeId ? row.pet_ids : row.pet_ids.filter((pet) => writtenPets.includes(pet));
    const names = await this.petNames(scope.orgaId, [...new Set(listed.flatMap(shown))]);
    const conflicts = listed.map((row): ConflictAppointment => ({
      id: row.id,
      store_id: row.store_id,
      same_store: row.store_id === scope.storeId,
      date: row.local_date,
      start_time: clock(new Date(row.starts_at), row.time_zone),
      end_time: clock(new Date(row.ends_at), row.time_zone),
      starts_at: new Date(row.starts_at).toISOString(),
      ends_at: new Date(row.ends_at).toISOString(),
      user_id: row.user_id,
      reasons: [...(reasons.get(row.id) ?? [])],
      pets: shown(row).map(
        (petId) =>
          names.get(petId) ?? { pet_id: petId, name: null, customer_id: null, customer_first_name: null, customer_last_name: null },
      ),
    }));
    const listedIds = new Set(conflicts.map((c) => c.id));
    const collisions = found.collisions.map((c) => ({ ...c, appointment_ids: c.appointment_ids.filter((id) => listedIds.has(id)) }));
    return { collisions, conflicts };
  }

  /** crm's names of the pets and their owners; a collision is still answered, without names, when crm does not answer. */
  private async petNames(orgaId: string, petIds: string[]): Promise<Map<string, ConflictAppointment['pets'][number]>> {
    const names = new Map<string, ConflictAppointment['pets'][number]>();
    try {
      for (let index = 0; index < petIds.length; index += PET_NAMES_MAX) {
        const found = await this.rpc.call(
          petNamesRpc,
          { orga_id: orgaId, pet_ids: petIds.slice(index, index + PET_NAMES_MAX) },
          { auth: null, lang: 'en' },
        );
        for (const pet of found) names.set(pet.pet_id, pet);
      }
    } catch (error) {
      this.logger.warn(`conflict without pet names: ${String(error)}`);
    }
    return names;
  }
}

function capacityOf(
  id: string,
  userId: string | null,
  startsAt: Date,
  endsAt: Date,
  petIds: readonly string[],
  elsewhere: boolean,
): CapacityAppointment {
  return {
    id,
    userId,
    startsAt: new Date(startsAt).getTime(),
    endsAt: new Date(endsAt).getTime(),
    petIds,
    ...(elsewhere ? { elsewhere } : {}),
  };
}
