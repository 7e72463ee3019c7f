import { Alert } from '@/components/ui/alert';

/** A timed success message (useTimedMessage, useFlashMessage) the user can also dismiss; nothing when there is none. */
export function SuccessBanner({
  banner,
  className,
}: {
  banner: { message: string | null; clear: () => void };
  className?: string;
}) {
  if (!banner.message) return null;
  return (
    <Alert tone="success" className={className} onDismiss={banner.clear}>
      {banner.message}
    </Alert>
  );
}
