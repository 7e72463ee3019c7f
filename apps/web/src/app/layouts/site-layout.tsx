import { Outlet } from 'react-router';
import { TopNav } from './top-nav';

/** Public pages: top navigation, main content, footer. Not used under /admin. */
export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-indigo-700 focus:shadow"
      >
        Skip to main content
      </a>
      <TopNav />
      <main id="main-content" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6">
          WheelMeet: speed networking on a spinning wheel.
        </p>
      </footer>
    </div>
  );
}
