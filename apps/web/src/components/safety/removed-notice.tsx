import { REMOVED_FROM_WHEEL } from '@wheelmeet/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { forgetParticipantToken } from '@/lib/auth-storage';
import type { RealtimeClient } from '@/lib/realtime-client';

/**
 * Tells a participant the organiser removed them from the wheel (decision 016): at once when
 * the hub says so, or after a reload when it refuses their token. Their token is forgotten and
 * `onRemoved` lets the screen go back to watching.
 */
export function RemovedNotice({
  client,
  wheelId,
  onRemoved,
}: {
  client: Pick<RealtimeClient, 'on' | 'onTokenRejected'>;
  wheelId: string;
  onRemoved: (token: string | null) => void;
}) {
  const [removed, setRemoved] = useState(false);
  useEffect(() => {
    const offEvent = client.on('RemovedFromWheel', (event) => {
      if (event.wheelId !== wheelId) return;
      setRemoved(true);
      onRemoved(null);
    });
    const offRejected = client.onTokenRejected((token, message) => {
      if (message !== REMOVED_FROM_WHEEL) return;
      forgetParticipantToken(token);
      setRemoved(true);
      onRemoved(token);
    });
    return () => {
      offEvent();
      offRejected();
    };
  }, [client, wheelId, onRemoved]);
  return removed ? (
    <Alert tone="info" className="font-medium">
      {REMOVED_FROM_WHEEL} You can still watch the wheel.
    </Alert>
  ) : null;
}
