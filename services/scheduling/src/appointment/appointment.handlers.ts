import { Controller } from '@nestjs/common';
import {
  checkAppointmentRpc,
  checkOutAppointmentRpc,
  createAppointmentRpc,
  customerAppointmentStatusRpc,
  deleteAppointmentRpc,
  getAppointmentRpc,
  latestPetAppointmentRpc,
  listAppointmentRangeRpc,
  appointmentRangeVersionRpc,
  listPetAppointmentsRpc,
  listRecurringGroupRpc,
  moveAppointmentRpc,
  resizeAppointmentRpc,
  undoAppointmentChangeRpc,
  updateAppointmentNotesRpc,
  updateAppointmentRpc,
  updateAppointmentStatusRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { type RawJson, type RpcCallContext, RpcError, RpcHandler, StoreRead, storeScopeOf, StoreWrite } from '@pawline/nest-kit';
import { answerOrConflict } from './appointment-capacity';
import { AppointmentCheckService } from './appointment-check.service';
import { AppointmentCommands } from './appointment-commands';
import { AppointmentQueries } from './appointment-queries';
import { AppointmentStatusService } from './appointment-status.service';
import { AppointmentUndoService } from './appointment-undo.service';
import { ReferencedIds } from './referenced-ids';

/** Reading needs store read access, every change store write access (spec §6). */
@Controller()
export class AppointmentHandlers {
  constructor(
    private readonly queries: AppointmentQueries,
    private readonly commands: AppointmentCommands,
    private readonly checks: AppointmentCheckService,
    private readonly statuses: AppointmentStatusService,
    private readonly undos: AppointmentUndoService,
    private readonly references: ReferencedIds,
  ) {}

  @StoreRead()
  @RpcHandler(listAppointmentRangeRpc)
  async range(
    input: RpcRequest<typeof listAppointmentRangeRpc>,
    ctx: RpcCallContext,
  ): Promise<RawJson<RpcResponse<typeof listAppointmentRangeRpc>>> {
    return this.queries.range(storeScopeOf(ctx), input);
  }

  @StoreRead()
  @RpcHandler(appointmentRangeVersionRpc)
  async rangeVersion(
    input: RpcRequest<typeof appointmentRangeVersionRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof appointmentRangeVersionRpc>> {
    return { version: await this.queries.rangeVersionNow(storeScopeOf(ctx), input) };
  }

  @StoreRead()
  @RpcHandler(listRecurringGroupRpc)
  async recurringGroup(
    input: RpcRequest<typeof listRecurringGroupRpc>,
    ctx: RpcCallContext,
  ): Promise<RawJson<RpcResponse<typeof listRecurringGroupRpc>>> {
    return this.queries.recurringGroup(storeScopeOf(ctx), input.group_id, input);
  }

  @StoreRead()
  @RpcHandler(listPetAppointmentsRpc)
  async petHistory(
    input: RpcRequest<typeof listPetAppointmentsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listPetAppointmentsRpc>> {
    const scope = storeScopeOf(ctx);
    return this.queries.petHistory(scope, input.pet_id, input.last_date, input.last_id);
  }

  @StoreRead()
  @RpcHandler(latestPetAppointmentRpc)
  async latest(
    input: RpcRequest<typeof latestPetAppointmentRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof latestPetAppointmentRpc>> {
    return this.queries.latest(storeScopeOf(ctx), input.pet_id);
  }

  @StoreRead()
  @RpcHandler(getAppointmentRpc)
  async get(input: RpcRequest<typeof getAppointmentRpc>, ctx: RpcCallContext): Promise<RawJson<RpcResponse<typeof getAppointmentRpc>>> {
    return this.queries.get(storeScopeOf(ctx), input.appointment_id);
  }

  @StoreWrite()
  @RpcHandler(createAppointmentRpc)
  async create(input: RpcRequest<typeof createAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createAppointmentRpc>> {
    const scope = storeScopeOf(ctx);
    // checked before the transaction: the staff member's membership is a round trip to identity
    await Promise.all([
      this.references.pets(scope, input.appointment.pet_ids),
      this.references.staff(ctx, scope, input.appointment.user_id),
    ]);
    return answerOrConflict(await this.commands.create(scope, input.appointment, input.recurring, input.allow_conflict), ctx.lang);
  }

  /** What an appointment would collide with before it is saved, and which groomers are free for it. */
  @StoreWrite()
  @RpcHandler(checkAppointmentRpc)
  async check(input: RpcRequest<typeof checkAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof checkAppointmentRpc>> {
    const scope = storeScopeOf(ctx);
    await this.references.pets(scope, input.appointment.pet_ids);
    return this.checks.check(scope, input);
  }

  @StoreWrite()
  @RpcHandler(updateAppointmentRpc)
  async update(input: RpcRequest<typeof updateAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateAppointmentRpc>> {
    const scope = storeScopeOf(ctx);
    await Promise.all([
      this.references.pets(scope, input.appointment.pet_ids),
      this.references.staff(ctx, scope, input.appointment.user_id),
    ]);
    return answerOrConflict(
      await this.commands.update(scope, input.appointment_id, input.scope, input.appointment, input.allow_conflict),
      ctx.lang,
    );
  }

  @StoreWrite()
  @RpcHandler(moveAppointmentRpc)
  async move(input: RpcRequest<typeof moveAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof moveAppointmentRpc>> {
    const scope = storeScopeOf(ctx);
    await this.references.staff(ctx, scope, input.user_id);
    return answerOrConflict(await this.commands.move(scope, input.appointment_id, input.scope, input, input.allow_conflict), ctx.lang);
  }

  @StoreWrite()
  @RpcHandler(resizeAppointmentRpc)
  async resize(input: RpcRequest<typeof resizeAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof resizeAppointmentRpc>> {
    const scope = storeScopeOf(ctx);
    return answerOrConflict(
      await this.commands.resize(scope, input.appointment_id, input.scope, input.duration, input.allow_conflict),
      ctx.lang,
    );
  }

  @StoreWrite()
  @RpcHandler(checkOutAppointmentRpc)
  async checkOut(
    input: RpcRequest<typeof checkOutAppointmentRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof checkOutAppointmentRpc>> {
    return this.statuses.checkOut(storeScopeOf(ctx), input);
  }

  @StoreWrite()
  @RpcHandler(updateAppointmentNotesRpc)
  async notes(
    input: RpcRequest<typeof updateAppointmentNotesRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateAppointmentNotesRpc>> {
    return this.statuses.notes(storeScopeOf(ctx), input.appointment_id, input.notes);
  }

  @StoreWrite()
  @RpcHandler(updateAppointmentStatusRpc)
  async status(
    input: RpcRequest<typeof updateAppointmentStatusRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateAppointmentStatusRpc>> {
    return answerOrConflict(
      await this.statuses.status(storeScopeOf(ctx), input.appointment_id, input.status, input.allow_conflict),
      ctx.lang,
    );
  }

  /** Service to service only (messaging, from a reminder reply): a signed-in user is refused. */
  @RpcHandler(customerAppointmentStatusRpc)
  async statusByCustomer(
    input: RpcRequest<typeof customerAppointmentStatusRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof customerAppointmentStatusRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    return this.statuses.statusByCustomer(input.orga_id, input.appointment_id, input.status);
  }

  /** ADR 0043 undoes a move, resize, edit, delete or status within the window, through the ordinary events. */
  @StoreWrite()
  @RpcHandler(undoAppointmentChangeRpc)
  async undo(
    input: RpcRequest<typeof undoAppointmentChangeRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof undoAppointmentChangeRpc>> {
    return answerOrConflict(await this.undos.undo(storeScopeOf(ctx), input.change_id, input.allow_conflict), ctx.lang);
  }

  @StoreWrite()
  @RpcHandler(deleteAppointmentRpc)
  async delete(input: RpcRequest<typeof deleteAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteAppointmentRpc>> {
    return this.commands.delete(storeScopeOf(ctx), input.appointment_id, input.scope);
  }
}
