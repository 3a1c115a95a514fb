import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '@pawline/contracts';

/**
 * The fields of a parsed JSON body or query string whose text (a value or a key, at any depth)
 * holds U+0000 or an unpaired surrogate, by path as validation_failed names fields. Checked here,
 * where every body and query enters, rather than in each of the contracts' many string schemas:
 * one place covers every route, every record key and every route added later, and the services
 * behind never see such text.
 */
export function unsafeTextFields(value: unknown, at: string[] = []): Record<string, string> {
  const fields: Record<string, string> = {};
  const visit = (node: unknown, path: string[]): void => {
    if (typeof node === 'string') {
      if (isUnsafeText(node)) fields[path.join('.') || '_'] ??= UNSAFE_TEXT_MESSAGE;
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const entries = Array.isArray(node) ? node.map((item, index) => [String(index), item] as const) : Object.entries(node);
    for (const [key, item] of entries) {
      const where = [...path, key];
      if (isUnsafeText(key)) fields[where.join('.')] ??= UNSAFE_TEXT_MESSAGE;
      visit(item, where);
    }
  };
  visit(value, at);
  return fields;
}
