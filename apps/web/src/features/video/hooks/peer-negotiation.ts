import type { IceCandidate } from '@wheelmeet/contracts';
import type { CallRole } from './call-reducer';

/** Spec section 9. */
export const ICE_CANDIDATE_POOL_SIZE = 50;
/** Candidates held for a connection (or a match) not ready for them yet, at most. */
export const MAX_QUEUED_CANDIDATES = 200;

/** How one call's peer connections are made: its ICE servers and the spec's candidate pool. */
export function peerConfiguration(iceServers: RTCIceServer[]): RTCConfiguration {
  return { iceServers, iceCandidatePoolSize: ICE_CANDIDATE_POOL_SIZE };
}

type CandidateLike = Pick<RTCIceCandidateInit, 'candidate' | 'sdpMid' | 'sdpMLineIndex' | 'usernameFragment'>;

/** A candidate without sdpMid and sdpMLineIndex cannot be placed in the session: skipped both ways. */
export function usableCandidate(candidate: CandidateLike): IceCandidate | null {
  if (candidate.sdpMid == null && candidate.sdpMLineIndex == null) return null;
  return {
    candidate: candidate.candidate ?? '',
    sdpMid: candidate.sdpMid ?? null,
    sdpMLineIndex: candidate.sdpMLineIndex ?? null,
    usernameFragment: candidate.usernameFragment ?? null,
  };
}

/** The offer's two kinds, sent and received, as one stream for the partner (so sound and picture stay in step). */
export function addOfferTransceivers(pc: RTCPeerConnection) {
  const streamForPartner = new MediaStream();
  for (const kind of ['audio', 'video'] as const) {
    pc.addTransceiver(kind, { direction: 'sendrecv', streams: [streamForPartner] });
  }
}

/**
 * Makes every transceiver send and receive, both kinds always: the offer must ask for the
 * partner's camera and microphone even where this side has neither, and a camera still
 * opening must find a sender to go on without a new negotiation. The tracks are one stream for
 * the partner, so their sound and picture stay in step.
 */
export function sendBothKinds(pc: RTCPeerConnection, role: CallRole, stream: MediaStream | null) {
  if (role === 'offerer') addOfferTransceivers(pc);
  else {
    const streamForPartner = new MediaStream();
    for (const transceiver of pc.getTransceivers()) {
      transceiver.direction = 'sendrecv';
      transceiver.sender.setStreams(streamForPartner);
    }
  }
  if (stream) sendTracks(pc, stream);
}

/** Puts the camera's and the microphone's tracks on the senders of their kind; a kind missing sends nothing. */
export function sendTracks(pc: RTCPeerConnection, stream: MediaStream) {
  for (const transceiver of pc.getTransceivers()) {
    const track = stream.getTracks().find((t) => t.kind === transceiver.receiver.track.kind) ?? null;
    if (transceiver.sender.track === track) continue;
    transceiver.sender
      .replaceTrack(track)
      .catch((error: unknown) => console.warn('replaceTrack failed', error));
  }
}

/**
 * A connection made while the match is still pending, before either person's camera is on: the
 * caller's with its offer set and the candidates it found meanwhile (sent after the offer), the
 * answerer's with its ICE candidate pool already gathering for the offer to come. Nothing of it
 * leaves the browser until both accepted.
 */
export interface PreparedConnection {
  pc: RTCPeerConnection;
  role: CallRole;
  /** The caller's offer, set as its local description; null for the answerer. */
  description: RTCSessionDescriptionInit | null;
  candidates: IceCandidate[];
}

/**
 * `role`'s connection, made while the people still decide: making the peer connection, and the
 * caller's offer, took 25–90 ms of the set-up once both had accepted, and the answerer's
 * candidates came 70 ms after its answer (docs/benchmarks.md). The caller's is the same offer
 * a start makes (both kinds, send and receive, the camera joining later), so sending it
 * changes nothing but when. A failure leaves the start to make its own.
 */
export async function prepareConnection(
  createPeerConnection: (iceServers: RTCIceServer[]) => RTCPeerConnection,
  iceServers: Promise<RTCIceServer[]>,
  role: CallRole,
): Promise<PreparedConnection | null> {
  let pc: RTCPeerConnection | null = null;
  try {
    pc = createPeerConnection(await iceServers);
    const candidates: IceCandidate[] = [];
    if (role === 'answerer') return { pc, role, description: null, candidates };
    pc.onicecandidate = (event) => {
      const candidate = event.candidate ? usableCandidate(event.candidate) : null;
      if (candidate && candidates.length < MAX_QUEUED_CANDIDATES) candidates.push(candidate);
    };
    addOfferTransceivers(pc);
    const description = await pc.createOffer();
    await pc.setLocalDescription(description);
    return { pc, role, description, candidates };
  } catch (error) {
    console.warn('Could not prepare the connection', error);
    if (pc) {
      pc.onicecandidate = null;
      pc.close();
    }
    return null;
  }
}

