import fc from 'fast-check';
import { TEMPLATE_VARIABLES } from '@pawline/contracts';
import { BUILT_IN_TEMPLATES, MESSAGE_LANGUAGES } from './default-templates';
import {
  FREE_TEXT_MAX,
  formatReminderDate,
  formatReminderTime,
  parameterText,
  renderTemplate,
  templateProblems,
} from './template-renderer';

const ROME = { timeZone: 'Europe/Rome', language: 'it' };
// 14:30 in Rome on Tuesday 13 March 2029 (CET, UTC+1)
const AT = '2029-03-13T13:30:00.000Z';

describe('template renderer (R3.13, R3.15)', () => {
  it('R3.15 fills numbered placeholders with the variables named in variables_str, in order', () => {
    const rendered = renderTemplate(
      {
        template_text: 'Ciao {{1}}, {{2}} ti aspetta da {{3}} {{4}} alle {{5}}. {{6}} A presto.',
        variables_str: 'first_name/pet_name/store_name/date/time/free_text',
      },
      { first_name: 'Giulia', pet_name: 'Fido', store_name: 'Toelettatura Roma', at: AT, free_text: 'Porta il guinzaglio.' },
      ROME,
    );
    expect(rendered.parameters).toEqual(['Giulia', 'Fido', 'Toelettatura Roma', 'martedì 13 marzo 2029', '14:30', 'Porta il guinzaglio.']);
    expect(rendered.text).toBe(
      'Ciao Giulia, Fido ti aspetta da Toelettatura Roma martedì 13 marzo 2029 alle 14:30. Porta il guinzaglio. A presto.',
    );
  });

  it('R3.15 formats date and time in the store time zone and the customer language', () => {
    expect(formatReminderTime(AT, { timeZone: 'Europe/Rome', language: 'en' })).toBe('14:30');
    expect(formatReminderTime(AT, { timeZone: 'Europe/London', language: 'en' })).toBe('13:30');
    expect(formatReminderDate(AT, { timeZone: 'Europe/Berlin', language: 'de' })).toBe('Dienstag, 13. März 2029');
    expect(formatReminderDate(AT, { timeZone: 'Europe/Paris', language: 'fr' })).toBe('mardi 13 mars 2029');
    expect(formatReminderDate(AT, { timeZone: 'Europe/London', language: 'en' })).toBe('Tuesday, 13 March 2029');
    // a late appointment in New York is already the next day in UTC
    expect(formatReminderDate('2029-03-14T02:00:00.000Z', { timeZone: 'America/New_York', language: 'en' })).toBe('Tuesday, 13 March 2029');
  });

  it('R3.15 renders a missing value as empty and closes the gap it leaves', () => {
    const rendered = renderTemplate(
      { template_text: 'Hello {{1}}, see you {{2}}. {{3}} Bye.', variables_str: 'first_name/date/free_text' },
      { first_name: null },
      { timeZone: 'Europe/Rome', language: 'en' },
    );
    expect(rendered).toEqual({ text: 'Hello , see you . Bye.', parameters: ['', '', ''] });
  });

  it('R3.15 date_number is the date when there is one, else the number; percent, number and website as given', () => {
    const template = { template_text: 'Offer {{1}}% at {{2}} until {{3}} ok', variables_str: 'percent/website/date_number' };
    expect(renderTemplate(template, { percent: '20', website: 'pawline.example', number: '3' }, ROME).parameters).toEqual([
      '20',
      'pawline.example',
      '3',
    ]);
    expect(renderTemplate(template, { percent: '20', number: '3', at: AT }, ROME).parameters[2]).toBe('martedì 13 marzo 2029');
  });

  it('R5.11 cuts the free text to 500 characters and makes every value one line', () => {
    const long = 'x'.repeat(800);
    const rendered = renderTemplate({ template_text: 'A {{1}} B', variables_str: 'free_text' }, { free_text: long }, ROME);
    expect(rendered.parameters[0]).toHaveLength(FREE_TEXT_MAX);
    expect(parameterText('line one\nline two\t\tend      here')).toBe('line one line two end   here');
  });

  it('never substitutes a placeholder a value brings in, and every parameter is one line of at most 500 characters', () => {
    fc.assert(
      fc.property(
        fc.record({ first_name: fc.string({ maxLength: 700 }), pet_name: fc.string(), free_text: fc.string({ maxLength: 900 }) }),
        (values) => {
          const rendered = renderTemplate(
            { template_text: 'Hi {{1}} and {{2}}: {{3}} end', variables_str: 'first_name/pet_name/free_text' },
            values,
            ROME,
          );
          for (const parameter of rendered.parameters) {
            expect(parameter.length).toBeLessThanOrEqual(FREE_TEXT_MAX);
            expect(parameter).not.toMatch(/[\n\r\t]| {4}/);
          }
          // values come in once each, in order: the text is the template with them in place (spaces collapsed)
          const expected = `Hi ${rendered.parameters[0]} and ${rendered.parameters[1]}: ${rendered.parameters[2]} end`
            .replace(/ {2,}/g, ' ')
            .trim();
          expect(rendered.text).toBe(expected);
        },
      ),
    );
  });

  it('R3.13 checks a template: placeholders 1..n in order, n known variables, none first or last', () => {
    expect(templateProblems({ template_text: 'Hi {{1}}, see you {{2}}.', variables_str: 'first_name/date' })).toEqual([]);
    expect(templateProblems({ template_text: 'Hi {{1}}, see you {{3}}.', variables_str: 'first_name/date' })).toContain(
      'placeholders_not_numbered_in_order',
    );
    expect(templateProblems({ template_text: 'Hi {{1}}.', variables_str: 'first_name/date' })).toContain('placeholder_count_mismatch');
    expect(templateProblems({ template_text: 'Hi {{1}}.', variables_str: 'nickname' })).toContain('unknown_variable');
    expect(templateProblems({ template_text: '{{1}}, hello', variables_str: 'first_name' })).toContain('placeholder_at_start_or_end');
  });

  it('R3.13 has a valid built-in template of every type in every language', () => {
    for (const type of [0, 1, 2, 3, 4]) {
      for (const language of MESSAGE_LANGUAGES) {
        const found = BUILT_IN_TEMPLATES.filter((template) => template.template_type === type && template.language === language);
        expect(found).toHaveLength(1);
        expect(templateProblems(found[0])).toEqual([]);
      }
    }
    expect(new Set(BUILT_IN_TEMPLATES.map((template) => template.id)).size).toBe(BUILT_IN_TEMPLATES.length);
    expect(TEMPLATE_VARIABLES).toHaveLength(12);
  });
});
