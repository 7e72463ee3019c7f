import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastRegion } from './toast';

describe('toast region', () => {
  it('is a polite live region, named, with each toast’s action and dismiss button', async () => {
    const onDismiss = vi.fn();
    const onClick = vi.fn();
    const { rerender } = render(<ToastRegion label="Updates" toasts={[]} onDismiss={onDismiss} />);
    // Present before any toast, so the first one is announced.
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toBeEmptyDOMElement();

    rerender(
      <ToastRegion
        label="Updates"
        toasts={[
          { id: 'a', message: 'Ada accepted your match.', action: { label: 'Open matches', onClick } },
        ]}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByRole('region', { name: 'Updates' })).toContainElement(status);
    expect(status).toHaveTextContent('Ada accepted your match.');
    await userEvent.click(screen.getByRole('button', { name: 'Open matches' }));
    expect(onClick).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledWith('a');
  });
});
