import { buildCsv, centsText } from './csv';

describe('CSV of a chart', () => {
  it('R1.12 writes a header and one line per bucket, quoting what needs it', () => {
    expect(
      buildCsv(
        ['Day', 'Appointments', 'Treatment'],
        [
          ['2026-11-01', 3, 'Wash, cut'],
          ['2026-11-02', 0, 'Say "hi"'],
          ['2026-11-03', null, 'line\nbreak'],
        ],
      ),
    ).toBe('Day,Appointments,Treatment\r\n2026-11-01,3,"Wash, cut"\r\n2026-11-02,0,"Say ""hi"""\r\n2026-11-03,,"line\nbreak"\r\n');
  });

  it('neutralises a text that a spreadsheet would run as a formula, and keeps negative numbers', () => {
    expect(buildCsv(['a', 'b'], [['=SUM(A1)', -5]])).toBe("a,b\r\n'=SUM(A1),-5\r\n");
  });

  it('writes cents as a decimal amount', () => {
    expect(centsText(123450)).toBe('1234.50');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(-250)).toBe('-2.50');
  });
});
