import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { sdiRuleErrors, type SdiError } from '../src/sdi/sdi-rules';
import { all, readXml, textAt } from '../src/invoice/xml-reader';

// Every e-invoice the tests produce goes through here: the official FatturaPA 1.2.2 schema (vendored in
// tools/reference/fatturapa, its xmldsig import resolved to the file beside it) with libxml2's validator
// (xmllint-wasm), then the SdI's rules a schema cannot say (src/invoice/sdi-rules.ts) and our own sums.
// FATTURAPA_VALIDATION_LOG=<file> appends one verdict per invoice file checked (the counts in the note).

const REFERENCE = join(__dirname, '../../../tools/reference/fatturapa');
const XMLDSIG_URL = 'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';

let schema: { main: string; xmldsig: string } | null = null;

function schemaFiles() {
  if (!schema) {
    const main = readFileSync(join(REFERENCE, 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd'), 'utf8').replace(/^\uFEFF/, '');
    if (!main.includes(XMLDSIG_URL)) throw new Error('the FatturaPA schema no longer imports xmldsig from where we expect');
    schema = {
      main: main.replace(XMLDSIG_URL, 'xmldsig-core-schema.xsd'),
      xmldsig: readFileSync(join(REFERENCE, 'xmldsig-core-schema.xsd'), 'utf8'),
    };
  }
  return schema;
}

export type FatturaPaVerdict = { schema: string[]; sdi: SdiError[]; ours: string[] };

/** Our own arithmetic beyond the SdI's tolerances: the document total is the sum of the summaries, exactly. */
function ourSums(xml: string): string[] {
  const root = readXml(xml);
  return all(root, 'FatturaElettronicaBody').flatMap((body) => {
    const summaries = all(body, 'DatiBeniServizi/DatiRiepilogo');
    const sum = summaries.reduce(
      (cents, summary) =>
        cents + Math.round(Number(textAt(summary, 'ImponibileImporto')) * 100) + Math.round(Number(textAt(summary, 'Imposta')) * 100),
      0,
    );
    const total = Math.round(Number(textAt(body, 'DatiGenerali/DatiGeneraliDocumento/ImportoTotaleDocumento')) * 100);
    return total === sum ? [] : [`ImportoTotaleDocumento ${total} is not the summaries' ${sum} cents`];
  });
}

/** The schema's, the SdI's and our verdict on one file. */
export async function fatturaPaVerdict(fileName: string, xml: string): Promise<FatturaPaVerdict> {
  const files = schemaFiles();
  const result = await validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: { fileName: 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd', contents: files.main },
    preload: { fileName: 'xmldsig-core-schema.xsd', contents: files.xmldsig },
  });
  const sdi = sdiRuleErrors(fileName, xml);
  const verdict = {
    schema: result.valid ? [] : result.errors.map((error) => error.message).concat(result.errors.length ? [] : ['xmllint: not valid']),
    sdi,
    ours: sdi.some((error) => error.code === '00200') ? [] : ourSums(xml),
  };
  return verdict;
}

/** Fails the test unless an e-invoice we produced is valid by the official schema, the SdI's rules and our sums. */
export async function expectValidFatturaPa(fileName: string, xml: string): Promise<void> {
  const verdict = await fatturaPaVerdict(fileName, xml);
  const log = process.env['FATTURAPA_VALIDATION_LOG'];
  if (log) {
    const valid = verdict.schema.length === 0 && verdict.sdi.length === 0 && verdict.ours.length === 0;
    appendFileSync(log, `${valid ? 'valid' : 'INVALID'}\t${fileName}\t${expect.getState().currentTestName ?? ''}\n`);
  }
  expect(verdict).toEqual({ schema: [], sdi: [], ours: [] });
}
