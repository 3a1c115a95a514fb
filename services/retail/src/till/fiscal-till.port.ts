import type { EntityManager } from 'typeorm';

/**
 * The certified electronic till (Italy's registratore telematico, RT): it issues the documento commerciale,
 * the legal receipt of a sale, and sends the day's totals to the Agenzia delle Entrate itself. Pawline hands
 * it the sale's lines and payment and keeps the number it prints. A real adapter speaks the till's published
 * protocol (ADR 0064: Epson's fiscal ePOS-Print XML over HTTP to an FP-81 II RT / FP-90III RT); the sandbox
 * numbers documents per store so the rest of the counter can be built and tested without one.
 */
export type TillDocumentLine = {
  description: string;
  quantity: number;
  unit_price_cents: number;
  vat_rate_bp: number;
  discount_cents: number;
};

export type TillDocument = {
  orga_id: string;
  store_id: string;
  sale_id: string;
  lines: TillDocumentLine[];
  total_cents: number;
  payment_method: 'cash' | 'card' | 'bank_transfer' | 'other';
};

export type TillReceipt = { document_number: string };

export interface FiscalTill {
  /** Issues the document inside the sale's transaction: a failure leaves no sale behind. */
  issue(manager: EntityManager, document: TillDocument): Promise<TillReceipt>;
}

export const FISCAL_TILL = Symbol('FISCAL_TILL');
