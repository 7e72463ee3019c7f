import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeHub } from '@/test/fake-hub';
import { makeOpenWheel, makeSnapshot, WHEEL_ID } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { reportHeight } from './embedded-wheel-page';
import { routes } from './router';

describe('the embedded wheel', () => {
  it("shows the wheel without the site's header, navigation or footer", async () => {
    const wheel = makeOpenWheel();
    mockFetch({ [`GET /api/wheels/${WHEEL_ID}`]: jsonResponse(wheel) });
    const hub = new FakeHub();
    hub.handle('JoinWheel', () => ({ data: makeSnapshot({ wheel }) }));
    hub.handle('LeaveWheel', () => ({ data: null }));
    renderRoutes(routes, `/embed/wheels/${WHEEL_ID}`, { realtime: hub.client() });

    expect(await screen.findByRole('heading', { level: 1, name: wheel.name })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Outer ring' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect Anywhere, Instantly.' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'For Business' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('tells the page around the frame its height, once per change', () => {
    const postMessage = vi.fn();
    const page = document.createElement('main');
    let height = 640.4;
    page.getBoundingClientRect = () => ({ height }) as DOMRect;
    const stop = reportHeight({ postMessage } as unknown as Window, page);
    expect(postMessage).toHaveBeenCalledWith({ type: 'wheelmeet:resize', height: 641 }, '*');
    stop();
    height = 700;
    expect(postMessage).toHaveBeenCalledTimes(1);
  });
});
