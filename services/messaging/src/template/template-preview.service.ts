import { Injectable } from '@nestjs/common';
import {
  getAppointmentRpc,
  getCustomerRpc,
  getPetRpc,
  getStoreRpc,
  listAppointmentRangeRpc,
  previewMessageTemplateRpc,
  type Appointment,
  type AppointmentList,
  type RpcRequest,
  type TemplatePreview,
} from '@pawline/contracts';
import { localDateOf, renderTemplate, type MessageLanguage, type TemplateValues } from '@pawline/domain';
import { NatsRpcClient, RpcError, type RpcCallContext, type StoreScope } from '@pawline/nest-kit';
import { ReminderSettingsService } from '../settings/reminder-settings.service';
import { TemplateService } from './template.service';

/** How far ahead the preview looks for the store's next appointment. */
const NEXT_APPOINTMENT_DAYS = 30;

function dateParts(date: string): { y: number; m: number; d: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

function addDays(date: string, days: number): string {
  const { y, m, d } = dateParts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * R3.15 a template as the customer would read it, filled from a real appointment: its customer and
 * pet (crm), its store (identity) and its time in the store's zone (scheduling), all asked on the
 * caller's behalf, so the preview shows only what the caller may see.
 */
@Injectable()
export class TemplatePreviewService {
  constructor(
    private readonly templates: TemplateService,
    private readonly settings: ReminderSettingsService,
    private readonly rpc: NatsRpcClient,
  ) {}

  async preview(scope: StoreScope, input: RpcRequest<typeof previewMessageTemplateRpc>, ctx: RpcCallContext): Promise<TemplatePreview> {
    const options = { auth: ctx.auth, lang: ctx.lang, member: ctx.member };
    const settings = await this.settings.get(scope.orgaId);
    let source: { template_text: string; variables_str: string };
    let language: MessageLanguage = settings.language;
    if (input.template_id) {
      const template = await this.templates.visible(scope.orgaId, input.template_id);
      if (!template) throw new RpcError('not_found');
      source = template;
      language = template.language;
    } else {
      source = { template_text: input.template_text ?? '', variables_str: input.variables_str ?? '' };
    }
    const storeRef = { orga_id: scope.orgaId, store_id: scope.storeId };
    const appointment = input.appointment_id
      ? await this.rpc.call(getAppointmentRpc, { ...storeRef, appointment_id: input.appointment_id }, options)
      : await this.nextAppointment(scope, options);
    const store = await this.rpc.call(getStoreRpc, storeRef, options);
    const values: TemplateValues = {
      store_name: store.name,
      store_number: store.phone,
      free_text: input.addition ?? null,
      percent: input.values?.percent ?? null,
      number: input.values?.number ?? null,
      website: input.values?.website ?? null,
    };
    const item: Appointment | undefined = appointment?.items[0];
    if (item && appointment) {
      values.at = item.starts_at;
      const petId = appointment.pets.find((pet) => pet.appointment_id === item.id)?.pet_id;
      if (petId) {
        const { pet } = await this.rpc.call(getPetRpc, { ...storeRef, pet_id: petId }, options);
        values.pet_name = pet.name;
        const { customer } = await this.rpc.call(getCustomerRpc, { ...storeRef, customer_id: pet.customer_id }, options);
        values.first_name = customer.first_name;
        values.last_name = customer.last_name;
      }
    }
    const rendered = renderTemplate(source, values, { timeZone: item?.time_zone ?? scope.timeZone, language });
    return { ...rendered, appointment_id: item?.id ?? null };
  }

  /** The store's next appointment from now (within 30 days) that is not full-day, or null. */
  private async nextAppointment(scope: StoreScope, options: Parameters<NatsRpcClient['call']>[2]): Promise<AppointmentList | null> {
    const today = localDateOf(new Date(), scope.timeZone);
    const from = dateParts(today);
    const to = dateParts(addDays(today, NEXT_APPOINTMENT_DAYS));
    const list = await this.rpc.call(
      listAppointmentRangeRpc,
      { orga_id: scope.orgaId, store_id: scope.storeId, y: from.y, m: from.m, d: from.d, y2: to.y, m2: to.m, d2: to.d },
      options,
    );
    const now = Date.now();
    const next = list.items
      .filter((item) => !item.full_day && Date.parse(item.starts_at) >= now)
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))[0];
    if (!next) return null;
    return { items: [next], treatments: [], pets: list.pets.filter((pet) => pet.appointment_id === next.id) };
  }
}
