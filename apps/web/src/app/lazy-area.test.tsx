import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { RootLayout } from './layouts/root-layout';
import { lazyArea } from './lazy-area';

function OrdersPage() {
  return <h1>Orders</h1>;
}

function HomePage() {
  return <h1>Home</h1>;
}

/** An import() that settles when the test says so. */
function deferredImport() {
  let resolve: (module: { OrdersPage: typeof OrdersPage }) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<{ OrdersPage: typeof OrdersPage }>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

function routesWith(load: () => Promise<{ OrdersPage: typeof OrdersPage }>): RouteObject[] {
  const area = lazyArea(load);
  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/orders', element: area('OrdersPage') },
      ],
    },
  ];
}

describe('pages fetched on demand', () => {
  it('says the page is loading while its code arrives, then shows it', async () => {
    const chunk = deferredImport();
    renderRoutes(
      routesWith(() => chunk.promise),
      '/orders',
    );

    expect(await screen.findByRole('status')).toHaveTextContent('Loading page...');
    chunk.resolve({ OrdersPage });
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers a reload when the code cannot be fetched, e.g. after a deploy', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const chunk = deferredImport();
    renderRoutes(
      routesWith(() => chunk.promise),
      '/orders',
    );
    chunk.reject(new TypeError('Failed to fetch dynamically imported module: /assets/orders-1234.js'));

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('tries again on the next visit after a failed fetch', async () => {
    let reachable = false;
    const load = vi.fn(() =>
      reachable
        ? Promise.resolve({ OrdersPage })
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const { router } = renderRoutes(routesWith(load), '/orders');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();

    reachable = true;
    await userEvent.setup().click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await router.navigate('/orders');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });

  it('shows an error in a page as an error, without offering a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function BrokenPage(): never {
      throw new Error('boom');
    }
    renderRoutes([{ element: <RootLayout />, children: [{ path: '/', element: <BrokenPage /> }] }], '/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload page' })).not.toBeInTheDocument();
  });
});
