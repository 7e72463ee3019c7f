import { useParams } from 'react-router';
import { WheelGate } from './wheel-gate';

export { WHEEL_LOAD_ERROR } from './wheel-gate';

/** `/wheel/:wheelId`: a wheel by id, locked behind its access code when it has one. */
export function WheelPage() {
  const { wheelId = '' } = useParams();
  return <WheelGate key={wheelId} wheelId={wheelId} />;
}
