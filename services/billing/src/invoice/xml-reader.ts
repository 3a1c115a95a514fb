// A small reader for the XML we write and check (no DTD, no CDATA needed): elements by local name, their text
// with the five predefined entities and character references decoded. It throws on what is not well formed.

export type XmlElement = { name: string; children: XmlElement[]; text: string };

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    const known = ENTITIES[entity];
    if (known === undefined) throw new Error(`unknown entity ${whole}`);
    return known;
  });
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/** The document's root element. */
export function readXml(xml: string): XmlElement {
  const body = xml
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const stack: XmlElement[] = [{ name: '#document', children: [], text: '' }];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  let at = 0;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const between = body.slice(at, match.index);
    if (between.includes('<')) throw new Error(`not well formed near ${between.slice(0, 40)}`);
    const open = stack[stack.length - 1];
    open.text += decode(between);
    at = tag.lastIndex;
    const [, closing, qualified = '', , selfClosing] = match;
    if (closing) {
      const done = stack.pop();
      if (!done || done.name !== localName(qualified) || stack.length === 0) throw new Error(`unexpected </${qualified}>`);
      continue;
    }
    const element: XmlElement = { name: localName(qualified), children: [], text: '' };
    open.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (body.slice(at).trim() !== '' || stack.length !== 1) throw new Error('not well formed: unclosed elements or trailing text');
  const [root, ...others] = stack[0].children;
  if (!root || others.length > 0) throw new Error('not one root element');
  return root;
}

/** The elements at a path of local names below an element ('A/B/C'). */
export function all(element: XmlElement, path: string): XmlElement[] {
  return path
    .split('/')
    .reduce<XmlElement[]>((found, name) => found.flatMap((item) => item.children.filter((child) => child.name === name)), [element]);
}

/** The text of the first element at a path, or null. */
export function textAt(element: XmlElement, path: string): string | null {
  const [first] = all(element, path);
  return first ? first.text : null;
}
