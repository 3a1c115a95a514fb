import type { TranslationKey } from '@pawline/i18n';
import type { AudienceFilters, Campaign, CampaignFields } from '../api/campaigns-api';

/** The campaign form as the inputs hold it: text for numbers and the date, lists for tags and cities. */
export type CampaignForm = {
  name: string;
  summary: string;
  /** 'now' or 'date' (R1.07: a send date or now) */
  when: 'now' | 'date';
  /** datetime-local value (the browser's local time) */
  sendAt: string;
  monthsAbsent: string;
  recentVisits: string;
  minVisits: string;
  maxDeclines: string;
  excludedTagIds: string[];
  /** comma-separated */
  cities: string;
  /** an approved marketing template of the organization; '' the built-in one */
  templateId: string;
};

export const EMPTY_FORM: CampaignForm = {
  name: '',
  summary: '',
  when: 'now',
  sendAt: '',
  monthsAbsent: '',
  recentVisits: '',
  minVisits: '',
  maxDeclines: '',
  excludedTagIds: [],
  cities: '',
  templateId: '',
};

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the browser's zone. */
export function localInputOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

export function formOf(campaign: Campaign): CampaignForm {
  const f = campaign.filters;
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    name: campaign.name,
    summary: campaign.summary,
    when: campaign.send_at ? 'date' : 'now',
    sendAt: campaign.send_at ? localInputOf(campaign.send_at) : '',
    monthsAbsent: text(f.months_absent),
    recentVisits: text(f.recent_visits),
    minVisits: text(f.min_visits),
    maxDeclines: text(f.max_declines),
    excludedTagIds: [...f.excluded_tag_ids],
    cities: f.cities.join(', '),
    templateId: campaign.template_id ?? '',
  };
}

/** A number field: empty is no filter; anything not a whole number at least `min` is null too (the count ignores it). */
function whole(text: string, min: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min ? n : null;
}

/** R1.07 the audience filters of the form (what the live count and the save send). */
export function filtersOf(form: CampaignForm): AudienceFilters {
  return {
    months_absent: whole(form.monthsAbsent, 1),
    recent_visits: whole(form.recentVisits, 1),
    min_visits: whole(form.minVisits, 1),
    max_declines: whole(form.maxDeclines, 0),
    excluded_tag_ids: form.excludedTagIds,
    cities: [
      ...new Set(
        form.cities
          .split(',')
          .map((city) => city.trim())
          .filter(Boolean),
      ),
    ],
  };
}

/** The form's problems by field, as catalogue keys (empty: it can be saved). */
export function formProblems(form: CampaignForm, now: Date = new Date()): Partial<Record<keyof CampaignForm, TranslationKey>> {
  const problems: Partial<Record<keyof CampaignForm, TranslationKey>> = {};
  if (!form.name.trim()) problems.name = 'campaigns.required';
  if (form.when === 'date') {
    const at = new Date(form.sendAt);
    if (!form.sendAt || Number.isNaN(at.getTime())) problems.sendAt = 'campaigns.required';
    else if (at.getTime() <= now.getTime()) problems.sendAt = 'campaigns.sendAtPast';
  }
  for (const [field, min] of [
    ['monthsAbsent', 1],
    ['recentVisits', 1],
    ['minVisits', 1],
    ['maxDeclines', 0],
  ] as const) {
    if (form[field].trim() !== '' && whole(form[field], min) === null) problems[field] = 'campaigns.wholeNumber';
  }
  return problems;
}

export function fieldsOf(form: CampaignForm): CampaignFields {
  return {
    name: form.name.trim(),
    summary: form.summary.trim(),
    send_at: form.when === 'date' && form.sendAt ? new Date(form.sendAt).toISOString() : null,
    template_id: form.templateId || null,
    filters: filtersOf(form),
  };
}
