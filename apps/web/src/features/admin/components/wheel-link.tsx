import type { AdminWheelRow } from '@wheelmeet/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { linkClasses } from './data-table';
import { openReportsLabel } from './wheel-messages';

/** Where a wheel's matching report lives (issue 38). */
export const wheelReportPath = (id: string) => `/admin/wheels/${encodeURIComponent(id)}/report`;

/** A wheel's name, linking to its admin page (as a table cell shows it). */
export function WheelLink({ id, name }: { id: string; name: string }) {
  return (
    <Link to={`/admin/wheels/${id}`} className={linkClasses}>
      {name}
    </Link>
  );
}

/** A list's wheel: its name, and the reports still to look at, so the list shows where to go. */
export function WheelNameCell({ wheel }: { wheel: Pick<AdminWheelRow, 'id' | 'name' | 'openReportCount'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <WheelLink id={wheel.id} name={wheel.name} />
      {wheel.openReportCount > 0 ? (
        <Badge tone="amber">{openReportsLabel(wheel.openReportCount)}</Badge>
      ) : null}
    </span>
  );
}
