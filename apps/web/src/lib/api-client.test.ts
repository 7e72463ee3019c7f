import { listPlansResponseSchema } from '@wheelmeet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANS } from '@/test/fixtures';
import { jsonResponse } from '@/test/render';
import { ApiError, createApiClient, errorMessage, NETWORK_ERROR_MESSAGE } from './api-client';
import { AUTH_STORAGE_KEYS } from './auth-storage';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}

afterEach(() => {
  localStorage.clear();
});

describe('api client', () => {
  it('parses a successful answer with the contract schema', async () => {
    const fetchMock = stubFetch(jsonResponse(PLANS));
    const api = createApiClient();

    await expect(api.get('/api/business/plans', listPlansResponseSchema)).resolves.toEqual(PLANS);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/business/plans');
    expect(init.method).toBe('GET');
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('sends JSON bodies and the stored bearer token', async () => {
    localStorage.setItem(AUTH_STORAGE_KEYS.adminToken, 'token-123');
    const fetchMock = stubFetch(jsonResponse(PLANS));
    const api = createApiClient();

    await api.post('/api/things', { accessCode: 'abc' }, listPlansResponseSchema);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"accessCode":"abc"}');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-123',
    });
  });

  it("keeps a caller's own Authorization header and leaves the admin session alone on its 401", async () => {
    localStorage.setItem(AUTH_STORAGE_KEYS.adminToken, 'token-123');
    const fetchMock = stubFetch(
      jsonResponse({ error: { code: 'unauthorized', reason: 'unauthorized', message: 'No.' } }, 401),
    );
    const navigate = vi.fn();
    const api = createApiClient({ navigate, currentPath: () => '/' });

    await expect(
      api.get('/api/config', listPlansResponseSchema, { headers: { Authorization: 'Bearer participant' } }),
    ).rejects.toMatchObject({ status: 401 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer participant' });
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBe('token-123');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns the error body into an ApiError with its code, message and details', async () => {
    stubFetch(
      jsonResponse(
        {
          error: {
            code: 'validation_failed',
            reason: 'validation_failed',
            message: 'Invalid access code. Please try again.',
            details: [{ path: 'accessCode', message: 'Wrong code' }],
          },
        },
        403,
      ),
    );
    const error = await caught(createApiClient().get('/api/wheels/x', listPlansResponseSchema));
    expect(error.status).toBe(403);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Invalid access code. Please try again.');
    expect(error.details).toEqual([{ path: 'accessCode', message: 'Wrong code' }]);
  });

  it('maps a failure without an error body by its status, with no server message', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await caught(createApiClient().get('/api/business/plans', listPlansResponseSchema));
    expect(error.status).toBe(502);
    expect(error.code).toBe('internal_error');
    expect(error.serverMessage).toBeNull();
    expect(errorMessage(error, 'Failed to load')).toBe('Failed to load');
  });

  it("never shows the status text of a 500 in plain text: 'Internal Server Error' gives the fallback", async () => {
    stubFetch(
      new Response('Internal Server Error', {
        status: 500,
        statusText: 'Internal Server Error',
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    const error = await caught(
      createApiClient().post('/api/business/demo-request', {}, listPlansResponseSchema),
    );
    expect(error.status).toBe(500);
    expect(error.code).toBe('internal_error');
    expect(error.serverMessage).toBeNull();
    expect(errorMessage(error, 'Failed to send demo request')).toBe('Failed to send demo request');
  });

  it('keeps the server message of a 5xx that carries our error body', async () => {
    stubFetch(
      jsonResponse(
        {
          error: {
            code: 'service_unavailable',
            reason: 'service_unavailable',
            message: 'Paused for maintenance.',
          },
        },
        503,
      ),
    );
    const error = await caught(createApiClient().get('/api/business/plans', listPlansResponseSchema));
    expect(error.serverMessage).toBe('Paused for maintenance.');
    expect(errorMessage(error, 'Failed to load')).toBe('Paused for maintenance.');
  });

  it('ignores a JSON body that is not our error model', async () => {
    stubFetch(jsonResponse({ message: 'Internal Server Error', statusCode: 500 }, 500));
    const error = await caught(createApiClient().get('/api/business/plans', listPlansResponseSchema));
    expect(error.serverMessage).toBeNull();
    expect(errorMessage(error, 'Failed to load')).toBe('Failed to load');
  });

  it('gives the fallback for an empty server message and for errors that are not ApiErrors', async () => {
    stubFetch(
      jsonResponse({ error: { code: 'internal_error', reason: 'internal_error', message: '  ' } }, 500),
    );
    const error = await caught(createApiClient().get('/api/business/plans', listPlansResponseSchema));
    expect(errorMessage(error, 'Failed to load')).toBe('Failed to load');
    expect(errorMessage(new Error('boom'), 'Failed to load')).toBe('Failed to load');
  });

  it("reports 'Network error. Please try again.' when fetch itself fails", async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await caught(createApiClient().get('/api/business/plans', listPlansResponseSchema));
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.message).toBe('Network error. Please try again.');
    expect(error.code).toBe('network_error');
    expect(error.status).toBe(0);
    // No answer means no server message; screens say so with the spec's network text.
    expect(error.serverMessage).toBeNull();
    expect(errorMessage(error, 'Failed to send demo request')).toBe('Network error. Please try again.');
  });

  it('rejects an answer that breaks the contract', async () => {
    stubFetch(jsonResponse([{ id: 1 }]));
    const error = await caught(createApiClient().get('/api/business/plans', listPlansResponseSchema));
    expect(error.code).toBe('invalid_response');
    expect(errorMessage(error, 'Failed to load')).toBe('Failed to load');
  });

  it('on 401 clears the stored auth and goes to the admin login', async () => {
    localStorage.setItem(AUTH_STORAGE_KEYS.adminToken, 'expired');
    localStorage.setItem(AUTH_STORAGE_KEYS.adminUser, '{"firstName":"Ada"}');
    localStorage.setItem(AUTH_STORAGE_KEYS.adminUserType, 'Admin');
    localStorage.setItem(AUTH_STORAGE_KEYS.participant, '{"id":"kept"}');
    stubFetch(
      jsonResponse(
        { error: { code: 'unauthorized', reason: 'unauthorized', message: 'Session expired' } },
        401,
      ),
    );
    const navigate = vi.fn();
    const api = createApiClient({ navigate, currentPath: () => '/admin/wheels' });

    const error = await caught(api.get('/api/admin/wheels', listPlansResponseSchema));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Session expired');
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminUser)).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminUserType)).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.participant)).toBe('{"id":"kept"}');
    expect(navigate).toHaveBeenCalledWith('/admin/login');
  });

  it('on 401 stays put when already on the login page', async () => {
    localStorage.setItem(AUTH_STORAGE_KEYS.adminToken, 'expired');
    stubFetch(
      jsonResponse(
        { error: { code: 'unauthorized', reason: 'unauthorized', message: 'Session expired' } },
        401,
      ),
    );
    const navigate = vi.fn();
    const api = createApiClient({ navigate, currentPath: () => '/admin/login' });

    await caught(api.get('/api/admin/profile', listPlansResponseSchema));
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
