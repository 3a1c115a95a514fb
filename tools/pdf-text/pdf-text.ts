import { execFile } from 'node:child_process';
import { join } from 'node:path';

export type PdfText = { pages: string[]; title: string | null };

/** A PDF's text as pdf.js reads it (read-pdf.mjs in its own Node process): one string per page. */
export async function pdfText(bytes: Buffer): Promise<PdfText> {
  const [read] = await pdfTexts([bytes]);
  if (!read) throw new Error('pdf.js read nothing');
  return read;
}

/** Several PDFs read in one process (starting pdf.js once). */
export function pdfTexts(documents: Buffer[]): Promise<PdfText[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'read-pdf.mjs')],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pdf.js could not read the PDF: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as PdfText[]);
      },
    );
    child.stdin?.end(JSON.stringify(documents.map((bytes) => bytes.toString('base64'))));
  });
}
