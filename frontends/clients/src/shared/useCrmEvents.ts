import type { ShellBridge } from '@pawline/api-client';
import { useEffect, useRef } from 'react';
import { crmEventOf, type CrmEvent } from '../realtime/crm-events';

/**
 * Calls `onEvent` for each crm event (customer, pet, tag) of the organization, over the shell's
 * one realtime connection (bridge.subscribe; this device's own events never arrive, R4.16).
 * A shell without bridge.subscribe gives none: the pages still refetch on open and after a save.
 */
export function useCrmEvents(bridge: Pick<ShellBridge, 'subscribe'>, onEvent: (event: CrmEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const subscribe = bridge.subscribe;
  useEffect(() => {
    if (!subscribe) return undefined;
    return subscribe((message) => {
      const event = crmEventOf(message);
      if (event) handler.current(event);
    });
  }, [subscribe]);
}
