import type { ServerToClientEvents } from '@wheelmeet/contracts';
import { type OnDemandModule, onDemand } from '@/lib/on-demand';
import type { CallController } from './call-controller';
import { CALL_HUB_EVENTS, type CallHub, type CallHubEvent } from './call-hub';
import { IDLE_CALL_STATE } from './call-state';
import type { VideoCallEnvironment } from './video-call-environment';

// The call's engine (negotiation, media, restarts) is needed once this person has a match: it
// stays out of the page's first download and is fetched when their match is revealed (issue 37).
const callEngine = onDemand(() => import('./call-controller'));

/** Fetches the call's engine now; the unit tests do, as a browser has by the time a call starts. */
export const preloadCallController = callEngine.preload;

type CallEngineModule = Pick<typeof import('./call-controller'), 'createCallController'>;
export type CallEngine = OnDemandModule<CallEngineModule>;

/** A step for the engine, and whether losing it would lose a call rather than a head start. */
interface Step {
  run: (controller: CallController) => void;
  needed: boolean;
}

/**
 * The call controller of one screen, its engine fetched on demand. Until the engine is in, the
 * screen is idle; what happens meanwhile (the hub's call events, the wheel's news of a match)
 * is kept and handed to it in order once it arrives, so nothing is lost to a slow network. An
 * engine that cannot be fetched is reported through `onUnavailable` when a call needed it (the
 * page then offers a reload); a head start it missed (the ICE servers at a reveal) is not.
 */
export function createLazyCallController({
  client,
  environment,
  onUnavailable,
  engine = callEngine,
}: {
  client: CallHub;
  environment: VideoCallEnvironment;
  onUnavailable: (error: unknown) => void;
  /** Where the engine comes from; tests hold it back to play a slow network. */
  engine?: CallEngine;
}): CallController {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  // The engine's own listeners, fed by the hub's events from `attach` below.
  const relayed = new Map<CallHubEvent, (payload: never) => void>();
  const relay: CallHub = {
    call: (event, request) => client.call(event, request),
    on(event, listener) {
      relayed.set(event, listener as (payload: never) => void);
      return () => relayed.delete(event);
    },
  };
  let controller: CallController | null = null;
  let detachController: (() => void) | null = null;
  let attached = false;
  const waiting: Step[] = [];

  function start(module: CallEngineModule) {
    if (controller) return;
    controller = module.createCallController({ client: relay, environment });
    controller.subscribe(notify);
    if (attached) detachController = controller.attach();
    for (const step of waiting.splice(0)) step.run(controller);
    notify();
  }

  const ready = engine.loaded();
  if (ready) start(ready);

  function fetchEngine() {
    engine.load().then(start, (error: unknown) => {
      const lost = waiting.splice(0);
      if (lost.some((step) => step.needed)) onUnavailable(error);
    });
  }

  function whenReady(step: Step) {
    if (controller) {
      step.run(controller);
      return;
    }
    waiting.push(step);
    if (waiting.length === 1) fetchEngine();
  }

  return {
    getState: () => controller?.getState() ?? IDLE_CALL_STATE,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    attach() {
      attached = true;
      const off = CALL_HUB_EVENTS.map((event) =>
        client.on(event, ((payload: never) =>
          whenReady({
            run: () => relayed.get(event)?.(payload),
            needed: true,
          })) as ServerToClientEvents[typeof event]),
      );
      if (controller) detachController = controller.attach();
      return () => {
        attached = false;
        for (const stop of off) stop();
        waiting.length = 0;
        detachController?.();
        detachController = null;
      };
    },
    matchReady: (match, me, restored) =>
      whenReady({ run: (c) => c.matchReady(match, me, restored), needed: true }),
    matchOffered: (match, me) => whenReady({ run: (c) => c.matchOffered(match, me), needed: false }),
    acceptedByMe: (match, me) => whenReady({ run: (c) => c.acceptedByMe(match, me), needed: true }),
    // The rest act on a call under way, which only the engine can have started.
    toggleMicrophone: () => controller?.toggleMicrophone(),
    toggleCamera: () => controller?.toggleCamera(),
    endCall: () => controller?.endCall(),
    extendCall: () => controller?.extendCall(),
    retry: () => controller?.retry(),
    connectionState: () => controller?.connectionState() ?? IDLE_CALL_STATE.peerState,
  };
}
