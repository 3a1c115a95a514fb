/**
 * What customer search matches: names, e-mail, phone digits and pet names, lower-cased and
 * without accents, so 'Müller', 'muller' and '+39 333 12' find the same rows.
 */
import { foldText, phoneDigits, searchTermText } from '@pawline/domain';

export { foldText, phoneDigits };

export type SearchableCustomer = {
  first_name: string;
  last_name: string;
  email: string | null;
  fon: string | null;
  fon_2: string | null;
};

export function customerSearchText(customer: SearchableCustomer, petNames: string[]): string {
  const parts = [
    `${customer.first_name} ${customer.last_name}`,
    `${customer.last_name} ${customer.first_name}`,
    customer.email ?? '',
    phoneDigits(customer.fon),
    phoneDigits(customer.fon_2),
    ...petNames,
  ];
  return parts
    .map(foldText)
    .filter((part) => part.length > 0)
    .join(' | ');
}

/** The list's sort key: last name, then first name. */
export function customerSortName(customer: Pick<SearchableCustomer, 'first_name' | 'last_name'>): string {
  return foldText(`${customer.last_name} ${customer.first_name}`).slice(0, 201);
}

/**
 * The search term as matched against search_text: folded, LIKE wildcards escaped; a term that is
 * only a phone number (digits, spaces, +, -, /) is reduced to its digits.
 */
export function searchPattern(q: string): string | null {
  const term = searchTermText(q);
  if (term.length === 0) return null;
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
