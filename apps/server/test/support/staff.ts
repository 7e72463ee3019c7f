import type { LoginResponse } from '@wheelmeet/contracts';
import type { FastifyInstance } from 'fastify';

/** Signs in through the API and answers the bearer header for later requests. */
export async function signIn(app: FastifyInstance, username: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json<LoginResponse>();
  return { ...body, headers: { authorization: `Bearer ${body.token}` } };
}

/** An admin or organiser removes a participant from a wheel (decision 016); the raw response. */
export function removeFrom(
  app: FastifyInstance,
  wheelId: string,
  participantId: string,
  headers: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/wheels/${wheelId}/safety/removals`,
    headers,
    payload: { participantId },
  });
}
