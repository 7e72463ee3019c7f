import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, preloadDialog } from './dialog';
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

  it('shows above an open dialog, and a click on a toast leaves the dialog open', async () => {
    await preloadDialog();
    const onDismiss = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <>
        <Dialog open onOpenChange={onOpenChange} title="My connections">
          <p>Inside</p>
        </Dialog>
        <ToastRegion toasts={[{ id: 'a', message: 'This match ended.' }]} onDismiss={onDismiss} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'My connections' });
    const region = document.querySelector('[data-toast-region]') as HTMLElement;
    const layer = (element: Element) => Number(/\bz-\[?(\d+)\]?/.exec(element.className)?.[1] ?? 0);
    expect(layer(region)).toBeGreaterThan(layer(dialog));
    expect(layer(region)).toBeGreaterThan(70);

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(region.querySelector('button[aria-label="Dismiss"]') as HTMLElement);
    expect(onDismiss).toHaveBeenCalledWith('a');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
