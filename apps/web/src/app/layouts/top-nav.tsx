import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MenuToggle } from '@/components/ui/menu-toggle';
import { cn } from '@/lib/cn';

interface NavItem {
  to: string;
  label: string;
  isCurrent: (pathname: string) => boolean;
}

const NAV_ITEMS: NavItem[] = [
  // `/` and `/wheel` are the same screen.
  { to: '/', label: 'Home', isCurrent: (pathname) => pathname === '/' || pathname === '/wheel' },
  {
    to: '/how-it-works-user',
    label: 'How It Works',
    isCurrent: (pathname) => pathname === '/how-it-works-user',
  },
  { to: '/business', label: 'For Business', isCurrent: (pathname) => pathname === '/business' },
];

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export function TopNav() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const isBusiness = pathname === '/business';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 px-4 py-3 sm:px-6"
        onKeyDown={(event) => {
          if (event.key === 'Escape') setMenuOpen(false);
        }}
      >
        <Link
          to="/"
          className={cn('flex items-center gap-2 rounded text-xl font-bold tracking-tight', focusRing)}
          onClick={() => setMenuOpen(false)}
        >
          <span className={isBusiness ? 'text-slate-900' : 'text-indigo-700'}>WheelMeet</span>
          {isBusiness ? (
            <span className="rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold tracking-wider text-white">
              BUSINESS
            </span>
          ) : null}
        </Link>

        <MenuToggle
          open={menuOpen}
          controls={menuId}
          onToggle={() => setMenuOpen((open) => !open)}
          className={cn('border-slate-300 text-slate-900 sm:hidden', focusRing)}
        />

        <ul
          id={menuId}
          className={cn(
            'w-full flex-col gap-1 pt-3 sm:flex sm:w-auto sm:flex-row sm:items-center sm:gap-2 sm:pt-0',
            menuOpen ? 'flex' : 'hidden',
          )}
        >
          {NAV_ITEMS.map((item) => {
            const current = item.isCurrent(pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                  className={cn(
                    'block rounded-lg px-3 py-2 text-sm font-medium',
                    focusRing,
                    current
                      ? 'bg-indigo-50 text-indigo-800'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
