import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeStream } from '@/test/fake-webrtc';
import { PARTNER_ID } from '@/test/fixtures';
import { CAMERA_OFF_LABEL, MUTE_LABEL } from './call-messages';
import {
  button,
  dialog,
  MATCH,
  MATCH_AS_ANSWERER,
  setup,
  stubPlaybackPerTest,
} from './video-call-overlay.fixtures';

stubPlaybackPerTest();

describe("video call overlay: the call's screen and its controls", () => {
  it('says how the connection is doing in words, never in WebRTC states', async () => {
    const user = userEvent.setup();
    const { fakes, matchReady } = setup();
    await matchReady();
    const status = () => within(dialog()).getByRole('status');

    expect(status()).toHaveTextContent('Connecting…');
    act(() => fakes.pc.setConnectionState('connected'));
    expect(status()).toHaveTextContent('Connected');
    act(() => fakes.pc.setConnectionState('disconnected'));
    expect(status()).toHaveTextContent('Reconnecting…');
    act(() => fakes.pc.setConnectionState('connected'));
    expect(status()).toHaveTextContent('Connected');

    act(() => fakes.pc.setConnectionState('failed'));
    expect(status()).toHaveTextContent('Call ended');
    for (const raw of ['Connection:', 'new', 'closed', 'connected']) {
      expect(within(dialog()).queryByText(raw)).not.toBeInTheDocument();
    }

    await user.click(button('Retry'));
    expect(status()).toHaveTextContent('Reconnecting…');
  });

  it("says 'Reconnecting…' while the answerer waits for the new offer after Retry", async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady(MATCH_AS_ANSWERER);
    act(() =>
      hub.push('OfferReceived', {
        matchId: MATCH_AS_ANSWERER.id,
        offer: { type: 'offer', sdp: 'v=0 offer' },
      }),
    );
    await settle();
    act(() => fakes.pc.setConnectionState('connected'));
    act(() => fakes.pc.setConnectionState('failed'));
    await user.click(button('Retry'));
    act(() => fakes.timers.runAll());
    await settle();

    expect(within(dialog()).getByText('Waiting for Ada to call again...')).toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Reconnecting…');
  });

  it('as user1 of an accepted match: opens, shows both videos and sends the offer', async () => {
    const { hub, fakes, matchReady } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await matchReady();

    expect(dialog()).toBeInTheDocument();
    expect(hub.callsOf('SendOffer')).toEqual([
      { matchId: MATCH.id, offer: { type: 'offer', sdp: 'v=0 fake-offer' } },
    ]);
    const local = screen.getByTestId('local-video') as HTMLVideoElement;
    expect(local).toHaveAccessibleName('Your video');
    expect(local.srcObject).toBe(fakes.streams[0]?.stream);
    expect(local.muted).toBe(true);
    expect(local).toHaveAttribute('playsinline');
    expect(local).toHaveAttribute('autoplay');
    expect(screen.getByTestId('remote-video')).toHaveAccessibleName('Ada video');
    expect(screen.getByTestId('call-state')).toHaveTextContent(/^Connecting…$/);

    const remote = createFakeStream();
    act(() => {
      fakes.pc.emitTrack(remote.stream);
      fakes.pc.setConnectionState('connecting');
    });
    expect(screen.getByTestId('call-state')).toHaveTextContent(/^Connecting…$/);
    act(() => fakes.pc.setConnectionState('connected'));
    expect(screen.getByTestId('call-state')).toHaveTextContent(/^Connected$/);
    expect((screen.getByTestId('remote-video') as HTMLVideoElement).srcObject).toBe(remote.stream);
    // The end-to-end test hook reads the live connection.
    expect(window.__wheelmeetCall?.connectionState()).toBe('connected');
  });

  it('as user2: answers an OfferReceived with an answer', async () => {
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady(MATCH_AS_ANSWERER);
    // The call screen opens at once, connecting, with the camera ready for the offer.
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByTestId('call-state')).toHaveTextContent('Connecting…');

    act(() =>
      hub.push('OfferReceived', {
        matchId: MATCH_AS_ANSWERER.id,
        offer: { type: 'offer', sdp: 'v=0 offer' },
      }),
    );
    await settle();

    expect(dialog()).toBeInTheDocument();
    expect(fakes.pc.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(hub.callsOf('SendAnswer')).toEqual([
      { matchId: MATCH_AS_ANSWERER.id, answer: { type: 'answer', sdp: 'v=0 fake-answer' } },
    ]);
    expect(hub.callsOf('SendOffer')).toEqual([]);
  });

  it('skips ICE candidates without sdpMid and sdpMLineIndex both ways', async () => {
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady();
    act(() => {
      fakes.pc.emitCandidate({ candidate: 'candidate:bad', sdpMid: null, sdpMLineIndex: null });
      fakes.pc.emitCandidate({ candidate: 'candidate:good', sdpMid: '0', sdpMLineIndex: 0 });
    });
    await settle();
    expect(hub.callsOf('SendIceCandidate').map((call) => call.candidate.candidate)).toEqual([
      'candidate:good',
    ]);

    act(() => {
      hub.push('AnswerReceived', { matchId: MATCH.id, answer: { type: 'answer', sdp: 'v=0 answer' } });
      hub.push('IceCandidateReceived', {
        matchId: MATCH.id,
        candidate: { candidate: 'candidate:bad', sdpMid: null, sdpMLineIndex: null },
      });
      hub.push('IceCandidateReceived', {
        matchId: MATCH.id,
        candidate: { candidate: 'candidate:remote', sdpMid: null, sdpMLineIndex: 1 },
      });
    });
    await settle();
    expect(fakes.pc.addedCandidates.map((candidate) => candidate.candidate)).toEqual(['candidate:remote']);
  });

  it('mutes and turns the camera off with icon buttons whose names stay and whose pressed state says so', async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    const media = fakes.streams[0];
    const mute = button(MUTE_LABEL);
    const camera = button(CAMERA_OFF_LABEL);
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(camera).toHaveAttribute('aria-pressed', 'false');
    // Icons, not words that flip: the SVGs ship with the app and are hidden from screen readers.
    expect(mute.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(mute).toHaveTextContent('');

    await user.click(mute);
    expect(media?.audio.enabled).toBe(false);
    expect(media?.video.enabled).toBe(true);
    expect(button(MUTE_LABEL)).toHaveAttribute('aria-pressed', 'true');
    await user.click(button(MUTE_LABEL));
    expect(media?.audio.enabled).toBe(true);
    expect(button(MUTE_LABEL)).toHaveAttribute('aria-pressed', 'false');

    await user.click(camera);
    expect(media?.video.enabled).toBe(false);
    expect(button(CAMERA_OFF_LABEL)).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog()).getByText('Camera off')).toBeInTheDocument();
    await user.click(button(CAMERA_OFF_LABEL));
    expect(media?.video.enabled).toBe(true);
    expect(button(CAMERA_OFF_LABEL)).toHaveAttribute('aria-pressed', 'false');
    // The partner hears each change, so their screen can say 'Camera off' without waiting.
    expect(hub.callsOf('SendMediaState')).toEqual([
      { matchId: MATCH.id, cameraOn: true, microphoneOn: false },
      { matchId: MATCH.id, cameraOn: true, microphoneOn: true },
      { matchId: MATCH.id, cameraOn: false, microphoneOn: true },
      { matchId: MATCH.id, cameraOn: true, microphoneOn: true },
    ]);
  });

  it('offers no Retry in a healthy call, only once it failed', async () => {
    const { fakes, matchReady } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connected'));
    expect(within(dialog()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    act(() => fakes.pc.setConnectionState('failed'));
    expect(button('Retry')).toBeInTheDocument();
  });

  it('wraps Tab from the last control back to the first, the call screen being modal', async () => {
    const user = userEvent.setup();
    const { fakes, matchReady } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connected'));
    const buttons = within(dialog()).getAllByRole('button');
    const last = buttons.at(-1);
    last?.focus();
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    // The videos are no stop for Tab: a trap that counted them could not move focus to them.
    for (const video of dialog().querySelectorAll('video')) expect(video).toHaveAttribute('tabindex', '-1');
  });

  it('End call stops every track, closes the connection and tells the partner', async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    const media = fakes.streams[0];

    await user.click(button('End call'));

    expect(media?.audio.stop).toHaveBeenCalled();
    expect(media?.video.stop).toHaveBeenCalled();
    expect(fakes.pc.close).toHaveBeenCalled();
    expect(hub.callsOf('EndCall')).toEqual([{ matchId: MATCH.id }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.__wheelmeetCall?.connectionState()).toBe('closed');
  });

  it('keeps the call open on Escape while it runs', async () => {
    const user = userEvent.setup();
    const { hub, matchReady } = setup();
    await matchReady();
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
    expect(hub.callsOf('EndCall')).toEqual([]);
    // Focus starts inside the dialog.
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  it('after hanging up, the partner asking to rejoin opens no call again', async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady();
    await user.click(button('End call'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID }));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fakes.getUserMedia).toHaveBeenCalledTimes(1);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
  });
});
