import fc from 'fast-check';
import { BOOKING_TEMPLATES } from './booking-templates';
import { templateCreationProblem } from './cloud-api-rules';
import { BUILT_IN_TEMPLATES, MESSAGE_LANGUAGES, type MessageLanguage } from './default-templates';
import { NoAnchorError, registeredParameters, registeredTemplate, renderRegistered } from './registered-template';
import { registrationOf } from './template-registration';
import { parseVariables } from './template-renderer';
import { EXAMPLE_VALUES, anchorsFor, valueWithFallback } from './whatsapp-wording';

const reminder = {
  template_text:
    "Hello {{1}}, this is a reminder of {{2}}'s appointment at {{3}} on {{4}} at {{5}}. {{6}} Please confirm or decline below.",
  variables_str: 'first_name/pet_name/store_name/date/time/free_text',
};
const values: Record<string, string> = { first_name: 'Emma', pet_name: 'Rex', store_name: 'Happy Paws', date: 'Tuesday', time: '14:30' };

describe('registered templates: optional variables folded into their anchors', () => {
  const registered = registeredTemplate(reminder, anchorsFor('appointment'));

  it('registers one parameter per always-filled variable, the free text folded into the time', () => {
    expect(registered.body).toBe(
      "Hello {{1}}, this is a reminder of {{2}}'s appointment at {{3}} on {{4}} at {{5}} Please confirm or decline below.",
    );
    expect(registered.slots.map((slot) => slot.anchor)).toEqual(['first_name', 'pet_name', 'store_name', 'date', 'time']);
  });

  it('sends the same number of parameters with and without the free text, none empty, and reads as before', () => {
    const without = registeredParameters(registered, (name) => values[name] ?? '');
    const withText = registeredParameters(registered, (name) => (name === 'free_text' ? 'Bring the lead' : (values[name] ?? '')));
    expect(without).toEqual({ parameters: ['Emma', 'Rex', 'Happy Paws', 'Tuesday', '14:30.'] });
    expect(withText).toEqual({ parameters: ['Emma', 'Rex', 'Happy Paws', 'Tuesday', '14:30. Bring the lead.'] });
    if (!('parameters' in without) || !('parameters' in withText)) throw new Error('an anchor was empty');
    expect(renderRegistered(registered, without.parameters)).toBe(
      "Hello Emma, this is a reminder of Rex's appointment at Happy Paws on Tuesday at 14:30. Please confirm or decline below.",
    );
    expect(renderRegistered(registered, withText.parameters)).toBe(
      "Hello Emma, this is a reminder of Rex's appointment at Happy Paws on Tuesday at 14:30. Bring the lead. Please confirm or decline below.",
    );
  });

  it('folds a leading optional variable into the first anchor after it', () => {
    const leading = registeredTemplate(
      { template_text: 'Note: {{1}} Hi {{2}}, see you.', variables_str: 'free_text/first_name' },
      anchorsFor('customer'),
    );
    expect(leading.body).toBe('Note: {{1}}, see you.');
    expect(registeredParameters(leading, (name) => (name === 'first_name' ? 'Emma' : 'Bring treats'))).toEqual({
      parameters: ['Bring treats. Hi Emma'],
    });
    expect(registeredParameters(leading, (name) => (name === 'first_name' ? 'Emma' : ''))).toEqual({ parameters: ['Hi Emma'] });
  });

  it('refuses a template whose every variable may be missing, and names an anchor left empty', () => {
    expect(() => registeredTemplate({ template_text: 'Hi, {{1}} bye', variables_str: 'website' }, anchorsFor('customer'))).toThrow(
      NoAnchorError,
    );
    expect(registeredParameters(registered, (name) => (name === 'time' ? '' : (values[name] ?? '')))).toEqual({ emptyAnchor: 'time' });
  });
});

/** Every subset of a template's variables, as the set of those present. */
function* presence(variables: string[]): Generator<Set<string>> {
  for (let mask = 0; mask < 2 ** variables.length; mask += 1) yield new Set(variables.filter((_, i) => (mask >> i) & 1));
}

type Case = { name: string; language: MessageLanguage; template_text: string; variables_str: string; anchors: ReadonlySet<string> };
const cases: Case[] = [
  ...BUILT_IN_TEMPLATES.map((t) => ({ ...t, anchors: anchorsFor([0, 4].includes(t.template_type) ? 'appointment' : 'customer') })),
  ...BOOKING_TEMPLATES.map((t) => ({ ...t, anchors: anchorsFor(t.kind === 'booking_declined' ? 'booking_declined' : 'appointment') })),
];

describe('no empty parameter is ever sent (issue 27)', () => {
  it.each(cases.map((c) => [`${c.name} ${c.language}`, c] as const))(
    '%s: every combination of present and missing values gives as many parameters as registered, none empty, one line each',
    (_, template) => {
      const registration = registrationOf({ ...template, category: 'UTILITY', button: 1 }, template.anchors);
      expect(templateCreationProblem({ ...registration, body: registration.body })).toBeNull();
      const variables = parseVariables(template.variables_str);
      for (const present of presence(variables)) {
        const result = registeredParameters(registration, (variable) =>
          valueWithFallback(variable, present.has(variable) ? EXAMPLE_VALUES[template.language][variable] : '', template.language),
        );
        if ('emptyAnchor' in result) {
          // only an anchor without a stand-in (date, time, link) can be missing, and then nothing is sent
          expect(['date', 'time', 'date_number', 'link']).toContain(result.emptyAnchor);
          expect(present.has(result.emptyAnchor)).toBe(false);
          continue;
        }
        expect(result.parameters).toHaveLength(registration.slots.length);
        for (const parameter of result.parameters) expect(parameter).toMatch(/^\S(.*\S)?$/);
        const text = renderRegistered(registration, result.parameters);
        // French puts a space before ! and :, no language before a full stop or comma
        expect(text).not.toMatch(/\{\{|\s{2}| [.,]/);
      }
    },
  );

  it('any values, even long or multi-line ones, give one-line parameters in the registered number', () => {
    const registration = registrationOf(
      { ...reminder, name: 'pawline_test', language: 'en', category: 'UTILITY', button: 1 },
      anchorsFor('appointment'),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...parseVariables(reminder.variables_str)), fc.string({ maxLength: 80 })), (given) => {
        const result = registeredParameters(registration, (variable) => valueWithFallback(variable, given[variable] ?? '', 'en'));
        if ('emptyAnchor' in result) return;
        expect(result.parameters).toHaveLength(5);
        for (const parameter of result.parameters) expect(parameter).not.toMatch(/^\s|\s$|\n/);
      }),
    );
  });

  it('gives the examples WhatsApp asks for in every language', () => {
    for (const language of MESSAGE_LANGUAGES) {
      const registration = registrationOf(
        { ...reminder, name: 'pawline_test', language, category: 'UTILITY', button: 1 },
        anchorsFor('appointment'),
      );
      expect(registration.examples).toHaveLength(5);
      expect(registration.buttons).toHaveLength(2);
    }
  });
});
