const { validateXML } = require('xmllint-wasm');
const fs = require('fs');
const dir = 'tools/reference/fatturapa/';
let xsd = fs.readFileSync(dir + 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd', 'utf8').replace(/^\uFEFF/, '');
xsd = xsd.replace('http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd', 'xmldsig-core-schema.xsd');
const dsig = fs.readFileSync(dir + 'xmldsig-core-schema.xsd', 'utf8');
const xml = `<?xml version="1.0" encoding="UTF-8"?><p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><FatturaElettronicaHeader/></p:FatturaElettronica>`;
(async () => {
  const t = Date.now();
  const r = await validateXML({ xml: { fileName: 'f.xml', contents: xml }, schema: { fileName: 'fpa.xsd', contents: xsd }, preload: { fileName: 'xmldsig-core-schema.xsd', contents: dsig } });
  console.log(r.valid, r.errors.map(e => e.message), Date.now() - t);
  const t2 = Date.now();
  const r2 = await validateXML({ xml: [{ fileName: 'a.xml', contents: xml }, { fileName: 'b.xml', contents: xml }], schema: { fileName: 'fpa.xsd', contents: xsd }, preload: { fileName: 'xmldsig-core-schema.xsd', contents: dsig } });
  console.log(r2.valid, r2.errors.length, Date.now() - t2);
})();
