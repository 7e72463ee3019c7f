import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Settings, TEST_EMAIL_NOT_SENT } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FetchRoutes, jsonResponse, mockFetch } from '@/test/render';
import { guarded, makeSettings, profileRoute, renderAdminPage, signIn } from '../test-utils';
import { SettingsPage } from './settings-page';

const pages = [{ path: 'settings', element: guarded('admin', <SettingsPage />) }];
const READY: Partial<Settings> = {
  smtpServer: 'smtp.example.test',
  smtpPort: 2525,
  senderEmail: 'events@example.test',
  enableEmailNotifications: true,
};

function open(settings: Settings, routes: FetchRoutes = {}) {
  signIn('super-admin');
  const fetchMock = mockFetch({
    ...profileRoute('super-admin'),
    'GET /api/admin/settings': jsonResponse(settings),
    ...routes,
  });
  renderAdminPage('/admin/settings', pages);
  return fetchMock;
}

const statusText = async () =>
  (await screen.findByText(/Email is not being sent|Email notifications are on/)).closest('[role="status"]')
    ?.textContent;

describe('email settings status', () => {
  it('says clearly that nothing is sent without an SMTP server', async () => {
    open(makeSettings());
    expect(await statusText()).toBe('Email is not being sent. No SMTP server is set, so no email is sent.');
  });

  it('says so when notifications are switched off', async () => {
    open(makeSettings({ ...READY, enableEmailNotifications: false }));
    expect(await statusText()).toBe(
      'Email is not being sent. Email notifications are switched off, so no email is sent.',
    );
  });

  it('names the server and sender when mail goes out', async () => {
    open(makeSettings(READY));
    expect(await statusText()).toContain('sent through smtp.example.test:2525 from events@example.test.');
  });

  it('reports a test email that was sent', async () => {
    const fetchMock = open(makeSettings(READY), {
      'POST /api/admin/email/test': jsonResponse({
        sent: true,
        to: 'admin@example.test',
        message: 'Test email sent to admin@example.test.',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test email' }));
    expect(await screen.findByText('Test email sent to admin@example.test.')).toBeInTheDocument();
    // The button does not submit the settings form.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('says only that the test email was not sent, and where to look', async () => {
    open(makeSettings(READY), {
      'POST /api/admin/email/test': jsonResponse({
        sent: false,
        to: 'admin@example.test',
        message: TEST_EMAIL_NOT_SENT,
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The test email could not be sent. Check the settings and the server log.',
    );
  });

  it('shows why a test cannot be sent without SMTP settings', async () => {
    open(makeSettings(), {
      'POST /api/admin/email/test': errorResponse(
        409,
        'conflict',
        'No SMTP server is set, so no email is sent.',
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No SMTP server is set, so no email is sent.');
  });
});
