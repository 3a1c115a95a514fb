/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../confirm-dialog/ConfirmDialog';
import { pawlineSystem } from '../theme/pawline-system';
import { DialogFrame, responsiveDialogSize } from './DialogFrame';

const mount = (ui: ReactElement) => render(<ChakraProvider value={pawlineSystem}>{ui}</ChakraProvider>);

describe('DialogFrame', () => {
  it('fills a phone screen for a dialog and keeps its own size from md up; a question stays a box', () => {
    expect(responsiveDialogSize('dialog', 'lg')).toEqual({ base: 'full', md: 'lg' });
    expect(responsiveDialogSize('dialog', undefined)).toEqual({ base: 'full', md: 'md' });
    expect(responsiveDialogSize('alertdialog', 'sm')).toBe('sm');
    expect(responsiveDialogSize('alertdialog', undefined)).toBeUndefined();
  });

  it('shows title, body and both buttons; cancel and confirm call their handlers', async () => {
    const onCancel = jest.fn();
    const onClick = jest.fn();
    mount(
      <DialogFrame
        title="Check-out"
        testId="frame"
        cancelLabel="Cancel"
        onCancel={onCancel}
        confirm={{ label: 'Save', testId: 'frame-save', onClick }}
      >
        <p>body text</p>
      </DialogFrame>,
    );
    const content = await screen.findByTestId('frame');
    expect(content.textContent).toContain('Check-out');
    expect(content.querySelector('.chakra-dialog__body')?.textContent).toBe('body text');
    expect(content.getAttribute('role')).toBe('dialog');
    fireEvent.click(screen.getByTestId('frame-save'));
    expect(onClick).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('Cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('without a confirm there is only the cancel button; a busy or disabled confirm cannot be clicked', async () => {
    const onClick = jest.fn();
    const { rerender } = mount(<DialogFrame title="Scope" testId="frame" cancelLabel="Cancel" onCancel={jest.fn()} />);
    expect((await screen.findByTestId('frame')).querySelectorAll('button')).toHaveLength(1);
    rerender(
      <ChakraProvider value={pawlineSystem}>
        <DialogFrame
          title="Scope"
          testId="frame"
          cancelLabel="Cancel"
          onCancel={jest.fn()}
          confirm={{ label: 'Save', testId: 'frame-save', busy: true, onClick }}
        />
      </ChakraProvider>,
    );
    fireEvent.click(screen.getByTestId('frame-save'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('ConfirmDialog keeps its testids, the alertdialog role and leaves out an empty body', async () => {
    const onConfirm = jest.fn();
    mount(
      <ConfirmDialog
        open
        title="Deactivate?"
        confirmLabel="Deactivate"
        cancelLabel="Cancel"
        danger
        onConfirm={onConfirm}
        onCancel={jest.fn()}
      />,
    );
    const content = await screen.findByTestId('confirm-dialog');
    expect(content.getAttribute('role')).toBe('alertdialog');
    expect(content.querySelector('.chakra-dialog__body')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('puts further actions in the footer before cancel', async () => {
    const onDelete = jest.fn();
    mount(
      <DialogFrame
        title="Appointment"
        testId="frame"
        cancelLabel="Cancel"
        onCancel={jest.fn()}
        confirm={{ label: 'Save', testId: 'frame-save', onClick: jest.fn(), variant: 'outline' }}
        extraActions={<button onClick={onDelete}>Delete</button>}
      />,
    );
    const content = await screen.findByTestId('frame');
    const footer = [...content.querySelectorAll('.chakra-dialog__footer button')].map((button) => button.textContent);
    expect(footer).toEqual(['Delete', 'Cancel', 'Save']);
    fireEvent.click(screen.getByText('Delete'));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
