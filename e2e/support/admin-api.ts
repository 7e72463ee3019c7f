import type { APIRequestContext } from '@playwright/test';
import type { AdminWheel, CreateWheelRequest, LoginResponse } from '@wheelmeet/contracts';
import { E2E_ADMIN_PASSWORD } from './global-setup';

/** Signs in as the seeded super admin through the API; the bearer header. */
export async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/admin/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
  });
  if (!response.ok()) throw new Error(`admin sign-in failed: ${response.status()}`);
  const { token } = (await response.json()) as LoginResponse;
  return { authorization: `Bearer ${token}` };
}

/** A fresh wheel for one test, so tests running side by side never meet each other's people. */
export async function createWheel(
  request: APIRequestContext,
  wheel: CreateWheelRequest,
): Promise<AdminWheel> {
  const response = await request.post('/api/admin/wheels', {
    headers: await adminHeaders(request),
    data: wheel,
  });
  if (response.status() !== 201)
    throw new Error(`creating a wheel failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as AdminWheel;
}
