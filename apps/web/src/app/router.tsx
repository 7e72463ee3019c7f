import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { WheelHomePage } from '@/features/wheel/components/wheel-home-page';
import { WheelPage } from '@/features/wheel/components/wheel-page';
import { EmbeddedWheelPage } from './embedded-wheel-page';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { lazyArea } from './lazy-area';
import { WheelWithVideoCall } from './wheel-with-video-call';

// The participant's screens (the wheel and its video call) are in the first download; every
// other part of the app is its own chunk, fetched when one of its pages is first opened, so
// that `/` stays within its JavaScript budget (decision 012).
const admin = lazyArea(() => import('./areas/admin-area'));
const marketing = lazyArea(() => import('./areas/marketing-area'));
const purchase = lazyArea(() => import('./areas/purchase-area'));

function WheelHomeWithCall() {
  return <WheelWithVideoCall>{(call) => <WheelHomePage {...call} />}</WheelWithVideoCall>;
}

/** The complete route table (spec section 2), exported so tests mount the real routes in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Public pages carry the top navigation; nothing under /admin does.
        element: <SiteLayout />,
        children: [
          { path: '/', element: <WheelHomeWithCall /> },
          { path: '/wheel', element: <WheelHomeWithCall /> },
          {
            path: '/wheel/:wheelId',
            element: <WheelWithVideoCall>{(call) => <WheelPage {...call} />}</WheelWithVideoCall>,
          },
          { path: '/business', element: marketing('BusinessPage') },
          { path: '/features', element: marketing('FeaturesPage') },
          { path: '/pricing', element: <Navigate to="/business#pricing-section" replace /> },
          { path: '/purchase/:planId', element: purchase('PurchasePage') },
          { path: '/payment-success', element: purchase('PaymentSuccessPage') },
          { path: '/registration-success', element: purchase('RegistrationSuccessPage') },
          { path: '/how-it-works-user', element: marketing('HowItWorksPage') },
        ],
      },
      // In an iframe on an organiser's site: no top navigation (decision 017).
      { path: '/embed/wheels/:wheelId', element: <EmbeddedWheelPage /> },
      { path: '/admin/login', element: admin('AdminLoginPage') },
      { path: '/admin/direct-dashboard', element: admin('SignedInDirectDashboard') },
      {
        path: '/admin',
        element: admin('SignedInAdminLayout'),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', element: admin('DashboardPage') },
          { path: 'users', element: admin('UsersForAdmins') },
          // Admins see every wheel, business users their own ('My Wheels'); the server filters.
          { path: 'wheels', element: admin('WheelsPage') },
          { path: 'wheels/new', element: admin('WheelCreatePage') },
          { path: 'wheels/:wheelId', element: admin('WheelDetailPage') },
          // The wheel's owner or an admin; the server answers 404 otherwise.
          { path: 'wheels/:wheelId/report', element: admin('WheelReportPage') },
          { path: 'business-users', element: admin('BusinessUsersForAdmins') },
          { path: 'demo-requests', element: admin('DemoRequestsForAdmins') },
          { path: 'admins', element: admin('AdminsForSuperAdmins') },
          { path: 'settings', element: admin('SettingsForAdmins') },
          { path: 'api-keys', element: admin('ApiKeysForBusinessUsers') },
          // An admin, or the business user for itself; the server answers 404 otherwise.
          { path: 'reports/business-user/:id', element: admin('BusinessUserReportPage') },
          { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * The route table in React Router's declarative mode (inside a BrowserRouter): the app has no
 * loaders or actions, and the data router's code would be 18 KiB (gzip) more of the first
 * download (decision 012).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
