import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallTimerEvent } from '@wheelmeet/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createFakeStream } from '@/test/fake-webrtc';
import { ME_ID, PARTNER_ID } from '@/test/fixtures';
import { BACK_TO_WHEEL_LABEL, ENDING_SOON_MESSAGE, TIME_UP_MESSAGE } from './call-messages';
import { ANNOUNCEMENT_LABEL } from '@/components/event/announcement-banner';
import { button, dialog, MATCH, setup, stubPlaybackPerTest } from './video-call-overlay.fixtures';

stubPlaybackPerTest();

describe("video call overlay: the call's clock", () => {
  it('names the partner and times the call in mm:ss from the moment it connected', async () => {
    const { fakes, matchReady } = setup();
    await matchReady();
    expect(screen.getByRole('heading', { name: 'Video call with Ada' })).toBeInTheDocument();
    expect(screen.queryByTestId('call-timer')).not.toBeInTheDocument();

    fakes.clock.now = 5_000;
    act(() => {
      fakes.pc.emitTrack(createFakeStream().stream);
      fakes.pc.setConnectionState('connected');
    });
    expect(screen.getByTestId('call-timer')).toHaveTextContent('00:00');
    // The partner's name sits on their picture.
    expect(within(dialog()).getAllByText('Ada').length).toBeGreaterThan(0);

    fakes.clock.now = 5_000 + 65_400;
    act(() => fakes.timers.runAll());
    expect(screen.getByTestId('call-timer')).toHaveTextContent('01:05');

    // A network blip does not restart the clock.
    act(() => fakes.pc.setConnectionState('disconnected'));
    act(() => fakes.pc.setConnectionState('connected'));
    fakes.clock.now = 5_000 + 61 * 60_000;
    act(() => fakes.timers.runAll());
    expect(screen.getByTestId('call-timer')).toHaveTextContent('61:00');
  });

  describe('timed calls (issue 13)', () => {
    const timer = (overrides: Partial<CallTimerEvent> = {}): CallTimerEvent => ({
      matchId: MATCH.id,
      startedAt: new Date(0).toISOString(),
      endsAt: new Date(120_000).toISOString(),
      serverTime: new Date(0).toISOString(),
      lengthSeconds: 120,
      extended: false,
      extensionRequestedBy: null,
      ...overrides,
    });

    it('shows the time left by the server’s clock, warns at 30 seconds, and asks the partner to extend', async () => {
      const user = userEvent.setup();
      const { hub, fakes, sound, matchReady } = setup();
      await matchReady();
      // This browser's clock is 5 s behind the server's.
      fakes.clock.now = -5_000;
      act(() => hub.push('CallTimer', timer()));
      expect(screen.getByTestId('call-time-left')).toHaveTextContent('02:00');
      expect(within(dialog()).queryByText(ENDING_SOON_MESSAGE)).not.toBeInTheDocument();
      expect(sound.beep).not.toHaveBeenCalled();

      hub.handle('ExtendCall', () => ({ data: timer({ extensionRequestedBy: ME_ID }) }));
      await user.click(button('Ask for 2 more minutes'));
      expect(hub.callsOf('ExtendCall')).toEqual([{ matchId: MATCH.id }]);
      expect(button('Waiting for Ada to agree…')).toBeDisabled();

      fakes.clock.now = 85_000;
      act(() => fakes.timers.runAll());
      expect(screen.getByTestId('call-time-left')).toHaveTextContent('00:30');
      expect(within(dialog()).getByText(ENDING_SOON_MESSAGE)).toBeInTheDocument();
      expect(sound.beep).toHaveBeenCalledTimes(1);

      act(() =>
        hub.push(
          'CallTimer',
          timer({
            endsAt: new Date(240_000).toISOString(),
            serverTime: new Date(90_000).toISOString(),
            extended: true,
          }),
        ),
      );
      expect(screen.getByTestId('call-time-left')).toHaveTextContent('02:30');
      expect(within(dialog()).getByText('The call was extended.')).toBeInTheDocument();
      expect(within(dialog()).queryByRole('button', { name: /more minutes|agree/i })).not.toBeInTheDocument();
    });

    it('offers to agree when the partner asked first', async () => {
      const { hub, matchReady } = setup();
      await matchReady();
      act(() => hub.push('CallTimer', timer({ extensionRequestedBy: PARTNER_ID })));
      expect(within(dialog()).getByText('Ada would like 2 more minutes.')).toBeInTheDocument();
      expect(button('Agree to extend')).toBeEnabled();
    });

    it("ends the call when the server says time's up, and goes back to the wheel", async () => {
      const user = userEvent.setup();
      const { hub, fakes, matchReady } = setup();
      await matchReady();
      act(() => hub.push('CallTimer', timer()));
      act(() => hub.push('CallTimeUp', { matchId: MATCH.id }));
      expect(within(dialog()).getByText(TIME_UP_MESSAGE)).toBeInTheDocument();
      expect(fakes.streams[0]?.video.stop).toHaveBeenCalled();
      expect(within(dialog()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      await user.click(button(BACK_TO_WHEEL_LABEL));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // Time's up is the server's doing: nobody hangs up on anybody.
      expect(hub.callsOf('EndCall')).toEqual([]);
    });
  });

  it('counts the call time from the server’s start of the call, not from this page’s connection', async () => {
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connected'));
    const now = fakes.environment.now();
    // Reloaded 95 s into the call; the server's clock is 5 s ahead of this browser's.
    act(() =>
      hub.push('CallTimer', {
        matchId: MATCH.id,
        startedAt: new Date(now + 5_000 - 95_000).toISOString(),
        endsAt: new Date(now + 5_000 + 205_000).toISOString(),
        serverTime: new Date(now + 5_000).toISOString(),
        lengthSeconds: 300,
        extended: false,
        extensionRequestedBy: null,
      }),
    );
    expect(screen.getByTestId('call-timer')).toHaveTextContent('01:35');
    expect(screen.getByTestId('call-time-left')).toHaveTextContent('03:25');
  });

  describe('an event (issue 35)', () => {
    it("shows the round's icebreaker from the match", async () => {
      const { matchReady } = setup();
      await matchReady({ ...MATCH, prompt: 'What surprised you this week?' });
      expect(within(dialog()).getByRole('region', { name: 'Icebreaker' })).toHaveTextContent(
        'What surprised you this week?',
      );
    });

    it("shows the host's announcement over the call, to dismiss there", async () => {
      const user = userEvent.setup();
      const dismiss = vi.fn();
      const { matchReady } = setup({
        announcement: {
          announcement: { message: 'Five minutes left', sentAt: '2026-11-28T18:30:00.000Z' },
          dismiss,
        },
      });
      await matchReady();
      const banner = within(dialog()).getByRole('status', { name: ANNOUNCEMENT_LABEL });
      expect(banner).toHaveTextContent('Five minutes left');
      await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
      expect(dismiss).toHaveBeenCalled();
    });
  });
});
