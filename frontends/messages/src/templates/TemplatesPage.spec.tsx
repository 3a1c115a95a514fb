/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BASE, mountMessages, ORGA, STORE, templateRow, TEMPLATE_0, TEMPLATE_4 } from '../testing/messages-harness';

const PATH = `${BASE}/templates`;
const OWN = '60000000-0000-4000-8000-000000000001';

function gateway(
  sent: { method: string; path: string; body: unknown }[],
  templates = [
    templateRow(TEMPLATE_0),
    templateRow(TEMPLATE_4, { template_type: 4, title: 'Two days before' }),
    templateRow(OWN, { orga_id: ORGA, built_in: false, status: 'pending', title: 'Our own' }),
  ],
) {
  return (url: URL, method: string, body: unknown) => {
    const path = decodeURIComponent(url.pathname);
    if (path.endsWith('/msg/templates')) return { body: { v: templates } };
    if (path.endsWith('/msg/preview')) {
      sent.push({ method, path, body });
      return {
        body: {
          text: 'Hello Maria, Fido is expected on 26/11/2026.',
          parameters: ['Maria', 'Fido', '26/11/2026'],
          appointment_id: '70000000-0000-4000-8000-000000000001',
        },
      };
    }
    if (method !== 'GET') {
      sent.push({ method, path, body });
      return { status: method === 'POST' ? 201 : 200, body: templateRow(OWN, { orga_id: ORGA, built_in: false, ...(body as object) }) };
    }
    return undefined;
  };
}

describe('templates', () => {
  it('R3.13 lists the templates by type with status, variables and buttons', async () => {
    mountMessages({ path: PATH, handler: gateway([]) });
    const reminders = await screen.findByTestId('template-type-0');
    expect(reminders.textContent).toContain('Appointment reminder');
    expect(reminders.textContent).toContain('{{1}} First name · {{2}} Pet name · {{3}} Date · {{4}} Time');
    expect(reminders.textContent).toContain('Confirm / Decline');
    expect(within(screen.getByTestId('template-type-4')).getByText('Two days before')).toBeTruthy();
    expect(screen.getByText('Under review')).toBeTruthy();
  });

  it('R3.13 R3.15 an administrator writes a template with numbered variables and sees it filled with a real appointment', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    mountMessages({ path: PATH, handler: gateway(sent) });
    fireEvent.click(await screen.findByTestId('template-new'));
    fireEvent.change(screen.getByTestId('template-title'), { target: { value: 'Friendly reminder' } });
    fireEvent.change(screen.getByTestId('template-text'), { target: { value: 'Hello ' } });
    fireEvent.click(screen.getByTestId('variable-first_name'));
    fireEvent.change(screen.getByTestId('template-text'), {
      target: { value: `${screen.getByTestId<HTMLTextAreaElement>('template-text').value}, ` },
    });
    fireEvent.click(screen.getByTestId('variable-pet_name'));
    // WhatsApp refuses a placeholder at the end of the text
    expect(screen.getByTestId('template-editor').textContent).toContain('A template cannot start or end with a placeholder');
    fireEvent.change(screen.getByTestId('template-text'), {
      target: { value: `${screen.getByTestId<HTMLTextAreaElement>('template-text').value}!` },
    });
    fireEvent.change(screen.getByTestId('template-button'), { target: { value: '1' } });
    expect(screen.getByTestId<HTMLTextAreaElement>('template-text').value).toBe('Hello {{1}}, {{2}}!');
    expect(screen.getByTestId('template-variables').textContent).toBe('{{1}} First name · {{2}} Pet name');
    expect(await screen.findByTestId('template-preview-text', {}, { timeout: 2000 })).toHaveProperty(
      'textContent',
      'Hello Maria, Fido is expected on 26/11/2026.',
    );
    expect(sent.find((r) => r.path.endsWith('/msg/preview'))).toEqual({
      method: 'POST',
      path: `/api/v1/orga/${ORGA}/store/${STORE}/msg/preview`,
      body: { template_text: 'Hello {{1}}, {{2}}!', variables_str: 'first_name/pet_name' },
    });
    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'POST' && r.path.endsWith('/msg/template'))?.body).toEqual({
        template_type: 0,
        title: 'Friendly reminder',
        template_text: 'Hello {{1}}, {{2}}!',
        variables_str: 'first_name/pet_name',
        button: 1,
        frequency: null,
        language: 'en',
      }),
    );
  });

  it('R3.13 a placeholder without its variable cannot be saved', async () => {
    mountMessages({ path: PATH, handler: gateway([]) });
    fireEvent.click(await screen.findByTestId('template-new'));
    fireEvent.change(screen.getByTestId('template-title'), { target: { value: 'Broken' } });
    fireEvent.change(screen.getByTestId('template-text'), { target: { value: 'Hello {{1}}, see you.' } });
    expect(screen.getByTestId('template-editor').textContent).toContain('Every placeholder needs its variable');
    expect(screen.getByTestId<HTMLButtonElement>('template-save').disabled).toBe(true);
  });

  it('an administrator edits and deletes only the organization’s own templates', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    mountMessages({ path: PATH, handler: gateway(sent) });
    await screen.findByText('Our own');
    expect(screen.getAllByTestId('template-edit')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('template-delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'DELETE', path: `/api/v1/orga/${ORGA}/msg/template/${OWN}`, body: undefined }),
    );
  });

  it('a worker reads the templates without New, Edit or Delete', async () => {
    mountMessages({ path: PATH, rank: 3, handler: gateway([]) });
    await screen.findByText('Our own');
    expect(screen.queryByTestId('template-new')).toBeNull();
    expect(screen.queryByTestId('template-edit')).toBeNull();
    expect(screen.queryByTestId('template-delete')).toBeNull();
    expect(screen.getByTestId('read-only-note')).toBeTruthy();
  });

  it('shows loading, then a failed load with its reason', async () => {
    let answer: ((v: { status: number; body: unknown }) => void) | null = null;
    mountMessages({ path: PATH, handler: () => new Promise((resolve) => (answer = resolve)) as never });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
    answer!({ status: 500, body: { code: 'internal', message: 'An error occurred.' } });
    expect((await screen.findByTestId('error-state')).textContent).toContain('An error occurred.');
  });

  it('an organization without templates sees the empty state', async () => {
    mountMessages({ path: PATH, handler: gateway([], []) });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No templates yet');
  });
});
