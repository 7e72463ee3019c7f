import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { signIn, WHEEL_A } from '../test-utils';
import {
  ALLOWED_SITES_LABEL,
  EMBED_CODE_LABEL,
  EMBED_HEADING,
  EMBED_LOAD_ERROR,
  EMBED_SAVED,
  NO_SITES_YET,
  WheelEmbedPanel,
} from './wheel-embed-panel';

const URL = `/api/admin/wheels/${WHEEL_A}/embed`;
const settings = (allowedOrigins: string[]) => ({
  wheelId: WHEEL_A,
  allowedOrigins,
  embedPath: `/embed/wheels/${WHEEL_A}`,
});

/** The lists the panel sent to save. */
const saves = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

function open(routes: Parameters<typeof mockFetch>[0]) {
  signIn('admin');
  const fetchMock = mockFetch(routes);
  renderRoutes(
    [{ path: '/', element: <WheelEmbedPanel wheel={{ id: WHEEL_A, name: 'Spring "mixer"' }} /> }],
    '/',
  );
  return fetchMock;
}

describe('embedding a wheel on the organiser’s site', () => {
  it('shows the allowed sites and the code to paste, and copies it', async () => {
    open({ [`GET ${URL}`]: jsonResponse(settings(['https://events.example.com', 'http://127.0.0.1:8080'])) });
    const panel = await screen.findByRole('region', { name: EMBED_HEADING });
    const sites = await within(panel).findByRole('list', { name: 'Sites that can show this wheel' });
    expect(
      within(sites)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['https://events.example.com', 'http://127.0.0.1:8080']);
    expect(within(panel).getByLabelText(ALLOWED_SITES_LABEL)).toHaveValue(
      'https://events.example.com\nhttp://127.0.0.1:8080',
    );

    const origin = window.location.origin;
    const code = (within(panel).getByLabelText(EMBED_CODE_LABEL) as HTMLTextAreaElement).value;
    expect(code).toContain(`<iframe src="${origin}/embed/wheels/${WHEEL_A}"`);
    expect(code).toContain('title="WheelMeet: Spring &quot;mixer&quot;"');
    expect(code).toContain('allow="camera; microphone; autoplay; fullscreen"');
    expect(code).toContain(`<script src="${origin}/embed.js" async></script>`);

    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenCalledWith(code);
    expect(await within(panel).findByText('Copied!')).toBeInTheDocument();
  });

  it('says that no site may show the wheel until one is added', async () => {
    open({ [`GET ${URL}`]: jsonResponse(settings([])) });
    expect(await screen.findByText(NO_SITES_YET)).toBeInTheDocument();
    expect(screen.getByLabelText(ALLOWED_SITES_LABEL)).toHaveValue('');
  });

  it('names a line that is not a site and sends nothing; saves the sites as origins', async () => {
    const fetchMock = open({
      [`GET ${URL}`]: jsonResponse(settings([])),
      [`PUT ${URL}`]: (_url, init) =>
        jsonResponse(settings(JSON.parse(String(init?.body)).allowedOrigins as string[])),
    });
    const field = await screen.findByLabelText(ALLOWED_SITES_LABEL);
    await userEvent.type(field, 'https://events.example.com/{Enter}events.example.com/page');
    await userEvent.click(screen.getByRole('button', { name: 'Save allowed sites' }));
    expect(
      await screen.findByText(/“events\.example\.com\/page”: Enter a site as http\(s\):\/\/host/),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(saves(fetchMock)).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'https://Events.Example.com/{Enter}{Enter}http://localhost:4000');
    await userEvent.click(screen.getByRole('button', { name: 'Save allowed sites' }));
    expect(await screen.findByText(EMBED_SAVED)).toBeInTheDocument();
    expect(saves(fetchMock)).toEqual([
      { allowedOrigins: ['https://events.example.com', 'http://localhost:4000'] },
    ]);
    const sites = screen.getByRole('list', { name: 'Sites that can show this wheel' });
    expect(
      within(sites)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['https://events.example.com', 'http://localhost:4000']);
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server’s refusal when a save fails', async () => {
    open({
      [`GET ${URL}`]: jsonResponse(settings([])),
      [`PUT ${URL}`]: errorResponse(404, 'not_found', 'Wheel not found'),
    });
    await userEvent.type(await screen.findByLabelText(ALLOWED_SITES_LABEL), 'https://a.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save allowed sites' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wheel not found');
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    let calls = 0;
    open({
      [`GET ${URL}`]: () => {
        calls += 1;
        return calls === 1 ? errorResponse(500, 'internal_error', 'boom') : jsonResponse(settings([]));
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(EMBED_LOAD_ERROR);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText(NO_SITES_YET)).toBeInTheDocument());
  });
});
