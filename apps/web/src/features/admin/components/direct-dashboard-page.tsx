import { Link } from 'react-router';
import { AdminPlaceholderPage } from './admin-placeholder-page';

/** `/admin/direct-dashboard`: the business dashboard outside the sidebar layout. */
export function DirectDashboardPage() {
  return (
    <main id="main-content" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <AdminPlaceholderPage title="Business Dashboard" message="The business dashboard is coming soon." />
      <Link
        to="/admin/dashboard"
        className="mt-6 inline-block rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Go to the admin area
      </Link>
    </main>
  );
}
