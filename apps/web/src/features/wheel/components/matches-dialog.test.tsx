import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Match } from '@wheelmeet/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ME_ID, makeMatch } from '@/test/fixtures';
import { MatchesDialog } from './matches-dialog';

function renderMatches(matches: Match[], onRespond = vi.fn(async () => true)) {
  const view = render(
    <MatchesDialog open onOpenChange={() => {}} matches={matches} meId={ME_ID} onRespond={onRespond} />,
  );
  return { ...view, onRespond };
}

// Each dot's text: a check mark for the eye (not colour alone), then what a screen reader hears.
const dots = () => within(screen.getByRole('list', { name: 'Who has accepted' })).getAllByRole('listitem');

describe('matches dialog', () => {
  it("shows the partner's profile with accept and decline while nobody has answered", () => {
    renderMatches([makeMatch()]);
    const card = screen.getByRole('listitem', { name: 'Match with Ada' });
    expect(within(card).getByRole('heading', { name: 'Ada' })).toBeInTheDocument();
    expect(within(card).getByText('36')).toBeInTheDocument();
    expect(within(card).getByText('Female')).toBeInTheDocument();
    expect(within(card).getByText('Professional')).toBeInTheDocument();
    expect(within(card).getByText('Writes programs for engines.')).toBeInTheDocument();
    expect(within(card).getByText('Mathematics, poetry')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(dots().map((dot) => dot.textContent)).toEqual([
      'You: not accepted yet',
      'Match: not accepted yet',
    ]);
  });

  it('sends the answer for the match', async () => {
    const { onRespond } = renderMatches([makeMatch()]);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond).toHaveBeenCalledWith(makeMatch().id, true);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond).toHaveBeenLastCalledWith(makeMatch().id, false);
  });

  it("hides the buttons after the user's own accept and waits for the other person", () => {
    // The current user is user2 here: their flag is acceptedByUser2.
    const match = makeMatch({
      user1: makeMatch().user2,
      user2: makeMatch().user1,
      acceptedByUser2: true,
    });
    renderMatches([match]);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for other person...')).toBeInTheDocument();
    expect(dots().map((dot) => dot.textContent)).toEqual(['✓You: accepted', 'Match: not accepted yet']);
  });

  it('keeps the buttons when only the partner has accepted', () => {
    renderMatches([makeMatch({ acceptedByUser2: true })]);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for other person...')).not.toBeInTheDocument();
    expect(dots().map((dot) => dot.textContent)).toEqual(['You: not accepted yet', '✓Match: accepted']);
  });

  it('says the video call will open once both accepted', () => {
    renderMatches([makeMatch({ acceptedByUser1: true, acceptedByUser2: true, status: 'Accepted' })]);
    expect(screen.getByText(/You both accepted! The video call will open/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByText('Waiting for other person...')).not.toBeInTheDocument();
  });

  it('shows a declined match without buttons', () => {
    renderMatches([makeMatch({ acceptedByUser1: true, status: 'Rejected' })]);
    expect(screen.getByText('This match was declined.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByText('Waiting for other person...')).not.toBeInTheDocument();
  });

  it.each([
    ['Accept', 'Failed to accept match. Please try again.'],
    ['Decline', 'Failed to decline match. Please try again.'],
  ])('reports a failed %s', async (button, message) => {
    renderMatches(
      [makeMatch()],
      vi.fn(async () => false),
    );
    await userEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
  });
});
