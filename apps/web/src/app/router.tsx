import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminLoginPage } from '@/features/admin/components/admin-login-page';
import { AdminPlaceholderPage } from '@/features/admin/components/admin-placeholder-page';
import { DirectDashboardPage } from '@/features/admin/components/direct-dashboard-page';
import { RequireAdminAuth } from '@/features/admin/components/require-admin-auth';
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
          { path: '/', element: <WheelHomePage /> },
          { path: '/wheel', element: <WheelHomePage /> },
          { path: '/wheel/:wheelId', element: <WheelPage /> },
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
          { path: 'dashboard', element: <AdminPlaceholderPage title="Dashboard" /> },
          {
            path: 'users',
            element: <AdminPlaceholderPage title="Users" message="This page is under construction." />,
          },
          { path: 'wheels', element: <AdminPlaceholderPage title="Wheels" /> },
          { path: 'business-users', element: <AdminPlaceholderPage title="Business Users" /> },
          { path: 'demo-requests', element: <AdminPlaceholderPage title="Demo Requests" /> },
          { path: 'admins', element: <AdminPlaceholderPage title="Admins" /> },
          { path: 'settings', element: <AdminPlaceholderPage title="Settings" /> },
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
