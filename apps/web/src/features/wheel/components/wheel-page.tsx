import { useParams } from 'react-router';
import type { WheelCallHooks } from './wheel-experience';
import { WheelGate } from './wheel-gate';

export { WHEEL_LOAD_ERROR } from './wheel-gate';

/** `/wheel/:wheelId`: a wheel by id, locked behind its access code when it has one. */
export function WheelPage(call: WheelCallHooks) {
  const { wheelId = '' } = useParams();
  return <WheelGate key={wheelId} wheelId={wheelId} {...call} />;
}
