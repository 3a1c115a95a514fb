import axe from 'axe-core';

/**
 * The page's axe violations in jsdom: names, labels, roles and structure. Colour contrast needs a layout
 * jsdom has not (the browser suite checks it, e2e/support/axe.ts).
 */
export async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
