import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// axe-core's browser build, put into the page through the DevTools protocol (page.evaluate), which
// the gateway's Content-Security-Policy does not apply to: no inline script, no CSP bypass.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type A11yViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** The WCAG 2.x A and AA rules (and axe's best practices) that fail on `page` as it is now. */
export async function a11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<A11yViolation[]> {
  // colours measured mid-animation (a dialog fading in, a button's colour transition) are blends that
  // fail contrast for a moment: let every finite animation and transition end first
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (exclude: string[]) => {
    type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }).axe;
    const context = exclude.length ? { include: [document], exclude: exclude.map((selector) => [selector]) } : document;
    const result = await axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, options.exclude ?? []);
}

/**
 * The bar: no serious or critical violation. The failure message lists each one with the
 * elements it was found on, so a red run says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string, options: { exclude?: string[] } = {}): Promise<void> {
  const serious = (await a11yViolations(page, options)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const described = serious.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.targets.slice(0, 8).join('\n    ')}`,
  );
  expect({ where, violations: described }).toEqual({ where, violations: [] });
}
