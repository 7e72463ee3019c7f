import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { useAdminSession } from '../hooks/use-admin-session';
import { BusinessWheels } from './business-wheels';

/** `/admin/direct-dashboard`: the business dashboard on its own, without the sidebar. */
export function DirectDashboardPage() {
  const { profile } = useAdminSession();
  return (
    <main id="main-content" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageTitle title="Business Dashboard" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Business Dashboard</h1>
      <p className="mt-1 text-sm text-slate-600">
        Signed in as {profile.firstName} {profile.lastName}.
      </p>
      <div className="mt-8">
        <BusinessWheels />
      </div>
      <Link
        to="/admin/dashboard"
        className="mt-8 inline-block rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Go to the admin area
      </Link>
    </main>
  );
}
