import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, ApiKeysResponse, CreatedApiKey } from '@wheelmeet/contracts';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { COPY_FAILED_MESSAGE } from '../hooks/use-copy-to-clipboard';
import { profileRoute, renderAdminPage, signIn } from '../test-utils';
import { API_KEY_REVOKE_CONFIRM, API_KEY_SHOWN_ONCE, ApiKeysForBusinessUsers } from './api-keys-page';

const pages = [{ path: 'api-keys', element: <ApiKeysForBusinessUsers /> }];
const KEY: ApiKey = {
  id: '88888888-8888-4888-8888-888888888888',
  name: 'CRM sync',
  prefix: 'wm_live_Ab3d',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: null,
};
const page = (overrides: Partial<ApiKeysResponse> = {}): ApiKeysResponse => ({
  keys: [KEY],
  planAllowsApi: true,
  apiPlans: ['Professional', 'Enterprise'],
  ...overrides,
});

function open(routes: Parameters<typeof mockFetch>[0], role: 'business' | 'admin' = 'business') {
  signIn(role);
  // The webhooks section below the keys loads its own list.
  const fetchMock = mockFetch({
    ...profileRoute(role),
    'GET /api/admin/webhooks': jsonResponse([]),
    ...routes,
  });
  renderAdminPage('/admin/api-keys', pages);
  return fetchMock;
}

describe('API keys page', () => {
  it('lists keys by name and prefix with their dates, never the whole key', async () => {
    open({ 'GET /api/admin/api-keys': jsonResponse(page()) });
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('CRM sync')).toBeInTheDocument();
    expect(within(table).getByText('wm_live_Ab3d…')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
  });

  it('shows a new key once, then only its prefix', async () => {
    const created: CreatedApiKey = {
      ...KEY,
      id: '99999999-9999-4999-8999-999999999999',
      name: 'Zapier',
      prefix: 'wm_live_Zz9y',
      key: 'wm_live_Zz9yVerySecretRestOfTheKey_abcdefghijklmnop',
    };
    const fetchMock = open({
      'GET /api/admin/api-keys': jsonResponse(page({ keys: [] })),
      'POST /api/admin/api-keys': jsonResponse(created, 201),
    });
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Please name the key')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Zapier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Zapier' });
    const panel = screen.getByRole('region', { name: /Your new key/ });
    expect(within(panel).getByText(API_KEY_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(panel).getByLabelText('New API key')).toHaveValue(created.key);
    // A browser that refuses the clipboard says so, rather than leaving the key uncopied silently.
    const writeText = vi.fn(async (_text: string) => {
      throw new Error('Clipboard permission denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(created.key);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(COPY_FAILED_MESSAGE);

    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /Your new key/ })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(created.key)).not.toBeInTheDocument();
  });

  it('asks before revoking a key, and cancelling keeps it', async () => {
    const fetchMock = open({
      'GET /api/admin/api-keys': jsonResponse(page()),
      [`DELETE /api/admin/api-keys/${KEY.id}`]: () => Promise.resolve(new Response(null, { status: 204 })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke “CRM sync”?' });
    expect(within(dialog).getByText(API_KEY_REVOKE_CONFIRM)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke CRM sync' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke “CRM sync”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('shows a Starter account the upgrade message and no way to create a key', async () => {
    open({ 'GET /api/admin/api-keys': jsonResponse(page({ keys: [], planAllowsApi: false })) });
    expect(
      await screen.findByText(/The API is part of the Professional and Enterprise plans\. Upgrade your plan/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/business#pricing-section',
    );
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
  });

  it('says so when the keys cannot be loaded', async () => {
    open({ 'GET /api/admin/api-keys': errorResponse(500, 'internal_error', 'boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load API keys');
  });

  it('sends admins back to the dashboard', async () => {
    open({}, 'admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });
});
