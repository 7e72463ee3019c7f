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

/** Every business account, paid or not, as the Business users card's second line says it. */
export const businessSignUps = (count: number) =>
  `${count.toLocaleString()} sign-up${count === 1 ? '' : 's'} in all`;

function AdminStats() {
  const stats = useQuery(dashboardStatsQuery());
  if (stats.isPending) return <LoadingState />;
  if (stats.isError) return <ErrorState message={DASHBOARD_ERROR} />;
  const { data } = stats;
  // The spec's four figures, each saying what it counts (issue 12: 'Business users' counted
  // sign-ups that never paid).
  const figures = [
    {
      label: 'Total users',
      value: data.totalUsers.toLocaleString(),
      detail: 'Participants registered on any wheel',
    },
    {
      label: 'Active wheels',
      value: data.activeWheels.toLocaleString(),
      detail: 'Wheels with the status Active',
    },
    {
      label: 'Business users',
      value: data.businessUsers.toLocaleString(),
      detail: `Paying: active subscription · ${businessSignUps(data.businessSignUps)}`,
    },
    {
      label: 'Total revenue',
      value: formatRevenue(data.totalRevenue, data.revenueByCurrency),
      detail: 'Successful payments',
    },
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
            <dd className="mt-1 text-sm text-slate-600">{figure.detail}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

/** Words that name a role rather than a person, such as the seeded super admin's 'Platform Admin'. */
const ROLE_WORDS = new Set([
  'platform',
  'admin',
  'administrator',
  'super',
  'superadmin',
  'system',
  'root',
  'owner',
]);
const isRoleLike = (name: string) =>
  name.split(/\s+/).every((word) => word === '' || ROLE_WORDS.has(word.toLowerCase()));

/**
 * The dashboard's greeting: a person by their first name, the full name when the first name
 * alone is a role word, and nobody by name when the whole name is a placeholder ('Welcome back,
 * Platform.' greeted the seeded admin by half of its role).
 */
export function welcomeText(profile: { firstName: string; lastName: string }): string {
  const first = profile.firstName.trim();
  const full = `${first} ${profile.lastName.trim()}`.trim();
  if (isRoleLike(full)) return 'Welcome back.';
  return `Welcome back, ${isRoleLike(first) ? full : first}.`;
}

/** `/admin/dashboard`: the figures for admins, their own wheels for business users. */
export function DashboardPage() {
  const session = useAdminSession();
  return (
    <>
      <AdminPageHeader title="Dashboard" description={welcomeText(session.profile)} />
      {session.userType === 'Admin' ? <AdminStats /> : <BusinessWheels />}
    </>
  );
}
