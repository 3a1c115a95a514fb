import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { productUrl } from './browser';
import { mailboxLink } from './mailbox';

export type Newcomer = { email: string; password: string; firstName: string; lastName: string; salon: string };

export function newcomer(): Newcomer {
  const tag = randomBytes(5).toString('hex');
  return {
    email: `e2e-${tag}@example.com`,
    password: `Pw-${tag}-secure`,
    firstName: 'Greta',
    lastName: `Tester${tag.slice(0, 4)}`,
    salon: `Salon ${tag}`,
  };
}

/** The verification link of the newest mail to `email`, rebased onto the product's origin. */
export async function verificationLinkFromMailbox(page: Page, email: string): Promise<string> {
  return (await mailboxLink(page, email, '/verify-email')).href;
}

async function api(pathname: string, body: unknown): Promise<Response> {
  return fetch(`${productUrl()}/api/v1${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
}

/**
 * POST /auth/register, waiting out the gateway's registration limit (5 a minute per address) that a
 * whole browser suite from one machine reaches: the limit is the product's, the wait is the test's.
 */
async function registerRespectingRateLimit(body: unknown): Promise<Response> {
  const deadline = Date.now() + 90000;
  for (;;) {
    const response = await api('/auth/register', body);
    if (response.status !== 429 || Date.now() > deadline) return response;
    const retryAfter = Number(response.headers.get('retry-after') ?? '5');
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(retryAfter, 1), 30) * 1000));
  }
}

/** A registered and verified account, made through the public API (for tests about other things). */
export async function verifiedAccount(page: Page): Promise<Newcomer> {
  const person = newcomer();
  const registered = await registerRespectingRateLimit({
    email: person.email,
    password: person.password,
    first_name: person.firstName,
    last_name: person.lastName,
    organization_name: person.salon,
    country: 'IT',
    language: 'en',
    accept_terms: true,
    accept_privacy: true,
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const link = new URL(await verificationLinkFromMailbox(page, person.email));
  const verified = await api('/auth/verify-email', { token: link.searchParams.get('token') });
  if (!verified.ok) throw new Error(`verify-email answered ${verified.status}: ${await verified.text()}`);
  return person;
}

/** Signs in through the login page and waits for the signed-in frame. */
export async function signIn(page: Page, person: Newcomer): Promise<void> {
  await page.goto(`${productUrl()}/login`);
  await page.locator('input[name="username"]').fill(person.email);
  await page.locator('input[name="password"]').fill(person.password);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('left-drawer').waitFor();
}
