import type { HubResult } from '@wheelmeet/contracts';
import { expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, registerParticipant } from './support/hub-client';
import { startTestApp } from './support/test-app';

describeEachDialect('shutting down with hub calls under way', (dialect) => {
  it('answers every call it had accepted, refuses later ones with service_unavailable, then tells clients to go', async () => {
    const t = await startTestApp(dialect, { listen: true });
    try {
      const wheelId = await createTestWheel(t.database, { name: 'Closing', description: 'x', slotCount: 4 });
      const people = await Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          const registration = await registerParticipant(t.baseUrl, wheelId, { username: `p${index}` });
          return connectHub(t.baseUrl, { token: registration.token });
        }),
      );
      const told = people.map(
        (client) => new Promise<string>((resolve) => client.socket.on('disconnect', resolve)),
      );

      // 10 people make 35 calls each, all at once; the shutdown starts as the first is answered,
      // with the others received and being worked on.
      const calls: Promise<HubResult<unknown>>[] = people.flatMap((client) =>
        Array.from({ length: 35 }, () => client.call('JoinWheel', { wheelId })),
      );
      await Promise.race(calls);
      const closed = t.app.close();
      const answers = await Promise.allSettled(calls);
      await closed;

      const lost = answers.filter((answer) => answer.status === 'rejected');
      expect(lost).toEqual([]);
      const codes = answers.map((answer) =>
        answer.status === 'fulfilled' && 'error' in answer.value ? answer.value.error.code : 'answered',
      );
      expect(codes.every((code) => code === 'answered' || code === 'service_unavailable')).toBe(true);
      expect(codes).toContain('answered');
      expect(await Promise.all(told)).toEqual(people.map(() => 'io server disconnect'));
      for (const client of people) client.close();
    } finally {
      await t.testDatabase.drop();
    }
  });
});
