import { createFakeCallEnvironment, createSignallingHub, flushPromises } from '@/test/fake-webrtc';
import { ME_ID, makeMatch, makeParticipant } from '@/test/fixtures';
import { type CallParticipant, createCallController } from './call-controller';

// The call controller's tests, by concern, share these: the participant, their matches, the
// signals, and a controller on fakes.
export const ME: CallParticipant = { id: ME_ID, token: 'participant-token' };
// In makeMatch the current user (ME_ID) is user1, the offerer.
export const MATCH = makeMatch({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });
export const MATCH_AS_ANSWERER = makeMatch({
  status: 'Accepted',
  acceptedByUser1: true,
  acceptedByUser2: true,
  user1: makeParticipant(),
  user2: makeParticipant({ id: ME_ID, username: 'Grace' }),
});
export const OFFER = { type: 'offer' as const, sdp: 'v=0 remote-offer' };
export const ANSWER = { type: 'answer' as const, sdp: 'v=0 remote-answer' };
export const CANDIDATE = {
  candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
  usernameFragment: 'abcd',
};

export function setup() {
  const { hub, client } = createSignallingHub();
  const fakes = createFakeCallEnvironment();
  const controller = createCallController({ client, environment: fakes.environment });
  controller.attach();
  // Onto the fakes themselves, so their `pc` getter keeps answering the latest peer connection.
  return Object.assign(fakes, { hub, controller });
}

/** A caller whose offer went out. */
export async function startedOfferer() {
  const context = setup();
  context.controller.matchReady(MATCH, ME);
  await flushPromises();
  return { ...context, pc: context.pc };
}
