/** @jest-environment jsdom */
import { ApiError } from '@pawline/api-client';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useDialogSave } from './useDialogSave';

type Field = 'name' | 'city';
const SERVER_FIELDS: readonly Field[] = ['name', 'city'];

function setup() {
  const notify = jest.fn();
  const setErrors = jest.fn();
  const onSaved = jest.fn();
  const hook = renderHook(() => useDialogSave<Field>(notify, SERVER_FIELDS, setErrors));
  return { notify, setErrors, onSaved, hook };
}

describe('useDialogSave', () => {
  it('is busy while the request runs and hands the answer to onSaved', async () => {
    const { hook, onSaved, notify, setErrors } = setup();
    let answer: (value: { id: string }) => void = () => undefined;
    act(() => hook.result.current.save(() => new Promise<{ id: string }>((resolve) => (answer = resolve)), onSaved));
    expect(hook.result.current.busy).toBe(true);
    await act(async () => answer({ id: 's1' }));
    expect(hook.result.current.busy).toBe(false);
    expect(onSaved).toHaveBeenCalledWith({ id: 's1' });
    expect(notify).not.toHaveBeenCalled();
    expect(setErrors).not.toHaveBeenCalled();
  });

  it("R8.04 puts the server's messages next to the form's own fields and shows its message", async () => {
    const { hook, onSaved, notify, setErrors } = setup();
    const refused = new ApiError(400, 'validation_failed', 'Check the form', { name: 'errors.required', unknown_column: 'errors.x' });
    act(() => hook.result.current.save(() => Promise.reject(refused), onSaved));
    await waitFor(() => expect(hook.result.current.busy).toBe(false));
    expect(setErrors).toHaveBeenCalledWith({ name: 'errors.required' });
    expect(notify).toHaveBeenCalledWith(0, 'Check the form');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('R8.06 shows any other failure without touching the field errors', async () => {
    const { hook, onSaved, notify, setErrors } = setup();
    act(() => hook.result.current.save(() => Promise.reject(new TypeError('Failed to fetch')), onSaved));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(0, 'Failed to fetch'));
    expect(setErrors).not.toHaveBeenCalled();
    expect(hook.result.current.busy).toBe(false);
  });
});
