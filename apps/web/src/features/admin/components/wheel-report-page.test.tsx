import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WheelReport } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { profileRoute, renderAdminPage, signIn, WHEEL_A } from '../test-utils';
import { WheelReportPage } from './wheel-report-page';

const pages = [{ path: 'wheels/:wheelId/report', element: <WheelReportPage /> }];
const URL = `/api/admin/wheels/${WHEEL_A}/report`;

function makeWheelReport(overrides: Partial<WheelReport> = {}): WheelReport {
  return {
    wheelId: WHEEL_A,
    name: 'Mentoring night',
    rounds: [
      {
        round: 1,
        spunAt: '2025-03-01T18:00:00.000Z',
        seated: 9,
        pairs: 4,
        neverMetShare: 1,
        meanSharedInterests: 1.25,
        satOut: 1,
      },
      {
        round: 2,
        spunAt: '2025-03-01T18:05:00.000Z',
        seated: 8,
        pairs: 4,
        neverMetShare: 0.75,
        meanSharedInterests: 2,
        satOut: 0,
      },
    ],
    differentPeopleMet: { participants: 9, median: 1.5, min: 0 },
    ...overrides,
  };
}

function open(response: Response) {
  signIn('business');
  mockFetch({ ...profileRoute('business'), [`GET ${URL}`]: response });
  renderAdminPage(`/admin/wheels/${WHEEL_A}/report`, pages);
}

describe('wheel matching report', () => {
  it('shows each round’s pairs, new pairs, shared interests and who sat out, and whom people met over the event', async () => {
    open(jsonResponse(makeWheelReport()));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Matching report: Mentoring night' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Figures per round' });
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // Seated, pairs, never met before, mean shared interests, sat out.
    expect(cells(first)).toEqual(['9', '4', '100%', '1.3', '1']);
    expect(cells(second)).toEqual(['8', '4', '75%', '2.0', '0']);
    expect(within(table).getByRole('columnheader', { name: 'Never met before' })).toBeInTheDocument();

    const event = screen.getByRole('region', { name: 'Different people each participant met' });
    expect(within(event).getByText('Median').nextSibling).toHaveTextContent('1.5');
    expect(within(event).getByText('Fewest').nextSibling).toHaveTextContent('0');
    expect(within(event).getByText('Participants').nextSibling).toHaveTextContent('9');
    expect(screen.getByRole('link', { name: 'Back to the wheel' })).toHaveAttribute(
      'href',
      `/admin/wheels/${WHEEL_A}`,
    );
  });

  it('says the report fills in as the wheel spins while there are no rounds', async () => {
    open(
      jsonResponse(
        makeWheelReport({ rounds: [], differentPeopleMet: { participants: 0, median: 0, min: 0 } }),
      ),
    );
    expect(
      await screen.findByText('No rounds yet: the report fills in as the wheel spins.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the report could not be loaded and offers to try again', async () => {
    open(errorResponse(500, 'internal_error', ''));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the matching report. Please try again.');

    mockFetch({ ...profileRoute('business'), [`GET ${URL}`]: jsonResponse(makeWheelReport()) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Figures per round' })).toBeInTheDocument();
  });
});
