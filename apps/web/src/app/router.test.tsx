import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEYS } from '@/lib/auth-storage';
import { PLANS } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { routes } from './router';

function signIn() {
  localStorage.setItem(AUTH_STORAGE_KEYS.adminToken, 'token-123');
}

async function expectLocation(
  router: ReturnType<typeof renderRoutes>['router'],
  pathname: string,
  hash = '',
) {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.hash).toBe(hash);
  });
}

// The admin, marketing and purchase pages are fetched on demand (lazy-area.test.tsx shows the
// loading state); compiling them once here keeps the first test of each from racing that.
beforeAll(async () => {
  await Promise.all([
    import('./areas/admin-area'),
    import('./areas/marketing-area'),
    import('./areas/purchase-area'),
  ]);
});

beforeEach(() => {
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
  mockFetch({
    'GET /api/wheels/current': jsonResponse(
      { error: { code: 'not_found', reason: 'not_found', message: 'No wheel.' } },
      404,
    ),
    'GET /api/wheels/public': jsonResponse([]),
    'GET /api/business/plans': jsonResponse(PLANS),
    // The admin area: a super admin's session and empty pages.
    'GET /api/admin/profile': jsonResponse({
      userType: 'Admin',
      profile: {
        id: '11111111-1111-4111-8111-111111111111',
        firstName: 'Ada',
        lastName: 'Admin',
        email: 'ada@wheelmeet.test',
        isSuperAdmin: true,
      },
    }),
    'GET /api/admin/dashboard/stats': jsonResponse({
      totalUsers: 0,
      activeWheels: 0,
      businessUsers: 0,
      businessSignUps: 0,
      totalRevenue: 0,
      revenueByCurrency: {},
    }),
    'GET /api/admin/wheels': jsonResponse([]),
    'GET /api/admin/participants?limit=25&offset=0': jsonResponse({ items: [], total: 0 }),
    'GET /api/admin/business-users': jsonResponse([]),
    'GET /api/admin/demo-requests': jsonResponse([]),
    'GET /api/admin/users': jsonResponse([]),
    'GET /api/admin/settings': jsonResponse({
      siteName: 'WheelMeet',
      siteDescription: '',
      contactEmail: '',
      maxWheelParticipants: 20,
      defaultMatchDuration: 7,
      smtpServer: '',
      smtpPort: 587,
      smtpUsername: '',
      senderName: '',
      senderEmail: '',
      enableEmailNotifications: false,
      smtpPasswordSet: false,
    }),
  });
});

describe('route table redirects', () => {
  it('sends any unknown path to /', async () => {
    const { router } = renderRoutes(routes, '/no/such/page');
    await expectLocation(router, '/');
    expect(await screen.findByRole('heading', { name: 'Connect Anywhere, Instantly.' })).toBeInTheDocument();
  });

  it('serves the wheel screen on /wheel as on /', async () => {
    renderRoutes(routes, '/wheel');
    expect(await screen.findByRole('heading', { name: 'Connect Anywhere, Instantly.' })).toBeInTheDocument();
  });

  it('sends /pricing to the pricing section of /business and scrolls it into view', async () => {
    const { router } = renderRoutes(routes, '/pricing');
    await expectLocation(router, '/business', '#pricing-section');
    expect(await screen.findByRole('article', { name: 'Professional' })).toBeInTheDocument();
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
  });

  it('sends /purchase with an unknown plan back to pricing', async () => {
    const { router } = renderRoutes(routes, '/purchase/no-such-plan');
    await expectLocation(router, '/business', '#pricing-section');
  });

  it.each(['/admin', '/admin/dashboard', '/admin/wheels', '/admin/direct-dashboard'])(
    'sends %s to /admin/login without a stored token',
    async (path) => {
      const { router } = renderRoutes(routes, path);
      await expectLocation(router, '/admin/login');
      expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    },
  );

  it('sends a signed-in user from /admin/login to the dashboard', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/admin/login');
    await expectLocation(router, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('opens the dashboard for the /admin index', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/admin');
    await expectLocation(router, '/admin/dashboard');
  });

  it('sends an unknown /admin child to the dashboard', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/admin/no-such-page');
    await expectLocation(router, '/admin/dashboard');
  });

  it('shows the direct dashboard with a stored token', async () => {
    signIn();
    renderRoutes(routes, '/admin/direct-dashboard');
    expect(await screen.findByRole('heading', { name: 'Business Dashboard' })).toBeInTheDocument();
  });
});

describe('admin area', () => {
  it.each([
    ['/admin/users', 'Users', 'No users found'],
    ['/admin/wheels', 'Wheels', 'No wheels found'],
    ['/admin/wheels/new', 'Create Wheel', 'Registration form'],
    ['/admin/business-users', 'Business Users', 'No business users found'],
    ['/admin/demo-requests', 'Demo Requests', 'No demo requests found.'],
    ['/admin/admins', 'Admins', 'No admins found'],
    ['/admin/settings', 'Settings', 'Save Settings'],
  ])('renders %s', async (path, title, text) => {
    signIn();
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('logs out: clears the token and returns to the login page', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/admin/settings');
    (await screen.findByRole('button', { name: 'Logout' })).click();
    await expectLocation(router, '/admin/login');
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBeNull();
  });
});

describe('top navigation', () => {
  it('links Home, How It Works and For Business and marks the current page', async () => {
    renderRoutes(routes, '/how-it-works-user');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'For Business' })).toHaveAttribute('href', '/business');
    const current = within(nav).getByRole('link', { name: 'How It Works' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('carries the BUSINESS tag on /business only', async () => {
    const { router } = renderRoutes(routes, '/business');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /WheelMeet/ })).toHaveTextContent('BUSINESS');

    await router.navigate('/');
    await waitFor(() => expect(within(nav).queryByText('BUSINESS')).not.toBeInTheDocument());
  });

  it('is hidden under /admin and on the admin login page', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    localStorage.clear();
    await router.navigate('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('collapses into a menu button that toggles the links', async () => {
    renderRoutes(routes, '/');
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.click();
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
  });
});

describe('other pages', () => {
  it('shows the registration success page with a link to the admin login', async () => {
    renderRoutes(routes, '/registration-success');
    expect(await screen.findByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /admin login/i })).toHaveAttribute('href', '/admin/login');
  });

  it('routes /features and /payment-success to their pages', async () => {
    const { router } = renderRoutes(routes, '/features');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Features for networking that works' }),
    ).toBeInTheDocument();
    await router.navigate('/payment-success');
    expect(
      await screen.findByRole('heading', { level: 1, name: /No payment to confirm/ }),
    ).toBeInTheDocument();
  });

  it('gives every public page a main landmark', async () => {
    renderRoutes(routes, '/business');
    expect(await screen.findByRole('main')).toBeInTheDocument();
  });
});