/** Closes a connection made ahead (or still being made) that no call will use. */
export function closeWhenMade(connection: Promise<PreparedConnection | null>) {
  void connection.then((prepared) => prepared?.pc.close());
}

/** The caller's offer, set as the local description; null once `stillWanted` says the start was superseded. */
export async function createLocalOffer(
  pc: RTCPeerConnection,
  stillWanted: () => boolean,
): Promise<RTCSessionDescriptionInit | null> {
  const description = await pc.createOffer();
  if (!stillWanted()) return null;
  await pc.setLocalDescription(description);
  return stillWanted() ? description : null;
}

/** What a connection tells its call: a candidate to send, a track that arrived, a change of state. */
export interface PeerHandlers {
  sendCandidate(candidate: IceCandidate): void;
  onTrack(event: RTCTrackEvent): void;
  onConnectionStateChange(pc: RTCPeerConnection): void;
}

/**
 * One call's negotiation with the partner, one peer connection at a time (a fresh start replaces
 * it): the candidates both ways, each held until the other side can take it, and the offer and
 * answer steps. Events of a connection that was replaced are ignored.
 */
export class PeerNegotiation {
  pc: RTCPeerConnection | null = null;
  /** The connection found a candidate of its own: its ICE started. */
  foundCandidate = false;
  /** The partner's candidates, held until the remote description is set. */
  private incoming: RTCIceCandidateInit[] = [];
  private remoteDescriptionSet = false;
  /** Our candidates, held until the offer or answer has gone out; null once it has. */
  private outgoing: IceCandidate[] | null = null;

  constructor(private readonly handlers: PeerHandlers) {}

  /** Takes `pc` as the call's connection; `found` are candidates it found before (an offer made ahead). */
  use(pc: RTCPeerConnection, found: IceCandidate[] = []) {
    this.pc = pc;
    this.remoteDescriptionSet = false;
    this.outgoing = found;
    this.foundCandidate = found.length > 0;
    pc.onicecandidate = (event) => {
      if (this.pc !== pc || !event.candidate) return;
      this.foundCandidate = true;
      const candidate = usableCandidate(event.candidate);
      if (!candidate) return;
      if (this.outgoing) this.outgoing.push(candidate);
      else this.handlers.sendCandidate(candidate);
    };
    pc.ontrack = (event) => {
      if (this.pc === pc) this.handlers.onTrack(event);
    };
    pc.onconnectionstatechange = () => {
      if (this.pc === pc) this.handlers.onConnectionStateChange(pc);
    };
  }

  /** The offer or answer went out: the candidates held for it follow. */
  sendHeldCandidates() {
    const pending = this.outgoing ?? [];
    this.outgoing = null;
    for (const candidate of pending) this.handlers.sendCandidate(candidate);
  }

  addRemoteCandidate(candidate: RTCIceCandidateInit) {
    if (this.pc && this.remoteDescriptionSet) {
      this.pc
        .addIceCandidate(candidate)
        .catch((error: unknown) => console.warn('addIceCandidate failed', error));
    } else if (this.incoming.length < MAX_QUEUED_CANDIDATES) {
      this.incoming.push(candidate);
    }
  }

  /** Candidates that came with an offer before the connection for it exists. */
  holdRemoteCandidates(candidates: RTCIceCandidateInit[]) {
    this.incoming = candidates;
  }

  /** The partner's description is set on the connection: the candidates held for it are added. */
  remoteDescriptionApplied() {
    this.remoteDescriptionSet = true;
    const pending = this.incoming;
    this.incoming = [];
    for (const candidate of pending) this.addRemoteCandidate(candidate);
  }

  /**
   * Applies the partner's offer and makes the answer, set as a provisional one: set at once as
   * final, Chromium now and then gathered nothing for it (the stall ICE_GATHERING_TIMEOUT_MS
   * heals; bench:video: 3 calls in 48 before, none in 80 after, decision 025). Chromium drops
   * its pool of candidates when an answer is set; a provisional answer starts ICE before that.
   * The session sets it as final while it goes out. Null once the start was superseded.
   */
  async answerOffer(
    pc: RTCPeerConnection,
    offer: RTCSessionDescriptionInit,
    /** The camera as it is once the offer is set: it may have opened meanwhile. */
    media: { readonly stream: MediaStream | null },
    stillWanted: () => boolean,
  ): Promise<RTCSessionDescriptionInit | null> {
    await pc.setRemoteDescription(offer);
    if (!stillWanted()) return null;
    sendBothKinds(pc, 'answerer', media.stream);
    this.remoteDescriptionApplied();
    const reply = await pc.createAnswer();
    if (!stillWanted()) return null;
    await pc.setLocalDescription({ type: 'pranswer', sdp: reply.sdp ?? '' });
    return stillWanted() ? reply : null;
  }

  /** Closes the connection and forgets every candidate held for it. */
  close() {
    const pc = this.pc;
    this.pc = null;
    this.remoteDescriptionSet = false;
    this.incoming = [];
    this.outgoing = null;
    if (!pc) return;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    pc.close();
  }
}
