import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKeysResponse, CreatedWebhook, Webhook, WebhookDelivery } from '@wheelmeet/contracts';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { formatDateTime } from '../lib/format';
import { profileRoute, renderAdminPage, signIn } from '../test-utils';
import { ApiKeysForBusinessUsers } from './api-keys-page';
import { TRY_AGAIN_LABEL } from './list-content';
import {
  ADD_WEBHOOK_LABEL,
  DELIVERIES_EMPTY,
  DELIVERIES_TITLE,
  WEBHOOK_DELETE_CONFIRM,
  WEBHOOK_SECRET_SHOWN_ONCE,
  WEBHOOKS_EMPTY,
  WEBHOOKS_LOAD_ERROR,
} from './webhooks-section';

const pages = [{ path: 'api-keys', element: <ApiKeysForBusinessUsers /> }];
const LIST = '/api/admin/webhooks';
const HOOK: Webhook = {
  id: '77777777-7777-4777-8777-777777777777',
  url: 'https://crm.example.com/wheelmeet',
  events: ['round.completed', 'connection.made'],
  createdAt: '2026-11-01T09:00:00.000Z',
};
const keysPage = (planAllowsApi = true): ApiKeysResponse => ({
  keys: [],
  planAllowsApi,
  apiPlans: ['Professional', 'Enterprise'],
});
const noContent = () => Promise.resolve(new Response(null, { status: 204 }));

function open(routes: Parameters<typeof mockFetch>[0], planAllowsApi = true) {
  signIn('business');
  const fetchMock = mockFetch({
    ...profileRoute('business'),
    'GET /api/admin/api-keys': jsonResponse(keysPage(planAllowsApi)),
    ...routes,
  });
  renderAdminPage('/admin/api-keys', pages);
  return fetchMock;
}

/** The Webhooks section, once it is on the page. */
const webhooksSection = async () => screen.findByRole('region', { name: 'Webhooks' });

