import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { AVATAR_PLACEHOLDER_SRC } from './avatar';
import { TESTIMONIALS, TestimonialsSection } from './testimonials-section';

describe('testimonials', () => {
  it('shows three quotes with their authors', () => {
    renderRoutes([{ path: '/', element: <TestimonialsSection /> }], '/');
    expect(screen.getAllByRole('figure')).toHaveLength(3);
    for (const testimonial of TESTIMONIALS) {
      expect(screen.getByText(testimonial.name)).toBeInTheDocument();
      expect(screen.getByRole('img', { name: `Portrait of ${testimonial.name}` })).toHaveAttribute(
        'src',
        testimonial.avatar,
      );
    }
  });

  it('falls back to the placeholder image when an avatar fails to load', () => {
    renderRoutes([{ path: '/', element: <TestimonialsSection /> }], '/');
    const broken = screen.getByRole('img', { name: 'Portrait of Daniel Okafor' });
    fireEvent.error(broken);

    expect(broken).toHaveAttribute('src', AVATAR_PLACEHOLDER_SRC);
    expect(screen.getByRole('img', { name: 'Portrait of Sofia Martens' })).toHaveAttribute(
      'src',
      '/images/testimonials/sofia-martens.svg',
    );
    // A placeholder that fails too stays put instead of looping.
    fireEvent.error(broken);
    expect(broken).toHaveAttribute('src', AVATAR_PLACEHOLDER_SRC);
  });
});
