import type { HubResult, RefusalReason } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import { createFakeStream } from '@/test/fake-webrtc';
import { type CallState, callReducer, canRetry, finalProblemOf } from './call-reducer';
import { IDLE_CALL_STATE } from './call-state';

const OPENED = callReducer(IDLE_CALL_STATE, {
  type: 'opened',
  matchId: 'match-1',
  role: 'offerer',
  partnerName: 'Ada',
  prompt: null,
});

/** A call that connected at 5 s, with both streams and a clock. */
function connectedCall(): CallState {
  const local = createFakeStream().stream;
  const remote = createFakeStream().stream;
  return {
    ...OPENED,
    phase: 'active',
    peerState: 'connected',
    connectedAt: 5_000,
    startedAt: 4_000,
    endsAt: 304_000,
    localStream: local,
    remoteStream: remote,
  };
}

describe('callReducer', () => {
  it('opens a call from scratch, forgetting everything of the one before', () => {
    const before: CallState = { ...connectedCall(), microphoneOn: false, problem: 'connection-lost' };
    const after = callReducer(before, {
      type: 'opened',
      matchId: 'match-2',
      role: 'answerer',
      partnerName: 'Grace',
      prompt: 'What brought you here?',
    });
    expect(after).toEqual({
      ...IDLE_CALL_STATE,
      phase: 'starting',
      matchId: 'match-2',
      role: 'answerer',
      partnerName: 'Grace',
      prompt: 'What brought you here?',
    });
  });

  it('starts a negotiation afresh; an answer also drops the partner’s old stream', () => {
    const failed: CallState = {
      ...connectedCall(),
      phase: 'failed',
      problem: 'device-busy',
      retryFailed: true,
    };
    const offering = callReducer(failed, { type: 'offering', retrying: true });
    expect(offering).toMatchObject({
      phase: 'retrying',
      problem: null,
      retryFailed: false,
      partnerFailed: false,
      peerState: 'new',
      connectedAt: null,
    });
    expect(offering.remoteStream).toBe(failed.remoteStream);
    const answering = callReducer(failed, { type: 'answering', retrying: false });
    expect(answering).toMatchObject({ phase: 'starting', remoteStream: null });
  });

  it('keeps the first moment the connection connected through a reconnect', () => {
    let state = callReducer(OPENED, { type: 'peerStateChanged', peerState: 'connected', now: 1_000 });
    expect(state.connectedAt).toBe(1_000);
    state = callReducer(state, { type: 'peerStateChanged', peerState: 'disconnected', now: 2_000 });
    state = callReducer(state, { type: 'peerStateChanged', peerState: 'connected', now: 3_000 });
    expect(state).toMatchObject({ peerState: 'connected', connectedAt: 1_000 });
  });

  it('turns the camera off for good on a stream without video', () => {
    const { stream } = createFakeStream({ video: false });
    const state = callReducer(OPENED, { type: 'localStreamOpened', stream, hasCamera: false });
    expect(state).toMatchObject({ localStream: stream, hasCamera: false, cameraOn: false });
    const muted = callReducer(
      { ...OPENED, cameraOn: false },
      { type: 'localStreamOpened', stream, hasCamera: true },
    );
    expect(muted.cameraOn).toBe(false);
  });

  it('toggles microphone and camera, and follows what the partner says of theirs', () => {
    let state = callReducer(OPENED, { type: 'microphoneToggled' });
    state = callReducer(state, { type: 'cameraToggled' });
    state = callReducer(state, { type: 'partnerMediaChanged', cameraOn: false, microphoneOn: true });
    expect(state).toMatchObject({
      microphoneOn: false,
      cameraOn: false,
      partnerCameraOn: false,
      partnerMicrophoneOn: true,
    });
  });

  it('fails a start, closing the connection only if there was one', () => {
    const withPeer = callReducer(connectedCall(), {
      type: 'failed',
      problem: 'permission-denied',
      retrying: true,
      peerClosed: true,
    });
    expect(withPeer).toMatchObject({
      phase: 'failed',
      problem: 'permission-denied',
      retryFailed: true,
      peerState: 'closed',
      connectedAt: null,
      localStream: null,
      remoteStream: null,
    });
    const withoutPeer = callReducer(OPENED, {
      type: 'failed',
      problem: 'start-failed',
      retrying: false,
      peerClosed: false,
    });
    expect(withoutPeer.peerState).toBe('new');
  });

  it('loses the connection, keeping the call’s clock for the Retry', () => {
    const state = callReducer(connectedCall(), { type: 'connectionLost', peerState: 'failed' });
    expect(state).toMatchObject({
      phase: 'ended',
      problem: 'connection-lost',
      peerState: 'failed',
      connectedAt: null,
      startedAt: 4_000,
      localStream: null,
      remoteStream: null,
    });
  });

  it('waits for the partner whose side could not start, camera kept', () => {
    const before = connectedCall();
    const state = callReducer(before, { type: 'partnerFailed' });
    expect(state).toMatchObject({
      phase: 'waiting',
      partnerFailed: true,
      peerState: 'closed',
      connectedAt: null,
      remoteStream: null,
      localStream: before.localStream,
    });
  });

  it('retries with nothing of the failed call shown', () => {
    const state = callReducer(
      { ...connectedCall(), phase: 'failed', problem: 'no-device' },
      {
        type: 'retrying',
        peerClosed: true,
      },
    );
    expect(state).toMatchObject({
      phase: 'retrying',
      problem: null,
      peerState: 'closed',
      localStream: null,
      remoteStream: null,
    });
  });

  it('stops for good without a clock, and hangs up to idle', () => {
    const stopped = callReducer(connectedCall(), { type: 'stoppedForGood', problem: 'time-up' });
    expect(stopped).toMatchObject({
      phase: 'ended',
      problem: 'time-up',
      peerState: 'closed',
      startedAt: null,
      endsAt: null,
      connectedAt: null,
    });
    expect(callReducer(stopped, { type: 'hungUp' })).toEqual({ ...IDLE_CALL_STATE, peerState: 'closed' });
  });

  it('goes active once the signal is out, and waits for an offer when told', () => {
    expect(callReducer(OPENED, { type: 'signalSent' }).phase).toBe('active');
    expect(callReducer(OPENED, { type: 'waitingForOffer' }).phase).toBe('waiting');
  });

  it('does not change the state it was given', () => {
    const before = connectedCall();
    const copy = { ...before };
    callReducer(before, { type: 'stoppedForGood', problem: 'partner-left' });
    expect(before).toEqual(copy);
  });
});

describe('canRetry and finalProblemOf', () => {
  it('offers Retry only for a failed start or a lost connection', () => {
    expect(canRetry({ phase: 'failed', problem: 'start-failed' })).toBe(true);
    expect(canRetry({ phase: 'ended', problem: 'connection-lost' })).toBe(true);
    expect(canRetry({ phase: 'ended', problem: 'partner-left' })).toBe(false);
    expect(canRetry({ phase: 'active', problem: null })).toBe(false);
  });

  it('reads the refusals that end a call for good, and only those', () => {
    const refusal = (reason: RefusalReason): HubResult<unknown> => ({
      error: { code: 'conflict', reason, message: 'No.' },
    });
    expect(finalProblemOf(refusal('call_ended'))).toBe('call-ended');
    expect(finalProblemOf(refusal('call_time_up'))).toBe('time-up');
    expect(finalProblemOf(refusal('match_closed'))).toBe('match-ended');
    expect(finalProblemOf(refusal('not_your_match'))).toBeNull();
    expect(finalProblemOf({ data: {} })).toBeNull();
  });
});
