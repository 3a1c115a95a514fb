import { decideLeave, UNSAVED_CHANGES_EN } from './useConfirmLeave';

describe('decideLeave', () => {
  it('R5.15 asks with the unsaved-changes text and stays when the user declines', () => {
    const confirm = jest.fn().mockReturnValue(false);
    expect(decideLeave(true, UNSAVED_CHANGES_EN, confirm)).toBe(false);
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you wish to leave?');
  });

  it('R5.15 leaves when confirmed, and without asking when nothing changed', () => {
    expect(decideLeave(true, UNSAVED_CHANGES_EN, () => true)).toBe(true);
    const confirm = jest.fn();
    expect(decideLeave(false, UNSAVED_CHANGES_EN, confirm)).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
  });
});
