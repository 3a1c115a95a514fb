import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '@pawline/contracts';

/** Where a value sits: its key and its parent's place (a path is only spelled out for a problem). */
type Place = { key: string; parent: Place | null } | null;

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
}

/**
 * The fields of a parsed JSON body or query string whose text (a value or a key, at any depth)
 * holds U+0000 or an unpaired surrogate, by path as validation_failed names fields. Checked here,
 * where every body and query enters, rather than in each of the contracts' many string schemas:
 * one place covers every route, every record key and every route added later, and the services
 * behind never see such text. Walks with its own stack: a 100 kB body can nest 50 000 deep.
 */
export function unsafeTextFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const pending: { node: unknown; place: Place }[] = [{ node: value, place: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, place } = next;
    if (typeof node === 'string') {
      if (isUnsafeText(node)) fields[pathOf(place)] ??= UNSAFE_TEXT_MESSAGE;
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const entries = Array.isArray(node) ? node.map((item, index) => [String(index), item] as const) : Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i] as readonly [string, unknown];
      const where = { key, parent: place };
      if (isUnsafeText(key)) fields[pathOf(where)] ??= UNSAFE_TEXT_MESSAGE;
      pending.push({ node: item, place: where });
    }
  }
  return fields;
}
