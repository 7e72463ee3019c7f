import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { clearAdminSession, getAdminUserType, getStoredAdminUser } from '@/lib/auth-storage';
import { cn } from '@/lib/cn';

interface SidebarLink {
  to: string;
  label: string;
}

function isSuperAdmin(user: unknown): boolean {
  return typeof user === 'object' && user !== null && 'isSuperAdmin' in user && user.isSuperAdmin === true;
}

/** Sidebar entries per spec section 2: business users see their own wheels, only super admins see Admins. */
function sidebarLinks(): SidebarLink[] {
  if (getAdminUserType() === 'BusinessUser') {
    return [
      { to: '/admin/dashboard', label: 'Dashboard' },
      { to: '/admin/wheels', label: 'My Wheels' },
    ];
  }
  return [
    { to: '/admin/dashboard', label: 'Dashboard' },
    { to: '/admin/users', label: 'Users' },
    { to: '/admin/wheels', label: 'Wheels' },
    { to: '/admin/business-users', label: 'Business Users' },
    { to: '/admin/demo-requests', label: 'Demo Requests' },
    ...(isSuperAdmin(getStoredAdminUser()) ? [{ to: '/admin/admins', label: 'Admins' }] : []),
    { to: '/admin/settings', label: 'Settings' },
  ];
}

/** `/admin`: sidebar layout around the admin pages. */
export function AdminLayout() {
  const navigate = useNavigate();
  const logout = () => {
    clearAdminSession();
    navigate('/admin/login', { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 md:flex-row">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <aside className="bg-slate-900 text-slate-100 md:w-64 md:shrink-0">
        <div className="flex items-center justify-between px-5 py-4">
          <Link
            to="/admin/dashboard"
            className="rounded text-lg font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            WheelMeet <span className="text-xs font-semibold text-indigo-300">ADMIN</span>
          </Link>
        </div>
        <nav aria-label="Admin" className="px-3 pb-4">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {sidebarLinks().map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
                      isActive
                        ? 'bg-indigo-600 text-white'
                        : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-end border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
          <Button variant="secondary" onClick={logout}>
            Logout
          </Button>
        </header>
        <main id="main-content" className="flex-1 px-4 py-8 sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
