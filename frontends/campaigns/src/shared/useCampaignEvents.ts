import type { RealtimeMessage, ShellBridge } from '@pawline/api-client';
import { useEffect, useRef } from 'react';

/** A campaign event of this store (R4.20 scope 'campaign'): its id and whether it is gone. */
export type CampaignEvent = { id: string | null; deleted: boolean };

export function campaignEventOf(message: RealtimeMessage, storeId: string): CampaignEvent | null {
  if (message.scope !== 'campaign') return null;
  if (message.store_id && message.store_id !== storeId) return null;
  return { id: typeof message.data === 'string' ? message.data : null, deleted: message.event === 'deleted' };
}

/** Calls `onEvent` for each campaign event of the store over the shell's one realtime connection. */
export function useCampaignEvents(bridge: Pick<ShellBridge, 'subscribe'>, storeId: string, onEvent: (event: CampaignEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const subscribe = bridge.subscribe;
  useEffect(() => {
    if (!subscribe) return undefined;
    return subscribe((message) => {
      const event = campaignEventOf(message, storeId);
      if (event) handler.current(event);
    });
  }, [subscribe, storeId]);
}
