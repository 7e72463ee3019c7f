import { act, render, screen } from '@testing-library/react';
import { REMOVED_FROM_WHEEL, type RemovedFromWheelEvent } from '@wheelmeet/contracts';
import { describe, expect, it, vi } from 'vitest';
import { getStoredParticipant, saveParticipant } from '@/lib/auth-storage';
import { makeStoredParticipant } from '@/test/fixtures';
import { RemovedNotice } from './removed-notice';

const WHEEL = '11111111-1111-4111-8111-111111111111';

/** The two ways the client hears of a removal, captured so the test can fire them. */
function fakeClient() {
  let removed: ((event: RemovedFromWheelEvent) => void) | undefined;
  let rejected: ((token: string, message: string) => void) | undefined;
  return {
    client: {
      on: ((_event: 'RemovedFromWheel', listener: (event: RemovedFromWheelEvent) => void) => {
        removed = listener;
        return () => {};
      }) as never,
      onTokenRejected: (listener: (token: string, message: string) => void) => {
        rejected = listener;
        return () => {};
      },
    },
    remove: (wheelId: string) => removed?.({ wheelId, message: REMOVED_FROM_WHEEL }),
    reject: (token: string, message: string) => rejected?.(token, message),
  };
}

describe('RemovedNotice', () => {
  it('says the organiser removed them when the hub says so for this wheel only', () => {
    const fake = fakeClient();
    const onRemoved = vi.fn();
    render(<RemovedNotice client={fake.client} wheelId={WHEEL} onRemoved={onRemoved} />);
    act(() => fake.remove('22222222-2222-4222-8222-222222222222'));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => fake.remove(WHEEL));
    expect(screen.getByRole('status')).toHaveTextContent(REMOVED_FROM_WHEEL);
    expect(onRemoved).toHaveBeenCalledTimes(1);
  });

  it('says so after a reload, when the hub refuses the token of a removed participant, and forgets it', () => {
    saveParticipant(makeStoredParticipant({ token: 'removed-token' }));
    const fake = fakeClient();
    render(<RemovedNotice client={fake.client} wheelId={WHEEL} onRemoved={() => {}} />);
    act(() => fake.reject('other-token', 'The participant token is not valid.'));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => fake.reject('removed-token', REMOVED_FROM_WHEEL));
    expect(screen.getByRole('status')).toHaveTextContent(REMOVED_FROM_WHEEL);
    expect(getStoredParticipant()).toBeNull();
  });
});
