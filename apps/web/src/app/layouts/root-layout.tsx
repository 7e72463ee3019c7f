import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { RouteErrorBoundary } from './route-error';

/** The outermost route: every page, with or without the top navigation. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteErrorBoundary resetKey={pathname}>
        <Outlet />
      </RouteErrorBoundary>
      <ScrollToTopOnNewPage />
    </>
  );
}

/**
 * A page reached through a link starts at its top, as after a page load. Back and forward are
 * left to the browser, which puts the person back where they were on that page; a link to a
 * `#section` is left to the page that owns the section.
 */
function ScrollToTopOnNewPage() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what triggers it, on purpose.
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
