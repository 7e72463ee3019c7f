import { useParams } from 'react-router';
import type { MatchReadyHandler } from './wheel-experience';
import { WheelGate } from './wheel-gate';

export { WHEEL_LOAD_ERROR } from './wheel-gate';

/** `/wheel/:wheelId`: a wheel by id, locked behind its access code when it has one. */
export function WheelPage({
  onMatchReady,
}: {
  /** Called once per match both sides accepted (the app layer starts the video call). */
  onMatchReady?: MatchReadyHandler;
}) {
  const { wheelId = '' } = useParams();
  return <WheelGate key={wheelId} wheelId={wheelId} onMatchReady={onMatchReady} />;
}
