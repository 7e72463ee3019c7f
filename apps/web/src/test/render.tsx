import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { type RealtimeClient, RealtimeClientContext } from '@/lib/realtime-client';

/** A fresh query client per test: no retries, no cache shared between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Mounts routes in a memory router at `path`; the router is returned to read the final location.
 * Screens that go live get `realtime` (a client on a FakeHub) instead of the real hub.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string | { pathname: string; state?: unknown },
  options: { realtime?: RealtimeClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const result = render(
    options.realtime ? <RealtimeClientContext value={options.realtime}>{app}</RealtimeClientContext> : app,
  );
  return { ...result, router, queryClient };
}

/** Renders the current location, for routes that only exist to prove a redirect landed. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.hash}
    </p>
  );
}

type Responder = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** What mockFetch takes: "METHOD /path" mapped to a response or a function answering the request. */
export type FetchRoutes = Record<string, Responder | Response>;

/** JSON response helper for fetch mocks. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The server's error envelope, with field `details` when given. */
export function errorResponse(status: number, code: string, message: string, details?: unknown): Response {
  // Every refusal carries a reason (REFUSAL_REASON_CODES); each error code is also a reason.
  return jsonResponse({ error: { code, reason: code, message, ...(details ? { details } : {}) } }, status);
}

/** Replaces fetch; `routes` maps "METHOD /path" to a response. Unknown requests fail the test loudly. */
export function mockFetch(routes: FetchRoutes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const responder = routes[key];
    if (!responder) throw new Error(`Unexpected request: ${key}`);
    return typeof responder === 'function' ? responder(url, init) : responder.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `path`, in order. */
export function requestBodies(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** Replaces window.alert (happy-dom has none) and returns the mock. */
export function stubAlert() {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  return alert;
}
