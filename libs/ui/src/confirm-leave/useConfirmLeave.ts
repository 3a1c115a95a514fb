import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_EN = 'You have unsaved changes. Are you sure you wish to leave?';

const dirtyForms = new Set<symbol>();

export type ConfirmFn = (message: string) => boolean;

/** Decides a blocked navigation: leave when the user confirms (R5.15). */
export function decideLeave(dirty: boolean, message: string, confirm: ConfirmFn): boolean {
  return !dirty || confirm(message);
}

/**
 * Asks before leaving a form with unsaved changes (R5.15): in-app navigation through the
 * router's blocker, closing or reloading the tab through beforeunload. Needs a data router.
 */
export function useConfirmLeave(dirty: boolean, message: string = UNSAVED_CHANGES_EN): void {
  // A router consults only its newest blocker, so every form of a page shares one dirty set:
  // whichever blocker the router asks knows about the other forms too.
  const [form] = useState(() => Symbol('form'));
  useEffect(() => {
    if (!dirty) return undefined;
    dirtyForms.add(form);
    return () => {
      dirtyForms.delete(form);
    };
  }, [dirty, form]);
  const anyDirty = () => dirty || dirtyForms.size > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => anyDirty() && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (decideLeave(dirty || dirtyForms.size > 0, message, (text) => window.confirm(text))) blocker.proceed();
    else blocker.reset();
  }, [blocker, dirty, message]);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, message]);
}
