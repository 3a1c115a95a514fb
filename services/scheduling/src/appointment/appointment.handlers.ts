import { Controller } from '@nestjs/common';
import {
  checkOutAppointmentRpc,
  createAppointmentRpc,
  customerAppointmentStatusRpc,
  deleteAppointmentRpc,
  getAppointmentRpc,
  latestPetAppointmentRpc,
  listAppointmentRangeRpc,
  listPetAppointmentsRpc,
  listRecurringGroupRpc,
  moveAppointmentRpc,
  resizeAppointmentRpc,
  updateAppointmentNotesRpc,
  updateAppointmentRpc,
  updateAppointmentStatusRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcError, RpcHandler, type RawJson, type RpcCallContext } from '@pawline/nest-kit';
import { SchedulingAccess } from '../access/scheduling-access.service';
import { AppointmentService } from './appointment.service';

/** Reading needs store read access, every change store write access (spec §6). */
@Controller()
export class AppointmentHandlers {
  constructor(
    private readonly access: SchedulingAccess,
    private readonly appointments: AppointmentService,
  ) {}

  @RpcHandler(listAppointmentRangeRpc)
  async range(
    input: RpcRequest<typeof listAppointmentRangeRpc>,
    ctx: RpcCallContext,
  ): Promise<RawJson<RpcResponse<typeof listAppointmentRangeRpc>>> {
    return this.appointments.range(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input);
  }

  @RpcHandler(listRecurringGroupRpc)
  async recurringGroup(
    input: RpcRequest<typeof listRecurringGroupRpc>,
    ctx: RpcCallContext,
  ): Promise<RawJson<RpcResponse<typeof listRecurringGroupRpc>>> {
    return this.appointments.recurringGroup(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input.group_id, input);
  }

  @RpcHandler(listPetAppointmentsRpc)
  async petHistory(
    input: RpcRequest<typeof listPetAppointmentsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listPetAppointmentsRpc>> {
    const scope = await this.access.store(ctx, input.orga_id, input.store_id, 'read');
    return this.appointments.petHistory(scope, input.pet_id, input.last_date, input.last_id);
  }

  @RpcHandler(latestPetAppointmentRpc)
  async latest(
    input: RpcRequest<typeof latestPetAppointmentRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof latestPetAppointmentRpc>> {
    return this.appointments.latest(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input.pet_id);
  }

  @RpcHandler(getAppointmentRpc)
  async get(input: RpcRequest<typeof getAppointmentRpc>, ctx: RpcCallContext): Promise<RawJson<RpcResponse<typeof getAppointmentRpc>>> {
    return this.appointments.get(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input.appointment_id);
  }

  @RpcHandler(createAppointmentRpc)
  async create(input: RpcRequest<typeof createAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createAppointmentRpc>> {
    return this.appointments.create(
      await this.access.store(ctx, input.orga_id, input.store_id, 'write'),
      input.appointment,
      input.recurring,
    );
  }

  @RpcHandler(updateAppointmentRpc)
  async update(input: RpcRequest<typeof updateAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateAppointmentRpc>> {
    const scope = await this.access.store(ctx, input.orga_id, input.store_id, 'write');
    return this.appointments.update(scope, input.appointment_id, input.scope, input.appointment);
  }

  @RpcHandler(moveAppointmentRpc)
  async move(input: RpcRequest<typeof moveAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof moveAppointmentRpc>> {
    const scope = await this.access.store(ctx, input.orga_id, input.store_id, 'write');
    return this.appointments.move(scope, input.appointment_id, input.scope, input);
  }

  @RpcHandler(resizeAppointmentRpc)
  async resize(input: RpcRequest<typeof resizeAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof resizeAppointmentRpc>> {
    const scope = await this.access.store(ctx, input.orga_id, input.store_id, 'write');
    return this.appointments.resize(scope, input.appointment_id, input.scope, input.duration);
  }

  @RpcHandler(checkOutAppointmentRpc)
  async done(input: RpcRequest<typeof checkOutAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof checkOutAppointmentRpc>> {
    return this.appointments.checkOut(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input);
  }

  @RpcHandler(updateAppointmentNotesRpc)
  async notes(
    input: RpcRequest<typeof updateAppointmentNotesRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateAppointmentNotesRpc>> {
    return this.appointments.notes(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input.appointment_id, input.notes);
  }

  @RpcHandler(updateAppointmentStatusRpc)
  async status(
    input: RpcRequest<typeof updateAppointmentStatusRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateAppointmentStatusRpc>> {
    return this.appointments.status(
      await this.access.store(ctx, input.orga_id, input.store_id, 'write'),
      input.appointment_id,
      input.status,
    );
  }

  /** Service to service only (messaging, from a reminder reply): a signed-in user is refused. */
  @RpcHandler(customerAppointmentStatusRpc)
  async statusByCustomer(
    input: RpcRequest<typeof customerAppointmentStatusRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof customerAppointmentStatusRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    return this.appointments.statusByCustomer(input.orga_id, input.appointment_id, input.status);
  }

  @RpcHandler(deleteAppointmentRpc)
  async delete(input: RpcRequest<typeof deleteAppointmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteAppointmentRpc>> {
    return this.appointments.delete(
      await this.access.store(ctx, input.orga_id, input.store_id, 'write'),
      input.appointment_id,
      input.scope,
    );
  }
}
