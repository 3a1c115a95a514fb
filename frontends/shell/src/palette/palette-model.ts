import type { SearchEverywhereResult } from '@pawline/contracts';
import { keyBelongsToTarget } from '@pawline/ui';
import type { Translate } from '../i18n/translator';

/** The parts of a key press the rule reads (a KeyboardEvent has them all). */
export type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null };

/**
 * Issue 29 whether a key press opens the palette: Ctrl-K (Cmd-K on a Mac) anywhere, even in a field; `/` alone
 * only where it is not typed (a field, a dialog or a menu keep it).
 */
export function opensPalette(press: KeyPress): boolean {
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'k') return true;
  return press.key === '/' && !press.ctrlKey && !press.metaKey && !press.altKey && !keyBelongsToTarget(press.target);
}

export type PaletteItem = { value: string; label: string; detail: string; href: string };
export type PaletteGroup = { heading: string; kind: 'customers' | 'phones' | 'pets' | 'appointments'; items: PaletteItem[] };

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The palette's groups from the search's answer, each result with the page it opens: a customer (or the phone
 * number a phone term found) their page, a pet its page, an appointment the store's calendar at its day with it
 * opened. Empty groups are left out.
 */
export function paletteGroups(found: SearchEverywhereResult, at: { orga: string; store: string }, t: Translate): PaletteGroup[] {
  const store = `/${at.orga}/store/${at.store}`;
  const customerHref = (id: string) => `${store}/customer/${id}`;
  // the appointment's own day and time in its store, whatever the browser's time zone
  const days = new Intl.DateTimeFormat(t.language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const clock = (hour: number, min: number) => `${String(hour).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
  const phones = found.customers.filter((c) => c.phone_match !== null);
  const groups: PaletteGroup[] = [
    {
      heading: t('shell.palettePhones'),
      kind: 'phones',
      items: phones.map((c) => ({
        value: `phone:${c.id}`,
        label: c.phone_match ?? '',
        detail: [fullName(c.first_name, c.last_name), c.pet_names.join(', ')].filter(Boolean).join(' · '),
        href: customerHref(c.id),
      })),
    },
    {
      heading: t('shell.paletteCustomers'),
      kind: 'customers',
      items: found.customers
        .filter((c) => c.phone_match === null)
        .map((c) => ({
          value: `customer:${c.id}`,
          label: fullName(c.first_name, c.last_name),
          // two Halls are told apart by their phone and pets
          detail: [c.fon, c.pet_names.join(', ')].filter(Boolean).join(' · '),
          href: customerHref(c.id),
        })),
    },
    {
      heading: t('shell.palettePets'),
      kind: 'pets',
      items: found.pets.map((p) => ({
        value: `pet:${p.id}`,
        label: p.name,
        detail: t('shell.paletteOwner', { name: fullName(p.owner_first_name, p.owner_last_name) }),
        href: `${store}/pet/${p.id}`,
      })),
    },
    {
      heading: t('shell.paletteAppointments'),
      kind: 'appointments',
      items: found.appointments.map((a) => ({
        value: `appointment:${a.id}`,
        label: `${days.format(new Date(`${a.date}T12:00:00Z`))} ${clock(a.hour, a.min)}`,
        detail: [a.pet_names.join(', '), fullName(a.customer_first_name, a.customer_last_name), a.app_name].filter(Boolean).join(' · '),
        href: `${store}?day=${a.date}&appointment=${a.id}`,
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}
