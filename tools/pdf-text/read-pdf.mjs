// Reads PDFs (a JSON list of base64 strings on stdin) with pdf.js (Mozilla's parser, its legacy build for Node) and
// prints each one's pages' text and title as JSON. A child process: jest's CommonJS cannot load pdf.js's ES modules.

// pdf.js 6 calls Promise.withResolvers, which Node has from 22 on; this is its documented behaviour on Node 20
Promise.withResolvers ??= function withResolvers() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const read = [];
for (const base64 of JSON.parse(Buffer.concat(chunks).toString('utf8'))) {
  const data = new Uint8Array(Buffer.from(base64, 'base64'));
  const document = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => `${item.str}${item.hasEOL ? '\n' : ''}`).join(''));
  }
  const metadata = await document.getMetadata();
  read.push({ pages, title: metadata.info?.Title ?? null });
}
process.stdout.write(JSON.stringify(read));
