// The admin area's pages, as the router's lazy admin chunk sees them: everything imported here
// is fetched only when someone opens /admin.
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminsPage } from '@/features/admin/components/admins-page';
import { BusinessUsersPage } from '@/features/admin/components/business-users-page';
import { DemoRequestsPage } from '@/features/admin/components/demo-requests-page';
import { DirectDashboardPage } from '@/features/admin/components/direct-dashboard-page';
import { RequireAdminAuth } from '@/features/admin/components/require-admin-auth';
import { RequireRole } from '@/features/admin/components/require-role';
import { SettingsPage } from '@/features/admin/components/settings-page';
import { UsersPage } from '@/features/admin/components/users-page';

export { AdminLoginPage } from '@/features/admin/components/admin-login-page';
export { ApiKeysForBusinessUsers } from '@/features/admin/components/api-keys-page';
export { BusinessUserReportPage } from '@/features/admin/components/business-user-report-page';
export { DashboardPage } from '@/features/admin/components/dashboard-page';
export { WheelCreatePage } from '@/features/admin/components/wheel-create-page';
export { WheelDetailPage } from '@/features/admin/components/wheel-detail-page';
export { WheelReportPage } from '@/features/admin/components/wheel-report-page';
export { WheelsPage } from '@/features/admin/components/wheels-page';

export function SignedInAdminLayout() {
  return (
    <RequireAdminAuth>
      <AdminLayout />
    </RequireAdminAuth>
  );
}

export function SignedInDirectDashboard() {
  return (
    <RequireAdminAuth>
      <DirectDashboardPage />
    </RequireAdminAuth>
  );
}

export function UsersForAdmins() {
  return (
    <RequireRole allow="admin">
      <UsersPage />
    </RequireRole>
  );
}

export function BusinessUsersForAdmins() {
  return (
    <RequireRole allow="admin">
      <BusinessUsersPage />
    </RequireRole>
  );
}

export function DemoRequestsForAdmins() {
  return (
    <RequireRole allow="admin">
      <DemoRequestsPage />
    </RequireRole>
  );
}

export function AdminsForSuperAdmins() {
  return (
    <RequireRole allow="super-admin">
      <AdminsPage />
    </RequireRole>
  );
}

export function SettingsForAdmins() {
  return (
    <RequireRole allow="admin">
      <SettingsPage />
    </RequireRole>
  );
}