describe('Webhooks section', () => {
  it('explains webhooks and says when there are none yet', async () => {
    open({ [`GET ${LIST}`]: jsonResponse([]) });
    const section = await webhooksSection();
    expect(await within(section).findByText(WEBHOOKS_EMPTY)).toBeInTheDocument();
    expect(within(section).getByText('WheelMeet-Signature')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    expect(within(section).getByRole('button', { name: ADD_WEBHOOK_LABEL })).toBeInTheDocument();
  });

  it('lists webhooks by URL with their events in plain words', async () => {
    open({ [`GET ${LIST}`]: jsonResponse([HOOK]) });
    const table = await within(await webhooksSection()).findByRole('table', { name: 'Webhooks' });
    expect(within(table).getByText(HOOK.url)).toBeInTheDocument();
    expect(within(table).getByText('Round completed, Connection made')).toBeInTheDocument();
    expect(within(table).getByText(formatDateTime(HOOK.createdAt))).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: `Deliveries to ${HOOK.url}` })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: `Delete the webhook to ${HOOK.url}` }),
    ).toBeInTheDocument();
  });

  it('adds a webhook, shows its secret once and refreshes the list', async () => {
    const created: CreatedWebhook = {
      ...HOOK,
      events: ['match.accepted'],
      secret: 'whsec_VerySecret_0123456789',
    };
    let saved: Webhook[] = [];
    const fetchMock = open({
      [`GET ${LIST}`]: () => jsonResponse(saved),
      [`POST ${LIST}`]: () => {
        const { secret: _secret, ...webhook } = created;
        saved = [webhook];
        return jsonResponse(created, 201);
      },
    });
    const section = await webhooksSection();
    await within(section).findByText(WEBHOOKS_EMPTY);
    await userEvent.click(within(section).getByRole('button', { name: ADD_WEBHOOK_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: ADD_WEBHOOK_LABEL });
    await userEvent.click(within(dialog).getByRole('button', { name: ADD_WEBHOOK_LABEL }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be an http(s) URL')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/^URL/), HOOK.url);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Match accepted' }));
    await userEvent.click(within(dialog).getByRole('button', { name: ADD_WEBHOOK_LABEL }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { url: HOOK.url, events: ['match.accepted'] },
    ]);
    const panel = within(section).getByRole('region', { name: `Signing secret for ${HOOK.url}` });
    expect(within(panel).getByText(WEBHOOK_SECRET_SHOWN_ONCE)).toBeInTheDocument();
    const secret = within(panel).getByLabelText('Webhook secret');
    expect(secret).toHaveValue(created.secret);
    await waitFor(() => expect(secret).toHaveFocus());
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(created.secret);
    expect(await within(panel).findByText('Copied!')).toBeInTheDocument();

    const table = await within(section).findByRole('table', { name: 'Webhooks' });
    expect(within(table).getByText('Match accepted')).toBeInTheDocument();
    expect(within(table).queryByText(created.secret)).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /Signing secret/ })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(created.secret)).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: ADD_WEBHOOK_LABEL })).toHaveFocus();
  });

  it("shows the server's objection to the URL on the URL field", async () => {
    const objection = 'Must be a public address';
    open({
      [`GET ${LIST}`]: jsonResponse([]),
      [`POST ${LIST}`]: errorResponse(400, 'validation_failed', 'Invalid request', [
        { path: 'body.url', message: objection },
      ]),
    });
    const section = await webhooksSection();
    await userEvent.click(within(section).getByRole('button', { name: ADD_WEBHOOK_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: ADD_WEBHOOK_LABEL });
    await userEvent.type(within(dialog).getByLabelText(/^URL/), 'http://localhost:8080/hook');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Round completed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: ADD_WEBHOOK_LABEL }));

    const url = within(dialog).getByLabelText(/^URL/);
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining(objection)));
    expect(url).toBeInvalid();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Signing secret/ })).not.toBeInTheDocument();
  });

  it('asks before deleting a webhook, then takes it off the list', async () => {
    let saved = [HOOK];
    const fetchMock = open({
      [`GET ${LIST}`]: () => jsonResponse(saved),
      [`DELETE ${LIST}/${HOOK.id}`]: () => {
        saved = [];
        return noContent();
      },
    });
    const section = await webhooksSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: `Delete the webhook to ${HOOK.url}` }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(within(dialog).getByText(WEBHOOK_DELETE_CONFIRM)).toBeInTheDocument();
    expect(within(dialog).getByText(HOOK.url)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(within(section).getByRole('button', { name: `Delete the webhook to ${HOOK.url}` }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section).findByText(WEBHOOKS_EMPTY)).toBeInTheDocument();
    expect(within(section).queryByText(HOOK.url)).not.toBeInTheDocument();
  });

  it("shows a webhook's latest deliveries when asked", async () => {
    const failed: WebhookDelivery = {
      id: '99999999-9999-4999-8999-999999999999',
      event: 'connection.made',
      status: 'failed',
      attempts: 3,
      lastStatusCode: 500,
      nextAttemptAt: null,
      createdAt: '2026-11-02T10:00:00.000Z',
    };
    const pending: WebhookDelivery = {
      ...failed,
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      event: 'round.completed',
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      nextAttemptAt: '2026-11-02T10:05:00.000Z',
    };
    const other: Webhook = {
      ...HOOK,
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      url: 'https://b.example.com/in',
    };
    const fetchMock = open({
      [`GET ${LIST}`]: jsonResponse([HOOK, other]),
      [`GET ${LIST}/${HOOK.id}/deliveries`]: jsonResponse([failed, pending]),
      [`GET ${LIST}/${other.id}/deliveries`]: jsonResponse([]),
    });
    const section = await webhooksSection();
    await within(section).findByRole('table', { name: 'Webhooks' });
    const deliveriesCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/deliveries'));
    expect(deliveriesCalls()).toHaveLength(0);

    await userEvent.click(within(section).getByRole('button', { name: `Deliveries to ${HOOK.url}` }));
    let dialog = await screen.findByRole('dialog', { name: DELIVERIES_TITLE });
    expect(dialog).toHaveAccessibleDescription(HOOK.url);
    const items = within(await within(dialog).findByRole('list', { name: 'Deliveries' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Connection made');
    expect(first).toHaveTextContent('Failed');
    expect(first).toHaveTextContent('Attempts: 3');
    expect(first).toHaveTextContent('Last HTTP status: 500');
    expect(first).toHaveTextContent(formatDateTime(failed.createdAt));
    expect(second).toHaveTextContent('Round completed');
    expect(second).toHaveTextContent('Pending');
    expect(second).toHaveTextContent('Last HTTP status: —');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: `Deliveries to ${HOOK.url}` })).toHaveFocus(),
    );
    await userEvent.click(within(section).getByRole('button', { name: `Deliveries to ${other.url}` }));
    dialog = await screen.findByRole('dialog', { name: DELIVERIES_TITLE });
    expect(await within(dialog).findByText(DELIVERIES_EMPTY)).toBeInTheDocument();
  });

  it('says so when the webhooks cannot be loaded, and tries again', async () => {
    let calls = 0;
    open({
      [`GET ${LIST}`]: () => {
        calls += 1;
        return calls === 1 ? new Response('Bad gateway', { status: 502 }) : jsonResponse([HOOK]);
      },
    });
    const section = await webhooksSection();
    expect(await within(section).findByRole('alert')).toHaveTextContent(WEBHOOKS_LOAD_ERROR);
    await userEvent.click(within(section).getByRole('button', { name: TRY_AGAIN_LABEL }));
    expect(await within(section).findByText(HOOK.url)).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not there for a plan without the API', async () => {
    const fetchMock = open({}, false);
    expect(await screen.findByText(/Upgrade your plan/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith(LIST))).toBe(false);
  });
});
