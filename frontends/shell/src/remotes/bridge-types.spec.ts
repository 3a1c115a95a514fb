import type { BridgeSnackbarType, ShellBridge } from '@pawline/api-client';
import { SNACKBAR_TYPE, type SnackbarType } from '@pawline/ui';

// libs/api-client may not import libs/domain, so ShellBridge.notify names the numbers itself: the type
// check fails here when they and SNACKBAR_TYPE (libs/domain, spec §4) ever differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: Same<BridgeSnackbarType, SnackbarType> = true;

describe('ShellBridge.notify', () => {
  it('R4.05 takes exactly the snackbar types SNACKBAR_TYPE names', () => {
    const shown: [number, string][] = [];
    const notify: ShellBridge['notify'] = (type, message) => void shown.push([type, message]);
    notify(SNACKBAR_TYPE.success, 'Saved');
    // @ts-expect-error a number that is no snackbar type
    notify(7, 'nothing');
    expect(sameTypes).toBe(true);
    expect(shown[0]).toEqual([2, 'Saved']);
  });
});
