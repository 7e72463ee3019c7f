import { describe, expect, it, vi } from 'vitest';
import { createFakeStream, FakePeerConnection, flushPromises } from '@/test/fake-webrtc';
import {
  ICE_CANDIDATE_POOL_SIZE,
  MAX_QUEUED_CANDIDATES,
  PeerNegotiation,
  peerConfiguration,
  prepareConnection,
  sendBothKinds,
  usableCandidate,
} from './peer-negotiation';

const CANDIDATE = { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'abcd' };
const OFFER = { type: 'offer' as const, sdp: 'v=0 remote-offer' };

const fakePeer = () => new FakePeerConnection({});
const asPeer = (pc: FakePeerConnection) => pc as unknown as RTCPeerConnection;

function negotiation() {
  const handlers = { sendCandidate: vi.fn(), onTrack: vi.fn(), onConnectionStateChange: vi.fn() };
  return { handlers, peer: new PeerNegotiation(handlers) };
}

describe('candidates and configuration', () => {
  it('skips candidates that cannot be placed, and fills in what a usable one leaves out', () => {
    expect(usableCandidate({ candidate: 'candidate:2', sdpMid: null, sdpMLineIndex: null })).toBeNull();
    expect(usableCandidate({ sdpMid: '0' })).toEqual({
      candidate: '',
      sdpMid: '0',
      sdpMLineIndex: null,
      usernameFragment: null,
    });
  });

  it('asks for the spec’s pool of candidates', () => {
    expect(peerConfiguration([])).toEqual({ iceServers: [], iceCandidatePoolSize: ICE_CANDIDATE_POOL_SIZE });
  });

  it('sends and receives both kinds for the caller, and the camera it has', () => {
    const pc = fakePeer();
    const { stream } = createFakeStream({ video: false });
    sendBothKinds(asPeer(pc), 'offerer', stream);
    expect(pc.transceivers.map((t) => [t.receiver.track.kind, t.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    expect(pc.tracks.map((track) => track.kind)).toEqual(['audio']);
  });
});

describe('PeerNegotiation', () => {
  it('holds its own candidates until the signal is out, then sends them and every later one', () => {
    const { handlers, peer } = negotiation();
    const pc = fakePeer();
    peer.use(asPeer(pc));
    pc.emitCandidate(CANDIDATE);
    expect(peer.foundCandidate).toBe(true);
    expect(handlers.sendCandidate).not.toHaveBeenCalled();
    peer.sendHeldCandidates();
    pc.emitCandidate({ ...CANDIDATE, candidate: 'candidate:2' });
    expect(handlers.sendCandidate.mock.calls.map(([c]) => c.candidate)).toEqual([
      'candidate:1',
      'candidate:2',
    ]);
  });

  it("holds the partner's candidates until their description is set, boundedly", async () => {
    const { peer } = negotiation();
    const pc = fakePeer();
    peer.use(asPeer(pc));
    for (let i = 0; i <= MAX_QUEUED_CANDIDATES; i += 1) peer.addRemoteCandidate(CANDIDATE);
    expect(pc.addedCandidates).toEqual([]);
    peer.remoteDescriptionApplied();
    await flushPromises();
    expect(pc.addedCandidates).toHaveLength(MAX_QUEUED_CANDIDATES);
  });

  it('answers an offer with a provisional answer first, adding the candidates that came with it', async () => {
    const { peer } = negotiation();
    const pc = fakePeer();
    pc.addTransceiver('audio', { direction: 'recvonly' });
    peer.holdRemoteCandidates([CANDIDATE]);
    peer.use(asPeer(pc));
    const reply = await peer.answerOffer(asPeer(pc), OFFER, { stream: null }, () => true);
    expect(reply).toEqual({ type: 'answer', sdp: 'v=0 fake-answer' });
    expect(pc.remoteDescription).toEqual(OFFER);
    expect(pc.localDescriptions).toEqual([{ type: 'pranswer', sdp: 'v=0 fake-answer' }]);
    expect(pc.transceivers[0]?.direction).toBe('sendrecv');
    expect(pc.addedCandidates).toEqual([CANDIDATE]);
  });

  it('stops answering once the start is superseded', async () => {
    const { peer } = negotiation();
    const pc = fakePeer();
    peer.use(asPeer(pc));
    expect(await peer.answerOffer(asPeer(pc), OFFER, { stream: null }, () => false)).toBeNull();
    expect(pc.localDescriptions).toEqual([]);
  });

  it('ignores the events of a connection it closed', () => {
    const { handlers, peer } = negotiation();
    const pc = fakePeer();
    peer.use(asPeer(pc));
    const onStateChange = pc.onconnectionstatechange;
    peer.close();
    expect(pc.close).toHaveBeenCalled();
    expect(pc.onconnectionstatechange).toBeNull();
    onStateChange?.();
    expect(handlers.onConnectionStateChange).not.toHaveBeenCalled();
    expect(peer.pc).toBeNull();
  });
});

describe('prepareConnection', () => {
  it("makes the caller's offer ahead and keeps the candidates it finds", async () => {
    const pc = fakePeer();
    const prepared = await prepareConnection(() => asPeer(pc), Promise.resolve([]), 'offerer');
    pc.emitCandidate(CANDIDATE);
    expect(prepared?.description).toEqual({ type: 'offer', sdp: 'v=0 fake-offer' });
    expect(pc.transceivers).toHaveLength(2);
    expect(prepared?.candidates).toEqual([CANDIDATE]);
  });

  it("makes the answerer's connection on the ICE servers, with no offer and no transceivers of its own", async () => {
    const pc = fakePeer();
    const iceServers = [{ urls: ['stun:stun.example.org:3478'] }];
    let configuredWith: RTCIceServer[] = [];
    const prepared = await prepareConnection(
      (servers) => {
        configuredWith = servers;
        return asPeer(pc);
      },
      Promise.resolve(iceServers),
      'answerer',
    );
    expect(configuredWith).toEqual(iceServers);
    expect(prepared).toMatchObject({ role: 'answerer', description: null, candidates: [] });
    expect(pc.localDescription).toBeNull();
    expect(pc.transceivers).toHaveLength(0);
  });

  it('gives null, closing the connection, when the offer cannot be made', async () => {
    const pc = fakePeer();
    pc.failNextLocal = 'offer';
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await prepareConnection(() => asPeer(pc), Promise.resolve([]), 'offerer')).toBeNull();
    expect(pc.close).toHaveBeenCalled();
  });
});
