/**
 * Every table of the statistics read model, each holding organizations' rows (orga_id): what a rebuild
 * empties and refills, and what an organization's purge deletes from.
 */
export const READ_MODEL_TABLES = [
  'stat_cell',
  'customer_visit_day',
  'customer_visit_month',
  'customer_span',
  'fact_pet',
  'appointment_fact',
  'pet_owner',
  'reminder_fact',
  'reminder_answer',
  'campaign_fact',
  'campaign_message_fact',
  'moment_cell',
  'work_rule',
] as const;
