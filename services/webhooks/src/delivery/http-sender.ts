import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isDeliverableAddress, type AddressPolicy } from './address-check';
import { ForbiddenAddressError, safeLookup } from './safe-lookup';

/** An attempt's outcome: the HTTP status, or why there was none. */
export type SendOutcome = { status: number } | { error: string };

export type SendRequest = { url: string; body: string; headers: Record<string, string>; timeoutMs: number };

/**
 * POSTs one delivery. The connection goes only to an address checked here (a literal one) or by
 * safeLookup in the socket's own resolution (a name), redirects are not followed, and the answer's body is read and dropped (at most 64 KiB).
 */
export function sendDelivery(policy: AddressPolicy, req: SendRequest): Promise<SendOutcome> {
  const url = new URL(req.url);
  // Node connects to a literal address without calling `lookup`: judge it here (no name, nothing can change it)
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !isDeliverableAddress(literal, policy))
    return Promise.resolve({ error: new ForbiddenAddressError(literal, literal).message });
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const outgoing = request(
      url,
      {
        method: 'POST',
        lookup: safeLookup(policy),
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        timeout: req.timeoutMs,
        agent: false,
      },
      (answer) => {
        let read = 0;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 65_536) answer.destroy();
        });
        answer.on('error', () => finish({ status: answer.statusCode ?? 0 }));
        answer.on('close', () => finish({ status: answer.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${req.timeoutMs} ms`)), req.timeoutMs);
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${req.timeoutMs} ms`)));
    outgoing.on('error', (error) => finish({ error: error.message.slice(0, 300) }));
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.end(req.body);
  });
}
