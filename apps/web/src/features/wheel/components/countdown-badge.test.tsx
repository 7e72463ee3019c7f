import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountdownBadge } from './countdown-badge';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const inSeconds = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('countdown badge', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts down whole seconds with an 's' and shows 'Wait' at zero", () => {
    render(<CountdownBadge nextSpinAt={inSeconds(42)} resetAt={null} clockOffsetMs={0} phase="open" />);
    const countdown = screen.getByTestId('countdown');
    expect(countdown).toHaveTextContent('42s');

    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown).toHaveTextContent('41s');

    act(() => vi.advanceTimersByTime(40_000));
    expect(countdown).toHaveTextContent('1s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown).toHaveTextContent('Wait');
    act(() => vi.advanceTimersByTime(5_000));
    expect(countdown).toHaveTextContent('Wait');
  });

  it("shows 'Wait' while the server waits for people (no next spin)", () => {
    render(<CountdownBadge nextSpinAt={null} resetAt={null} clockOffsetMs={0} phase="open" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Wait');
    expect(screen.getByText('Waiting for people on both rings.')).toBeInTheDocument();
  });

  it("shows 'Paused', not a countdown, while the organiser has paused the rounds", () => {
    render(
      <CountdownBadge nextSpinAt={inSeconds(42)} resetAt={null} clockOffsetMs={0} phase="open" paused />,
    );
    expect(screen.getByTestId('countdown')).toHaveTextContent('Paused');
    expect(screen.getByText('The organiser has paused the wheel.')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for people on both rings.')).not.toBeInTheDocument();
  });

  it("trusts the server's clock: a browser 5 s behind still shows the server's countdown", () => {
    // The server is 5 s ahead of this browser, so 42 s on the server clock is 37 s from now.
    render(<CountdownBadge nextSpinAt={inSeconds(42)} resetAt={null} clockOffsetMs={5_000} phase="open" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('37s');
  });

  it('announces changes, not every second', () => {
    const { rerender } = render(
      <CountdownBadge nextSpinAt={inSeconds(42)} resetAt={null} clockOffsetMs={0} phase="open" />,
    );
    const live = screen.getByText('The countdown to the next spin is running.');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('countdown')).not.toHaveAttribute('aria-live');

    rerender(
      <CountdownBadge nextSpinAt={inSeconds(42)} resetAt={inSeconds(9)} clockOffsetMs={0} phase="spinning" />,
    );
    expect(live).toHaveTextContent('The wheel is spinning.');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Wait');
  });

  it('once the matches are out, counts down to the seats opening again', () => {
    render(<CountdownBadge nextSpinAt={null} resetAt={inSeconds(9)} clockOffsetMs={0} phase="revealed" />);
    expect(screen.getByText('Seats open in')).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent('9s');
    expect(
      screen.getByText('The matches are out. Seats open again for the next round soon.'),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('Wait');
  });
});
