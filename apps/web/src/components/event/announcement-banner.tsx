import type { Announcement } from '@wheelmeet/contracts';
import { formatTime } from '@/lib/format';

export const ANNOUNCEMENT_LABEL = 'Announcement from the host';

/**
 * The host's latest announcement, as a strip across the top. The live region is always in the
 * page, even empty, so a screen reader announces the text that arrives in it.
 */
export function AnnouncementBanner({
  announcement,
  onDismiss,
  className,
}: {
  /** Null once dismissed, or before the host said anything. */
  announcement: Announcement | null;
  onDismiss: () => void;
  className?: string;
}) {
  return (
    <div role="status" aria-label={ANNOUNCEMENT_LABEL} className={className}>
      {announcement ? (
        <div className="flex items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-left text-sm text-amber-950 shadow-sm">
          <p className="min-w-0 break-words">
            <span className="font-semibold">Announcement</span>{' '}
            <time dateTime={announcement.sentAt} className="text-amber-800">
              ({formatTime(announcement.sentAt)})
            </time>
            : {announcement.message}
          </p>
          <button
            type="button"
            className="min-h-11 shrink-0 px-2 font-semibold underline underline-offset-2"
            onClick={onDismiss}
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
