import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminLoginPage } from '@/features/admin/components/admin-login-page';
import { AdminsPage } from '@/features/admin/components/admins-page';
import { BusinessUserReportPage } from '@/features/admin/components/business-user-report-page';
import { BusinessUsersPage } from '@/features/admin/components/business-users-page';
import { DashboardPage } from '@/features/admin/components/dashboard-page';
import { DemoRequestsPage } from '@/features/admin/components/demo-requests-page';
import { DirectDashboardPage } from '@/features/admin/components/direct-dashboard-page';
import { RequireAdminAuth } from '@/features/admin/components/require-admin-auth';
import { RequireRole } from '@/features/admin/components/require-role';
import { SettingsPage } from '@/features/admin/components/settings-page';
import { UsersPage } from '@/features/admin/components/users-page';
import { WheelCreatePage } from '@/features/admin/components/wheel-create-page';
import { WheelDetailPage } from '@/features/admin/components/wheel-detail-page';
import { WheelsPage } from '@/features/admin/components/wheels-page';
import { BusinessPage } from '@/features/marketing/components/business-page';
import { FeaturesPage } from '@/features/marketing/components/features-page';
import { HowItWorksPage } from '@/features/marketing/components/how-it-works-page';
import { PaymentSuccessPage } from '@/features/purchase/components/payment-success-page';
import { PurchasePage } from '@/features/purchase/components/purchase-page';
import { RegistrationSuccessPage } from '@/features/purchase/components/registration-success-page';
import { WheelHomePage } from '@/features/wheel/components/wheel-home-page';
import { WheelPage } from '@/features/wheel/components/wheel-page';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { SiteLayout } from './layouts/site-layout';
import { WheelWithVideoCall } from './wheel-with-video-call';

function WheelHomeWithCall() {
  return (
    <WheelWithVideoCall>{(onMatchReady) => <WheelHomePage onMatchReady={onMatchReady} />}</WheelWithVideoCall>
  );
}

/** The complete route table (spec section 2), exported so tests mount the real routes in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Public pages carry the top navigation; nothing under /admin does.
        element: <SiteLayout />,
        children: [
          { path: '/', element: <WheelHomeWithCall /> },
          { path: '/wheel', element: <WheelHomeWithCall /> },
          {
            path: '/wheel/:wheelId',
            element: (
              <WheelWithVideoCall>
                {(onMatchReady) => <WheelPage onMatchReady={onMatchReady} />}
              </WheelWithVideoCall>
            ),
          },
          { path: '/business', element: <BusinessPage /> },
          { path: '/features', element: <FeaturesPage /> },
          { path: '/pricing', element: <Navigate to="/business#pricing-section" replace /> },
          { path: '/purchase/:planId', element: <PurchasePage /> },
          { path: '/payment-success', element: <PaymentSuccessPage /> },
          { path: '/registration-success', element: <RegistrationSuccessPage /> },
          { path: '/how-it-works-user', element: <HowItWorksPage /> },
        ],
      },
      { path: '/admin/login', element: <AdminLoginPage /> },
      {
        path: '/admin/direct-dashboard',
        element: (
          <RequireAdminAuth>
            <DirectDashboardPage />
          </RequireAdminAuth>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireAdminAuth>
            <AdminLayout />
          </RequireAdminAuth>
        ),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', element: <DashboardPage /> },
          {
            path: 'users',
            element: (
              <RequireRole allow="admin">
                <UsersPage />
              </RequireRole>
            ),
          },
          // Admins see every wheel, business users their own ('My Wheels'); the server filters.
          { path: 'wheels', element: <WheelsPage /> },
          { path: 'wheels/new', element: <WheelCreatePage /> },
          { path: 'wheels/:wheelId', element: <WheelDetailPage /> },
          {
            path: 'business-users',
            element: (
              <RequireRole allow="admin">
                <BusinessUsersPage />
              </RequireRole>
            ),
          },
          {
            path: 'demo-requests',
            element: (
              <RequireRole allow="admin">
                <DemoRequestsPage />
              </RequireRole>
            ),
          },
          {
            path: 'admins',
            element: (
              <RequireRole allow="super-admin">
                <AdminsPage />
              </RequireRole>
            ),
          },
          {
            path: 'settings',
            element: (
              <RequireRole allow="admin">
                <SettingsPage />
              </RequireRole>
            ),
          },
          // An admin, or the business user for itself; the server answers 404 otherwise.
          { path: 'reports/business-user/:id', element: <BusinessUserReportPage /> },
          { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
