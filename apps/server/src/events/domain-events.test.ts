import { describe, expect, it } from 'vitest';
import { createDomainEvents } from './domain-events';

const accepted = {
  event: {
    matchId: 'm1',
    userId: 'b',
    acceptedByUser1: true,
    acceptedByUser2: true,
    status: 'Accepted' as const,
  },
  participantIds: ['a', 'b'] as const,
};

describe('domain events', () => {
  it('runs a listener while one subscribed before it still waits, and resolves once both are done', async () => {
    const events = createDomainEvents(() => {});
    const order: string[] = [];
    let releaseSlow: () => void = () => {};
    events.subscribe('matchAccepted', async () => {
      order.push('slow started');
      await new Promise<void>((resolve) => {
        releaseSlow = resolve;
      });
      order.push('slow done');
    });
    events.subscribe('matchAccepted', () => {
      order.push('push sent');
    });

    let published = false;
    const publishing = events.publish('matchAccepted', accepted).then(() => {
      published = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['slow started', 'push sent']);
    expect(published).toBe(false);

    releaseSlow();
    await publishing;
    expect(order).toEqual(['slow started', 'push sent', 'slow done']);
  });

  it('reports a failing listener without stopping the others or the publisher', async () => {
    const failures: string[] = [];
    const events = createDomainEvents((error, name) => failures.push(`${name}: ${(error as Error).message}`));
    const heard: string[] = [];
    events.subscribe('matchAccepted', () => {
      throw new Error('broken webhook');
    });
    events.subscribe('matchAccepted', async () => {
      heard.push('second');
    });
    // False: the event outbox keeps a durable event for its sweep to publish again.
    expect(await events.publish('matchAccepted', accepted)).toBe(false);
    expect(heard).toEqual(['second']);
    expect(failures).toEqual(['matchAccepted: broken webhook']);
  });

  it('stops calling a listener once it unsubscribes', async () => {
    const events = createDomainEvents(() => {});
    let calls = 0;
    const unsubscribe = events.subscribe('matchAccepted', () => {
      calls += 1;
    });
    expect(await events.publish('matchAccepted', accepted)).toBe(true);
    unsubscribe();
    await events.publish('matchAccepted', accepted);
    expect(calls).toBe(1);
  });
});
