import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { HowItWorksPage } from './how-it-works-page';

describe('how it works (end users)', () => {
  it('explains the three steps in order and links to the wheels', () => {
    renderRoutes([{ path: '/how-it-works-user', element: <HowItWorksPage /> }], '/how-it-works-user');

    expect(screen.getByRole('heading', { level: 1, name: 'How It Works' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(within(steps[0] as HTMLElement).getByRole('heading')).toHaveTextContent('Join a wheel');
    expect(within(steps[1] as HTMLElement).getByRole('heading')).toHaveTextContent('Get matched');
    expect(within(steps[2] as HTMLElement).getByRole('heading')).toHaveTextContent('Start a video chat');
    expect(steps[1]).toHaveTextContent(/person facing you/);
    expect(steps[2]).toHaveTextContent(/peer-to-peer video call/);
    expect(screen.getByRole('link', { name: 'Find a wheel to join' })).toHaveAttribute('href', '/');
  });
});
