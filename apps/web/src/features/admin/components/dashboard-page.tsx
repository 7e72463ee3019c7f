import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { dashboardStatsQuery } from '../api/dashboard';
import { useAdminSession } from '../hooks/use-admin-session';
import { formatRevenue } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { BusinessWheels } from './business-wheels';

export const DASHBOARD_ERROR = 'Failed to load dashboard data';

function AdminStats() {
  const stats = useQuery(dashboardStatsQuery());
  if (stats.isPending) return <LoadingState />;
  if (stats.isError) return <ErrorState message={DASHBOARD_ERROR} />;
  const figures = [
    { label: 'Total users', value: stats.data.totalUsers.toLocaleString() },
    { label: 'Active wheels', value: stats.data.activeWheels.toLocaleString() },
    { label: 'Business users', value: stats.data.businessUsers.toLocaleString() },
    { label: 'Total revenue', value: formatRevenue(stats.data.totalRevenue, stats.data.revenueByCurrency) },
  ];
  return (
    <section aria-labelledby="dashboard-stats">
      <h2 id="dashboard-stats" className="sr-only">
        Figures
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <Card key={figure.label} className="p-5">
            <dt className="text-sm font-medium text-slate-500">{figure.label}</dt>
            <dd className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{figure.value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

/** `/admin/dashboard`: the figures for admins, their own wheels for business users. */
export function DashboardPage() {
  const session = useAdminSession();
  return (
    <>
      <AdminPageHeader title="Dashboard" description={`Welcome back, ${session.profile.firstName}.`} />
      {session.userType === 'Admin' ? <AdminStats /> : <BusinessWheels />}
    </>
  );
}
