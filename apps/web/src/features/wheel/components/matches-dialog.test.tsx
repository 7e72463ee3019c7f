import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aliasOf, type Match, type RegistrationConfig } from '@wheelmeet/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ME_ID, makeMatch, makeParticipant, PARTNER_ID } from '@/test/fixtures';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { preloadSafetyDialog } from '@/components/safety/safety-button';
import { preloadDialog } from '@/components/ui/dialog';
import { MatchesDialog } from './matches-dialog';

function renderMatches(
  matches: Match[],
  onRespond = vi.fn(async () => true),
  registrationFields: RegistrationConfig | null = null,
) {
  const view = render(
    <MatchesDialog
      open
      onOpenChange={() => {}}
      matches={matches}
      meId={ME_ID}
      onRespond={onRespond}
      registrationFields={registrationFields}
    />,
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

  it("shows the round's icebreaker when the match has one (issue 35)", () => {
    renderMatches([makeMatch({ prompt: 'What are you working on?' })]);
    const card = screen.getByRole('listitem', { name: 'Match with Ada' });
    expect(within(card).getByRole('region', { name: 'Icebreaker' })).toHaveTextContent(
      'What are you working on?',
    );
  });

  it('shows no icebreaker for a wheel without prompts', () => {
    renderMatches([makeMatch({ prompt: null })]);
    expect(screen.queryByRole('region', { name: 'Icebreaker' })).not.toBeInTheDocument();
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

  it('says the call ended once it did, instead of promising it (issue 33)', () => {
    renderMatches([
      makeMatch({ acceptedByUser1: true, acceptedByUser2: true, status: 'Accepted', callEnded: true }),
    ]);
    expect(screen.getByText('Call ended.')).toBeInTheDocument();
    expect(screen.queryByText(/The video call will open/)).not.toBeInTheDocument();
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

  it('names a partner without a username by their alias, and shows age only as a field', () => {
    renderMatches([makeMatch({ user2: makeParticipant({ username: null }) })]);
    const alias = aliasOf(PARTNER_ID);
    const card = screen.getByRole('listitem', { name: `Match with ${alias}` });
    expect(within(card).getByRole('heading', { name: alias })).toBeInTheDocument();
    expect(within(card).getByText('Age').nextElementSibling).toHaveTextContent('36');
    expect(card.textContent).not.toMatch(/Guest/);
  });

  it("shows the fields the organiser's form asks, under its labels, and nothing else", () => {
    renderMatches(
      [makeMatch()],
      vi.fn(async () => true),
      {
        enabled: true,
        fields: [
          { id: 'u', name: 'username', label: 'Username', type: 'text', required: true, enabled: true },
          { id: 'a', name: 'age', label: 'Age', type: 'number', required: true, enabled: false },
          { id: 'i', name: 'interests', label: 'Topics', type: 'text', required: false, enabled: true },
          {
            id: 'w',
            name: 'whoAmI',
            label: 'I am a',
            type: 'select',
            required: false,
            options: ['professional'],
            enabled: true,
          },
        ],
      },
    );
    const card = screen.getByRole('listitem', { name: 'Match with Ada' });
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Topics', 'I am a']);
    expect(within(card).getByText('Professional')).toBeInTheDocument();
    expect(within(card).queryByText('36')).not.toBeInTheDocument();
    expect(within(card).queryByText('Female')).not.toBeInTheDocument();
  });

  it("titles a declined match 'Match declined', several matches 'Your matches'", () => {
    const { rerender } = renderMatches([makeMatch({ status: 'Rejected' })]);
    expect(screen.getByRole('dialog', { name: 'Match declined' })).toBeInTheDocument();
    rerender(
      <MatchesDialog
        open
        onOpenChange={() => {}}
        matches={[makeMatch(), makeMatch({ id: '2d6c5b4a-3928-4170-8e9f-a1b2c3d4e5f6' })]}
        meId={ME_ID}
        onRespond={vi.fn(async () => true)}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Your matches' })).toBeInTheDocument();
  });

  it('offers to block or report each match, and the dialog stays when a block closes the match', async () => {
    await Promise.all([preloadDialog(), preloadSafetyDialog()]);
    const client = new QueryClient();
    const view = (matches: Match[]) => (
      <QueryClientProvider client={client}>
        <MatchesDialog
          open
          onOpenChange={() => {}}
          matches={matches}
          meId={ME_ID}
          onRespond={vi.fn()}
          token="tok"
        />
      </QueryClientProvider>
    );
    const { rerender } = render(view([makeMatch()]));
    await userEvent.click(screen.getByRole('button', { name: 'Block or report Ada' }));
    expect(await screen.findByRole('dialog', { name: 'Block or report Ada' })).toBeInTheDocument();
    // The block closed the match: the card is gone, the safety dialog is not.
    rerender(view([]));
    expect(screen.getByRole('dialog', { name: 'Block or report Ada' })).toBeInTheDocument();
  });

  it('has no block button without the participant token', () => {
    renderMatches([makeMatch()]);
    expect(screen.queryByRole('button', { name: /^Block or report/ })).toBeNull();
  });
});
