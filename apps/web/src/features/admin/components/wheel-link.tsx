import { Link } from 'react-router';
import { linkClasses } from './data-table';

/** A wheel's name, linking to its admin page (as a table cell shows it). */
export function WheelLink({ id, name }: { id: string; name: string }) {
  return (
    <Link to={`/admin/wheels/${id}`} className={linkClasses}>
      {name}
    </Link>
  );
}
