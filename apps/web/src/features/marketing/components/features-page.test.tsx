import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { FeaturesPage } from './features-page';

describe('features page', () => {
  it('describes every feature in its own section and links on to pricing', () => {
    renderRoutes([{ path: '/features', element: <FeaturesPage /> }], '/features');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Features for networking that works');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    for (const title of [
      'Customizable matching',
      'Analytics and insights',
      'Seamless integration',
      'Private and secure',
    ]) {
      expect(headings).toContain(title);
      const section = screen.getByRole('region', { name: title });
      expect(within(section).getAllByRole('listitem').length).toBeGreaterThan(1);
    }
    const jumpLinks = within(screen.getByRole('navigation', { name: 'Features on this page' })).getAllByRole(
      'link',
    );
    expect(jumpLinks[0]).toHaveAttribute('href', '#matching');
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute(
      'href',
      '/business#pricing-section',
    );
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});
