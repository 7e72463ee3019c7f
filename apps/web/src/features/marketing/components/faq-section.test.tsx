import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { FAQ_ITEMS, FaqSection } from './faq-section';

function renderFaq() {
  renderRoutes([{ path: '/', element: <FaqSection /> }], '/');
  const region = screen.getByRole('region', { name: 'Frequently asked questions' });
  return within(region).getAllByRole('button');
}

describe('FAQ accordion', () => {
  it('has six questions with only the first one open', () => {
    const triggers = renderFaq();
    expect(triggers).toHaveLength(6);
    expect(triggers.map((trigger) => trigger.getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(screen.getByText(/Starter welcomes up to 50 participants/)).toBeVisible();
  });

  it('keeps one answer open at a time', async () => {
    const triggers = renderFaq();
    await userEvent.click(screen.getByRole('button', { name: 'What kind of support is included?' }));

    expect(triggers[0]).toHaveAttribute('aria-expanded', 'false');
    expect(triggers[1]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText(/Starter welcomes up to 50 participants/)).not.toBeInTheDocument();
    expect(screen.getByText(/Professional adds priority support/)).toBeInTheDocument();

    await userEvent.click(triggers[2] as HTMLElement);
    expect(triggers.filter((trigger) => trigger.getAttribute('aria-expanded') === 'true')).toEqual([
      triggers[2],
    ]);
  });

  it('covers participant limits, support and API access per plan', () => {
    const text = FAQ_ITEMS.map((item) => item.answer).join(' ');
    expect(text).toMatch(/Starter welcomes up to 50 participants/);
    expect(text).toMatch(/Professional up to 200/);
    expect(text).toMatch(/Enterprise has no limit/);
    expect(text).toMatch(/Starter includes email support/);
    expect(text).toMatch(/Enterprise comes with dedicated 24\/7 support/);
    expect(text).toMatch(/Professional and Enterprise plans include API access/);
  });

  it('works from the keyboard', async () => {
    const triggers = renderFaq();
    (triggers[0] as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(triggers[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(triggers[1]).toHaveAttribute('aria-expanded', 'true');
    expect(triggers[0]).toHaveAttribute('aria-expanded', 'false');
  });
});
