import type { EventContract, RpcContract, WorkContract } from './core';
import * as crm from './crm';
import * as identity from './identity';
import * as scheduling from './scheduling';
import * as messaging from './messaging';
import * as booking from './booking';
import * as billing from './billing';
import * as marketing from './marketing';
import * as analytics from './analytics';
import * as retail from './retail';
import * as webhooks from './webhooks';

/** Contracts of each service, by the service that answers (rpc) or publishes (evt, work) them. */
export const CONTRACTS_BY_SERVICE = {
  identity,
  crm,
  scheduling,
  messaging,
  booking,
  billing,
  marketing,
  analytics,
  retail,
  webhooks,
} as const;

/** Subjects every kit service answers in addition to its own (see libs/contracts/src/kit). */
export const KIT_SUBJECTS = ['rpc.<service>.health', 'rpc.<service>.dead-letter.list'] as const;

export type SubjectRow = {
  service: string;
  kind: 'rpc' | 'event' | 'work';
  subject: string;
  /** the exported constant that defines it */
  contract: string;
};

type AnyContract = RpcContract | EventContract | WorkContract;

function isContract(value: unknown): value is AnyContract {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return (kind === 'rpc' || kind === 'event' || kind === 'work') && typeof (value as { subject?: unknown }).subject === 'string';
}

/** The subject table: every message of the system, derived from the contracts so it cannot go stale. */
export function subjectTable(): SubjectRow[] {
  const rows: SubjectRow[] = [];
  for (const [service, exports] of Object.entries(CONTRACTS_BY_SERVICE)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isContract(value)) rows.push({ service, kind: value.kind, subject: value.subject, contract: name });
    }
  }
  return rows.sort((a, b) => a.subject.localeCompare(b.subject));
}
