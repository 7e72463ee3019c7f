import type { AdminWheelRow } from '@wheelmeet/contracts';
import { formatDate } from '../lib/format';
import type { Column } from './data-table';
import { StatusBadge } from './status-badge';
import { WheelNameCell } from './wheel-link';
import { REGISTERED_LABEL, SEATED_NOW_LABEL, seatsTaken } from './wheel-messages';

type WheelColumn = Column<AdminWheelRow>;

const CREATED: WheelColumn = {
  header: 'Created',
  cell: (wheel) => formatDate(wheel.createdAt),
  className: 'whitespace-nowrap',
};

/**
 * A list of wheels' columns. The admin area's list (`owner` only for admins) says whose wheel
 * it is and whether it is private; the dashboard's list of a business user's own leaves that out.
 */
export function wheelColumns({
  ownerOf,
  showAccess = false,
}: {
  ownerOf?: ((wheel: AdminWheelRow) => string) | undefined;
  showAccess?: boolean;
} = {}): WheelColumn[] {
  return [
    { header: 'Name', cell: (wheel) => <WheelNameCell wheel={wheel} /> },
    ...(ownerOf ? [{ header: 'Owner', cell: ownerOf }] : []),
    { header: 'Status', cell: (wheel) => <StatusBadge status={wheel.status} /> },
    { header: SEATED_NOW_LABEL, cell: seatsTaken, className: 'whitespace-nowrap tabular-nums' },
    { header: REGISTERED_LABEL, cell: (wheel) => wheel.participantCount, className: 'tabular-nums' },
    { header: 'Round', cell: (wheel) => wheel.currentRound, className: 'tabular-nums' },
    ...(showAccess
      ? [{ header: 'Access', cell: (wheel: AdminWheelRow) => (wheel.isPrivate ? 'Private' : 'Public') }]
      : []),
    CREATED,
  ];
}
