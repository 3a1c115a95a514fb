import type { ShellBridge } from '@pawline/api-client';
import { apiQueryFilter } from '@pawline/api-client';
import type { RetailProduct, RetailStockRow } from '@pawline/contracts';
import type { Translate } from '../i18n/translator';

/** What every page of the counter needs: the shell, its texts and the store it works in. */
export type CounterContext = { bridge: ShellBridge; t: Translate; orgaId: string; storeId: string; base: string };

/** Cents as the salon reads them: 1220 → "12,20 €" (it), "€12.20" (en). */
export function money(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A VAT rate in basis points as a percentage: 2200 → "22", 550 → "5,5" (it). */
export function vatPercent(bp: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(bp / 100);
}

/** The product a scanner's code names: its exact barcode first, else the only product whose name matches. */
export function productForCode<T extends Pick<RetailProduct | RetailStockRow, 'barcode' | 'name'>>(
  rows: readonly T[],
  code: string,
): T | null {
  const wanted = code.trim();
  if (!wanted) return null;
  const byBarcode = rows.find((row) => row.barcode === wanted);
  if (byBarcode) return byBarcode;
  const byName = rows.filter((row) => row.name.toLowerCase().includes(wanted.toLowerCase()));
  return byName.length === 1 ? (byName[0] ?? null) : null;
}

/** What a stock write changes: the store's stock list, and the catalogue lists of the organization. */
export const stockWrites = (orga: string, store: string) => [apiQueryFilter('listRetailStock', { orga, store })];
export const productWrites = (orga: string) => [
  apiQueryFilter('listRetailProducts', { orga }),
  apiQueryFilter('listRetailStock', { orga }),
];
