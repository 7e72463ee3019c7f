import type { ServerToClientEvents } from '@wheelmeet/contracts';
import type { RealtimeClient } from '@/lib/realtime-client';

/**
 * The hub's events a call listens to. The call's engine is fetched on demand (lazy-call-
 * controller.ts), and these are kept while it is on its way, so the list is known up front.
 */
export const CALL_HUB_EVENTS = [
  'OfferReceived',
  'AnswerReceived',
  'IceCandidateReceived',
  'CallRejoined',
  'CallFailed',
  'CallTimer',
  'CallTimeUp',
  'MatchExpired',
  'MatchDeclined',
  'MediaStateChanged',
  'CallEnded',
] as const satisfies readonly (keyof ServerToClientEvents)[];

export type CallHubEvent = (typeof CALL_HUB_EVENTS)[number];

/** The hub as a call sees it: its calls, and only the events of CALL_HUB_EVENTS. */
export interface CallHub extends Pick<RealtimeClient, 'call'> {
  on<E extends CallHubEvent>(event: E, listener: ServerToClientEvents[E]): () => void;
}
