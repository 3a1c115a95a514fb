import { Injectable } from '@nestjs/common';
import type { RpcRequest, RpcResponse, checkAppointmentRpc } from '@pawline/contracts';
import { isRealDate, parseLocalDate } from '@pawline/domain';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { AppointmentCapacity } from './appointment-capacity';
import { instantsOf } from './appointment-rows';

type Check = RpcRequest<typeof checkAppointmentRpc>;

/** Collisions other than a pet's leave a groomer unable to take the appointment. */
const STAFF_REASONS = new Set(['staff', 'hours', 'pool']);

/**
 * The dialog's look before saving (docs/adr/0044): what the appointment as written collides with, and which of
 * the groomers it lists could take it instead (its staff default: the signed-in groomer or the first free one).
 * Nothing is written or locked; the write itself checks again under the lock.
 */
@Injectable()
export class AppointmentCheckService {
  constructor(
    private readonly db: DataSource,
    private readonly capacity: AppointmentCapacity,
  ) {}

  async check(scope: StoreScope, input: Check): Promise<RpcResponse<typeof checkAppointmentRpc>> {
    const { appointment } = input;
    const date = parseLocalDate(appointment.date);
    if (!isRealDate(date)) throw new RpcError('validation_failed', { fields: { 'appointment.date': 'Invalid date' } });
    const time = { hour: appointment.full_day ? 0 : appointment.hour, min: appointment.full_day ? 0 : appointment.min, sec: 0 };
    const { startsAt, endsAt } = instantsOf(date, time, appointment.duration, appointment.full_day, scope.timeZone);
    const write = { date: appointment.date, startsAt, endsAt, petIds: [...new Set(appointment.pet_ids)] };
    const excluded = input.appointment_id ? [input.appointment_id] : [];
    const found = await this.capacity.check(this.db.manager, scope, [{ ...write, userId: appointment.user_id }], excluded);
    const free: string[] = [];
    for (const userId of [...new Set(input.candidate_user_ids)]) {
      const theirs = await this.capacity.check(this.db.manager, scope, [{ ...write, userId }], excluded);
      if (!theirs.collisions.some((collision) => STAFF_REASONS.has(collision.reason))) free.push(userId);
    }
    const answer = await this.capacity.conflict(scope, found, write.petIds);
    return { collisions: answer.collisions, conflicts: answer.conflicts, free_user_ids: free };
  }
}
