import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { MenuToggle } from '@/components/ui/menu-toggle';
import { clearAdminSession } from '@/lib/auth-storage';
import { cn } from '@/lib/cn';
import { ADMIN_QUERY_KEY } from '../api/session';
import { type AdminSession, useAdminSession } from '../hooks/use-admin-session';

export interface SidebarLink {
  to: string;
  label: string;
}

/** Sidebar entries per spec section 2: business users see their own wheels, only super admins see Admins. */
export function sidebarLinks(session: AdminSession): SidebarLink[] {
  if (session.userType === 'BusinessUser') {
    return [
      { to: '/admin/dashboard', label: 'Dashboard' },
      { to: '/admin/wheels', label: 'My Wheels' },
      { to: '/admin/api-keys', label: 'API keys' },
    ];
  }
  return [
    { to: '/admin/dashboard', label: 'Dashboard' },
    { to: '/admin/users', label: 'Users' },
    { to: '/admin/wheels', label: 'Wheels' },
    { to: '/admin/business-users', label: 'Business Users' },
    { to: '/admin/demo-requests', label: 'Demo Requests' },
    ...(session.profile.isSuperAdmin ? [{ to: '/admin/admins', label: 'Admins' }] : []),
    { to: '/admin/settings', label: 'Settings' },
  ];
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** `/admin`: sidebar layout around the admin pages; on phones the sidebar folds into a menu. */
export function AdminLayout() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { firstName, lastName } = session.profile;

  const logout = () => {
    clearAdminSession();
    queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
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
      <aside className="bg-slate-900 text-slate-100 md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0">
        <div className="flex items-center justify-between px-5 py-4">
          <Link to="/admin/dashboard" className={cn('rounded text-lg font-bold text-white', focusRing)}>
            WheelMeet{' '}
            <span className="text-xs font-semibold text-indigo-300">
              {session.userType === 'BusinessUser' ? 'BUSINESS' : 'ADMIN'}
            </span>
          </Link>
          <MenuToggle
            open={menuOpen}
            controls={menuId}
            onToggle={() => setMenuOpen((open) => !open)}
            className={cn('border-slate-600 md:hidden', focusRing)}
          />
        </div>
        <nav
          id={menuId}
          aria-label="Admin"
          className={cn('px-3 pb-4 md:block', menuOpen ? 'block' : 'hidden')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setMenuOpen(false);
          }}
        >
          <ul className="flex flex-col gap-1">
            {sidebarLinks(session).map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg px-3 py-2 text-sm font-medium',
                      focusRing,
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
        <header className="flex items-center justify-end gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
          <p className="text-sm text-slate-700">
            <span className="sr-only">Signed in as </span>
            <span className="font-semibold text-slate-900">
              {firstName} {lastName}
            </span>
          </p>
          <Button variant="secondary" onClick={logout}>
            Logout
          </Button>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-6">
          <div className="mx-auto max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
