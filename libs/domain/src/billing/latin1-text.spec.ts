import fc from 'fast-check';
import { FATTURA_PA_LENGTHS, latin1Field, toLatin1Text, writableAsLatin1 } from './latin1-text';

// The schema's String…LatinType: Basic Latin and Latin-1 Supplement; XML refuses the control characters.
const LATIN1_TEXT = /^[\x20-\x7e\xa1-\xff]*$/;

describe('text written on a FatturaPA e-invoice (Latin-1, the schema lengths)', () => {
  it('writes what phones and keyboards insert the closest way Latin-1 allows', () => {
    expect(toLatin1Text('Toelettatura L’Incanto di Zampè – S.r.l.')).toBe("Toelettatura L'Incanto di Zampè - S.r.l.");
    expect(toLatin1Text('“Fido” — 10 €')).toBe('"Fido" - 10 EUR');
    expect(toLatin1Text('Łódź, Straße 5, Müller, Œuvre…')).toBe('Lódz, Straße 5, Müller, OEuvre...');
    expect(toLatin1Text('Şişli İstanbul, Dvořák, Gödöllő')).toBe('Sisli Istanbul, Dvorák, Gödöllo');
  });

  it('keeps Latin-1 letters as they are: ß ü è à ñ ç', () => {
    expect(toLatin1Text('Weißbräu Zürich Café Niño Garçon')).toBe('Weißbräu Zürich Café Niño Garçon');
  });

  it('leaves out what has no Latin form, collapses spaces and control characters, and trims', () => {
    expect(toLatin1Text('  Pet 🐶  Spa\t\n北京 ')).toBe('Pet Spa');
    expect(toLatin1Text('a\u0000b\u00a0c\u00add')).toBe('a b cd');
    expect(writableAsLatin1('🐶🐾')).toBe(false);
    expect(writableAsLatin1('   ')).toBe(false);
    expect(writableAsLatin1('Via Roma')).toBe(true);
  });

  it('cuts to the field length the schema allows, in characters, without a trailing space', () => {
    const legalName = `Toelettatura L’Incanto di Zampè – ${'Società Cooperativa Sociale '.repeat(6)}S.r.l.`.slice(0, 200);
    expect(legalName).toHaveLength(200);
    const written = latin1Field(legalName, FATTURA_PA_LENGTHS.denominazione);
    expect(written.length).toBeLessThanOrEqual(80);
    expect(written.startsWith("Toelettatura L'Incanto di Zampè - Società")).toBe(true);
    expect(latin1Field('Via delle Rose       ', 60)).toBe('Via delle Rose');
    expect(latin1Field(`${'a'.repeat(59)} b`, 60)).toBe('a'.repeat(59));
  });

  it('property: any text becomes Latin-1 without edge spaces, no longer than the field, and stays the same written twice', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer({ min: 1, max: 1000 }), (text, max) => {
        const written = latin1Field(text, max);
        expect(written).toMatch(LATIN1_TEXT);
        expect([...written].length).toBeLessThanOrEqual(max);
        expect(written).toBe(written.trim());
        expect(latin1Field(written, max)).toBe(written);
      }),
    );
  });

  it('property: printable Latin-1 text with single spaces is written unchanged', () => {
    const latin1Char = fc
      .integer({ min: 0x21, max: 0xff })
      .filter((code) => code < 0x7f || (code > 0xa0 && code !== 0xad))
      .map((code) => String.fromCharCode(code));
    const word = fc.array(latin1Char, { minLength: 1, maxLength: 8 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
        const text = words.join(' ');
        expect(toLatin1Text(text)).toBe(text);
      }),
    );
  });
});
