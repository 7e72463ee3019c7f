import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PARTNER_ID } from '@/test/fixtures';
import {
  BACK_TO_WHEEL_LABEL,
  CALL_ENDED_LABEL,
  CONNECTION_LOST_MESSAGE,
  NO_DEVICE_MESSAGE,
  PARTNER_LEFT_MESSAGE,
  PERMISSION_DENIED_MESSAGE,
  partnerFailedMessage,
  RETRY_FAILED_MESSAGE,
  RETRYING_MESSAGE,
  START_FAILED_MESSAGE,
} from './call-messages';
import { button, dialog, MATCH, setup, stubPlaybackPerTest } from './video-call-overlay.fixtures';

stubPlaybackPerTest();

describe('video call overlay: what went wrong, and Retry', () => {
  it('shows a failed start as ended, with the reason beneath', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fakes, matchReady } = setup();
    fakes.getUserMedia.mockRejectedValueOnce(new DOMException('Busy', 'NotReadableError'));
    await matchReady();
    expect(within(dialog()).getByRole('status')).toHaveTextContent(CALL_ENDED_LABEL);
  });

  it('explains a denied camera and microphone, with Retry and Close', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { fakes, matchReady } = setup();
    fakes.getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    await matchReady();

    expect(within(dialog()).getByRole('alert')).toHaveTextContent(PERMISSION_DENIED_MESSAGE);
    expect(button('Retry')).toBeInTheDocument();
    await user.click(button('Close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when there is no camera and no microphone at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fakes, matchReady } = setup();
    fakes.getUserMedia.mockRejectedValue(new DOMException('None', 'NotFoundError'));
    await matchReady();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(NO_DEVICE_MESSAGE);
  });

  it("shows 'Failed to start video call' when the offer cannot be sent", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { hub, matchReady } = setup();
    hub.handle('SendOffer', () => ({
      error: { code: 'forbidden', reason: 'not_your_match', message: 'Not yours.' },
    }));
    await matchReady();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(START_FAILED_MESSAGE);
  });

  it('says the partner left when CallEnded arrives: the call is over for good, with no Retry', async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    act(() => hub.push('CallEnded', { matchId: MATCH.id, userId: PARTNER_ID }));

    expect(within(dialog()).getByText(PARTNER_LEFT_MESSAGE)).toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent(CALL_ENDED_LABEL);
    expect(fakes.pc.close).toHaveBeenCalled();
    expect(fakes.streams[0]?.video.stop).toHaveBeenCalled();
    expect(within(dialog()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'End call' })).not.toBeInTheDocument();
    await user.click(button(BACK_TO_WHEEL_LABEL));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The server ended the call already: nothing to tell it.
    expect(hub.callsOf('EndCall')).toEqual([]);
  });

  it("says the call could not start on the partner's side and waits for them, camera on, instead of losing the call", async () => {
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connecting'));
    act(() => hub.push('CallFailed', { matchId: MATCH.id, userId: PARTNER_ID }));

    expect(within(dialog()).getByText(partnerFailedMessage('Ada'))).toBeInTheDocument();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Reconnecting…');
    expect(button('End call')).toBeInTheDocument();
    expect(fakes.streams[0]?.video.stop).not.toHaveBeenCalled();
    act(() => fakes.timers.runAll());
    expect(within(dialog()).queryByText(CONNECTION_LOST_MESSAGE)).not.toBeInTheDocument();

    // Their Retry asks for a new offer: the call starts again.
    act(() => hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID }));
    await settle();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(within(dialog()).queryByText(partnerFailedMessage('Ada'))).not.toBeInTheDocument();
  });

  it("Retry shows 'Retrying connection...', then offers again after a second", async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('failed'));

    await user.click(button('Retry'));
    expect(within(dialog()).getByText(RETRYING_MESSAGE)).toBeInTheDocument();
    expect(fakes.timers.delays).toEqual([1_000]);

    act(() => fakes.timers.runAll());
    await settle();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(fakes.peers).toHaveLength(2);
    expect(within(dialog()).queryByText(RETRYING_MESSAGE)).not.toBeInTheDocument();
  });

  it("shows 'Failed to retry connection' when the retry fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { fakes, matchReady, settle } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('failed'));
    await user.click(button('Retry'));
    fakes.getUserMedia.mockRejectedValueOnce(new Error('boom'));
    act(() => fakes.timers.runAll());
    await settle();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(RETRY_FAILED_MESSAGE);
  });
});
