import {
  EMPTY_TREATMENT_FORM,
  presetOf,
  sortTreatments,
  TREATMENT_COLOUR_PRESETS,
  treatmentChange,
  treatmentFields,
  treatmentFormOf,
  validateTreatmentForm,
} from './treatment-form';
import type { Treatment } from './treatments-api';

const bath: Treatment = {
  id: '11111111-1111-4111-8111-111111111111',
  orga_id: '22222222-2222-4222-8222-222222222222',
  name: 'Bagno',
  archive: false,
  default_duration: 45,
  default_price: 2550,
  color: '#1565c0',
};

describe('treatment form', () => {
  it('R5.01 asks for a name, and keeps the limits the server keeps (minutes 1 to 1440, name up to 100)', () => {
    expect(validateTreatmentForm(EMPTY_TREATMENT_FORM)).toEqual({ name: 'validation.required' });
    expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: '   ' }).name).toBe('validation.required');
    expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: 'x'.repeat(101) }).name).toBe('settings.treatmentNameTooLong');
    expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: 'x'.repeat(100) })).toEqual({});
    for (const duration of ['0', '1441', '', '12.5', '-5', 'abc'])
      expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', duration }).duration).toBe(
        'settings.treatmentDurationInvalid',
      );
    for (const duration of ['1', '1440', ' 90 '])
      expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', duration })).toEqual({});
  });

  it('R5.16 reads the price as amount text with a comma or a dot; empty is 0; other text is refused, not guessed', () => {
    expect(treatmentFields({ ...EMPTY_TREATMENT_FORM, name: ' Bagno ', price: '25,5' })).toEqual({
      name: 'Bagno',
      default_duration: 60,
      default_price: 2550,
      color: null,
    });
    expect(treatmentFields({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', price: '0.29' }).default_price).toBe(29);
    expect(treatmentFields({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', price: '' }).default_price).toBe(0);
    for (const price of ['-5', '1e10', '12,345', 'abc', '1000000,01'])
      expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', price }).price).toBe('settings.treatmentPriceInvalid');
    expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', price: '1000000,00' })).toEqual({});
  });

  it('R9.09 offers the 8 preset colours; a colour is #rrggbb in lower case or none', () => {
    expect(TREATMENT_COLOUR_PRESETS).toHaveLength(8);
    expect(presetOf('#1565C0')).toBe(0);
    expect(presetOf('#123456')).toBe(-1);
    expect(presetOf(null)).toBe(-1);
    expect(treatmentFields({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', color: '#C2185B' }).color).toBe('#c2185b');
    expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', color: '#abc' }).color).toBe('settings.colourInvalid');
    expect(validateTreatmentForm({ ...EMPTY_TREATMENT_FORM, name: 'Bagno', color: 'red' }).color).toBe('settings.colourInvalid');
  });

  it('an edit sends only what changed, a removed colour as null', () => {
    const form = treatmentFormOf(bath);
    expect(form).toEqual({ name: 'Bagno', duration: '45', price: '25,50', color: '#1565c0' });
    expect(treatmentChange(bath, form)).toEqual({});
    expect(treatmentChange(bath, { ...form, price: '30' })).toEqual({ default_price: 3000 });
    expect(treatmentChange(bath, { ...form, color: null, duration: '60' })).toEqual({ color: null, default_duration: 60 });
    // a treatment answered by an older server has no colour field: choosing none is no change
    const { color: _color, ...older } = bath;
    expect(treatmentChange(older, { ...treatmentFormOf(older) })).toEqual({});
  });

  it("sorts by name in the user's language, accents and case aside", () => {
    const names = ['zampe', 'Éclat', 'bagno', 'Unghie'].map((name, i) => ({ ...bath, id: `${i}`, name }));
    expect(sortTreatments(names, 'fr').map((t) => t.name)).toEqual(['bagno', 'Éclat', 'Unghie', 'zampe']);
  });
});
