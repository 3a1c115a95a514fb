import { PLANS, firstInvoiceLines, line, monthlyInvoiceLines, planChangeLine } from '@pawline/domain';
import { INVOICE_LABELS, formatDate, lineDescription } from './invoice-texts';

describe('what an invoice says, in the organization language', () => {
  const [plan, extra] = firstInvoiceLines(PLANS.premium, 2, '2026-11-16');
  const [month] = monthlyInvoiceLines(PLANS.basic, 1, '2027-01', null);
  const change = planChangeLine(PLANS.basic, PLANS.premium, 1500, '2026-11-16');

  it('says each line in Italian, English, German and French, with its dates and days', () => {
    expect(plan && lineDescription(plan, 'it')).toBe('Abbonamento Pawline Premium, dal 16/11/2026 al 30/11/2026 (15/30 giorni)');
    expect(plan && lineDescription(plan, 'en')).toBe('Pawline Premium subscription, 16/11/2026 to 30/11/2026 (15/30 days)');
    expect(plan && lineDescription(plan, 'de')).toBe('Pawline-Abonnement Premium, 16.11.2026 bis 30.11.2026 (15/30 Tage)');
    expect(plan && lineDescription(plan, 'fr')).toBe('Abonnement Pawline Premium, du 16/11/2026 au 30/11/2026 (15/30 jours)');
    expect(extra && lineDescription(extra, 'de')).toBe('Zusätzliches Geschäft, 16.11.2026 bis 30.11.2026 (15/30 Tage)');
    expect(month && lineDescription(month, 'it')).toBe('Abbonamento Pawline Basic, gennaio 2027');
    expect(month && lineDescription(month, 'fr')).toBe('Abonnement Pawline Basic, janvier 2027');
    expect(lineDescription(change, 'en')).toBe('Change from Basic to Premium, difference, 16/11/2026 to 30/11/2026 (15/30 days)');
  });

  it('keeps the English description of a line issued before lines had details', () => {
    expect(lineDescription(line('plan', 'Premium 2026-10', 1, 4900), 'it')).toBe('Premium 2026-10');
  });

  it('writes dates as each language does and has every label in all four', () => {
    expect(formatDate('2027-01-01', 'de')).toBe('01.01.2027');
    expect(formatDate('2027-01-01', 'en')).toBe('01/01/2027');
    for (const labels of Object.values(INVOICE_LABELS)) expect(Object.keys(labels)).toEqual(Object.keys(INVOICE_LABELS.en));
    expect(INVOICE_LABELS.it.courtesyCopy).toBe('Copia di cortesia');
  });
});
