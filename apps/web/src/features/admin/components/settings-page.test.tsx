import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SMTP_PORT_MESSAGE, SMTP_PORTS, SMTP_SUPER_ADMIN_ONLY } from '@wheelmeet/contracts';
import { jsonResponse, mockFetch } from '@/test/render';
import { guarded, makeSettings, profileRoute, type Role, renderAdminPage, signIn } from '../test-utils';
import { SettingsPage, WHEEL_SETTINGS_NOTE } from './settings-page';

const pages = [{ path: 'settings', element: guarded('admin', <SettingsPage />) }];

function open(settings = makeSettings(), role: Role = 'super-admin') {
  signIn(role);
  const fetchMock = mockFetch({
    ...profileRoute(role),
    'GET /api/admin/settings': jsonResponse(settings),
    'PUT /api/admin/settings': (_url, init) =>
      jsonResponse({ ...makeSettings(), ...JSON.parse(String(init?.body)), smtpPasswordSet: true }),
  });
  renderAdminPage('/admin/settings', pages);
  return fetchMock;
}

type Typist = Pick<ReturnType<typeof userEvent.setup>, 'clear' | 'type'>;

async function replace(label: RegExp, value: string, user: Typist = userEvent) {
  const input = await screen.findByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('settings page', () => {
  it('loads the stored settings with their defaults', async () => {
    open();
    expect(await screen.findByLabelText(/^Max wheel participants/)).toHaveValue(20);
    expect(screen.getByLabelText(/^Default match duration/)).toHaveValue(7);
    expect(screen.getByLabelText(/^SMTP port/)).toHaveValue('587');
  });

  it('says truthfully that the wheel figures limit nothing, rather than offering a cap of 100 beside plans of 200', async () => {
    open();
    const field = await screen.findByLabelText(/^Max wheel participants/);
    expect(field).toHaveAccessibleDescription('A number from 2 to 100, kept for reference.');
    expect(screen.getByText(WHEEL_SETTINGS_NOTE)).toBeInTheDocument();
    expect(screen.queryByText('From 2 to 100.')).not.toBeInTheDocument();
  });

  it('keeps max participants within 2 to 100 and the match duration within 1 to 30 days', async () => {
    const fetchMock = open();
    await replace(/^Max wheel participants/, '101');
    await replace(/^Default match duration/, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Max participants must be from 2 to 100')).toBeInTheDocument();
    expect(screen.getByText('Match duration must be from 1 to 30 days')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await replace(/^Max wheel participants/, '1');
    await replace(/^Default match duration/, '31');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Max participants must be from 2 to 100')).toBeInTheDocument();
    expect(screen.getByText('Match duration must be from 1 to 30 days')).toBeInTheDocument();
  });

  it('says the settings were saved for 3 seconds, and never sends a blank SMTP password', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = open(makeSettings({ smtpPasswordSet: true }));
    expect(await screen.findByText('Set')).toBeInTheDocument();
    await replace(/^Max wheel participants/, '40', user);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved successfully.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = JSON.parse(String(put?.[1]?.body));
    expect(body).toMatchObject({ maxWheelParticipants: 40 });
    expect(body).not.toHaveProperty('smtpPassword');
    expect(body).not.toHaveProperty('smtpPasswordSet');

    act(() => vi.advanceTimersByTime(2_500));
    expect(screen.getByText('Settings saved successfully.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByText('Settings saved successfully.')).not.toBeInTheDocument();
  });

  it('sends a new SMTP password when one is typed', async () => {
    const fetchMock = open();
    expect(await screen.findByText('Not set')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^SMTP password/), 's3cret');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ smtpPassword: 's3cret' });
    // Write-only: the field is emptied again and the indicator now says Set.
    expect(screen.getByLabelText(/^SMTP password/)).toHaveValue('');
  });

  it('offers only the mail ports, and names them when a port saved earlier is another', async () => {
    open(makeSettings({ smtpPort: 6379 }));
    const port = await screen.findByLabelText(/^SMTP port/);
    expect(port).toHaveValue('6379');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      ...SMTP_PORTS.map(String),
      '6379',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SMTP_PORT_MESSAGE)).toBeInTheDocument();

    await userEvent.selectOptions(port, '465');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully.')).toBeInTheDocument();
  });

  it('shows a plain admin the mail server read-only, saves the rest, and offers no test email', async () => {
    const fetchMock = open(
      makeSettings({ smtpServer: 'smtp.example.test', smtpPort: 465, smtpUsername: 'mailer' }),
      'admin',
    );
    expect(await screen.findByText(SMTP_SUPER_ADMIN_ONLY)).toBeInTheDocument();
    expect(screen.getByText('smtp.example.test')).toBeInTheDocument();
    expect(screen.getByText('465')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^SMTP server/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^SMTP port/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^SMTP password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a test email' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    await replace(/^Site name/, 'Meetly');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    // The mail server goes back as it was, so the server has nothing to refuse.
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      siteName: 'Meetly',
      smtpServer: 'smtp.example.test',
      smtpPort: 465,
      smtpUsername: 'mailer',
    });
  });
});
