import { Outlet, ScrollRestoration } from 'react-router';

/** The outermost route: every page, with or without the top navigation. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
