import { useCallback, useRef, useState } from 'react';
import { pageActionOf, type PageTarget } from '../realtime/crm-events';
import type { ClientsContext } from './clients-context';
import { useCrmEvents } from './useCrmEvents';
import { useLoad } from './useLoad';

/**
 * The data of a customer or pet page, kept live (R4.20): its deletion elsewhere sets `deleted`;
 * another change of it (or of what `target` names) reads it again, unless the editor has unsaved
 * edits of the entity itself, which a refetch would replace: then a warning. A new one is not live.
 */
export function useDetailPage<T>(ctx: ClientsContext, loader: () => Promise<T>, isNew: boolean, target: (value: T | null) => PageTarget) {
  const { load, reload } = useLoad(loader);
  const [deleted, setDeleted] = useState(false);
  const dirtyRef = useRef(false);

  useCrmEvents(ctx.bridge, (event) => {
    if (isNew || deleted) return;
    const page = target(load.status === 'ready' ? load.value : null);
    const action = pageActionOf(event, page);
    if (action === 'deleted') setDeleted(true);
    else if (action === 'refetch') {
      if (event.entity === page.entity && dirtyRef.current) ctx.bridge.notify(1, ctx.t('clients.changedElsewhere'));
      else reload();
    }
  });

  const onDirty = useCallback((dirty: boolean) => {
    dirtyRef.current = dirty;
  }, []);
  return { load, reload, deleted, onDirty };
}
