/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BASE, mountMessages, ORGA, settingsRow, templateRow, TEMPLATE_0, TEMPLATE_4 } from '../testing/messages-harness';

const PATH = `${BASE}/settings`;

function gateway(sent: { method: string; body: unknown }[], settings = settingsRow()) {
  return (url: URL, method: string, body: unknown) => {
    const path = decodeURIComponent(url.pathname);
    if (path.endsWith('/msg/templates'))
      return { body: { v: [templateRow(TEMPLATE_0), templateRow(TEMPLATE_4, { template_type: 4, title: 'Two days before' })] } };
    if (path === `/api/v1/orga/${ORGA}/msg/settings`) {
      if (method === 'PUT') {
        sent.push({ method, body });
        return { body: { ...settings, ...(body as object), updated_at: '2026-11-24T10:00:00Z' } };
      }
      return { body: settings };
    }
    return undefined;
  };
}

describe('reminder settings', () => {
  it('R3.14 shows each reminder on or off with its template and time', async () => {
    mountMessages({ path: PATH, handler: gateway([]) });
    await screen.findByTestId('settings-page');
    expect(screen.getByTestId<HTMLInputElement>('appointment-reminder-enabled').checked).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('pre-appointment-reminder-enabled').checked).toBe(false);
    expect(screen.getByTestId<HTMLSelectElement>('appointment-reminder-template').value).toBe(TEMPLATE_0);
    expect(screen.getByTestId<HTMLInputElement>('appointment-reminder-slot').value).toBe('12:00');
    expect(screen.getByTestId('pre-appointment-reminder').textContent).toContain('At least 2 days');
  });

  it('R5.12 R3.14 an administrator sets 1 day before: it becomes 2 on leaving the field, and 2 is saved with the reminder off (2)', async () => {
    const sent: { method: string; body: unknown }[] = [];
    mountMessages({ path: PATH, handler: gateway(sent) });
    const days = await screen.findByTestId<HTMLInputElement>('pre-appointment-days');
    expect(days.getAttribute('min')).toBe('2');
    fireEvent.change(days, { target: { value: '1' } });
    fireEvent.blur(days);
    expect(days.value).toBe('2');
    fireEvent.click(screen.getByTestId('appointment-reminder-enabled'));
    fireEvent.change(screen.getByTestId('appointment-reminder-slot'), { target: { value: '18:30' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ pre_appointment_days: 2, appointment_reminder_enabled: 2, msg_slot: '18:30' });
  });

  it('R5.11 a free-text addition over 500 characters is shown as too long and cannot be saved', async () => {
    mountMessages({ path: PATH, handler: gateway([]) });
    const addition = await screen.findByTestId('appointment-addition');
    fireEvent.change(addition, { target: { value: 'x'.repeat(501) } });
    expect(screen.getByTestId('appointment-addition-counter').textContent).toBe('-1 of 500 characters left');
    expect(screen.getByTestId('appointment-reminder').textContent).toContain('At most 500 characters');
    expect(screen.getByTestId<HTMLButtonElement>('settings-save').disabled).toBe(true);
    fireEvent.change(addition, { target: { value: 'x'.repeat(500) } });
    expect(screen.getByTestId<HTMLButtonElement>('settings-save').disabled).toBe(false);
  });

  it('a worker reads the settings: every field disabled, no Save', async () => {
    mountMessages({ path: PATH, rank: 3, handler: gateway([]) });
    await screen.findByTestId('settings-page');
    expect(screen.getByTestId<HTMLFieldSetElement>('settings-fieldset').disabled).toBe(true);
    expect(screen.queryByTestId('settings-save')).toBeNull();
    expect(screen.getByTestId('read-only-note')).toBeTruthy();
  });

  it('shows a failed load with its reason', async () => {
    mountMessages({
      path: PATH,
      handler: () => ({ status: 503, body: { code: 'service_unavailable', message: 'The service is not available right now.' } }),
    });
    expect((await screen.findByTestId('error-state')).textContent).toContain('The service is not available right now.');
  });
});
