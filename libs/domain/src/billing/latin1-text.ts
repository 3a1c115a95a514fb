// The FatturaPA schema takes names, addresses and descriptions as Latin-1 text (its String…LatinType
// patterns: Basic Latin and Latin-1 Supplement only) of a bounded length, never empty. What people type
// (a phone's typographic apostrophe, an en dash, the euro sign, a Polish ł) is written the closest way the
// schema allows; what has no Latin form (emoji, Chinese) is left out.

/** Typographic and common characters outside Latin-1, and how the e-invoice writes them. */
const SPELLED: Readonly<Record<string, string>> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201A': "'", // ‚
  '\u201B': "'", // ‛
  '\u2032': "'", // ′
  '\u02BC': "'", // ʼ
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u201E': '"', // „
  '\u201F': '"', // ‟
  '\u2033': '"', // ″
  '\u2010': '-', // ‐
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // ‒
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2015': '-', // ―
  '\u2212': '-', // −
  '\u2026': '...', // …
  '\u2022': '-', // •
  '\u20AC': 'EUR', // €
  '\u2122': 'TM', // ™
  '\u0152': 'OE', // Œ
  '\u0153': 'oe', // œ
  '\u0141': 'L', // Ł
  '\u0142': 'l', // ł
  '\u0110': 'D', // Đ
  '\u0111': 'd', // đ
  '\u0131': 'i', // ı
  '\u017F': 's', // ſ
  '\u00A0': ' ', // no-break space: a plain one
  '\u00AD': '', // soft hyphen: invisible
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;

function latin1Of(char: string): string {
  const spelled = SPELLED[char];
  if (spelled !== undefined) return spelled;
  const code = char.codePointAt(0) ?? 0;
  // control characters (XML forbids most of them) become spaces; Latin-1 is kept as it is
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
  if (code <= 0xff) return char;
  // a letter with marks Latin-1 lacks (ő, š, ğ…): the same letter without them, if that is Latin-1
  const bare = char.normalize('NFD').replace(COMBINING_MARKS, '');
  return [...bare].every((c) => (c.codePointAt(0) ?? 0xffff) <= 0xff) ? bare : '';
}

/** Text as the e-invoice writes it: Latin-1 only, spaces collapsed, trimmed (empty when nothing is left). */
export function toLatin1Text(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) out += latin1Of(char);
  return out.replace(/\s+/g, ' ').trim();
}

/** Latin-1 text cut to a field's length (in characters, as the schema counts), without a trailing space. */
export function latin1Field(text: string, maxLength: number): string {
  return [...toLatin1Text(text)].slice(0, maxLength).join('').trimEnd();
}

/** Whether anything of a text can be written on an e-invoice (a name of emoji only cannot). */
export function writableAsLatin1(text: string): boolean {
  return toLatin1Text(text).length > 0;
}

/** The schema's lengths of the free-text fields we write (Schema_del_file_xml_FatturaPA_v1.2.2.xsd). */
export const FATTURA_PA_LENGTHS = {
  /** String80LatinType */
  denominazione: 80,
  /** String60LatinType: Nome, Cognome, Indirizzo, Comune */
  nome: 60,
  indirizzo: 60,
  comune: 60,
  /** String1000LatinType */
  descrizione: 1000,
} as const;
