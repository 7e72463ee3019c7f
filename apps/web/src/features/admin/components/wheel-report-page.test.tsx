import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WheelReport } from '@wheelmeet/contracts';
import { describe, expect, it, vi } from 'vitest';
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

const CSV_URL = `/api/admin/wheels/${WHEEL_A}/export.csv`;

function open(response: Response, extra: Parameters<typeof mockFetch>[0] = {}) {
  signIn('business');
  const fetchMock = mockFetch({ ...profileRoute('business'), [`GET ${URL}`]: response, ...extra });
  renderAdminPage(`/admin/wheels/${WHEEL_A}/report`, pages);
  return fetchMock;
}

/** Catches what the page hands to the browser's downloads. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    class extends globalThis.URL {
      static override createObjectURL(blob: Blob) {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      }
      static override revokeObjectURL() {}
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return saved;
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

  describe('CSV download', () => {
    it('fetches the export with the session, says it is preparing, and saves the file', async () => {
      const saved = captureDownloads();
      let answer: (response: Response) => void = () => undefined;
      const fetchMock = open(jsonResponse(makeWheelReport()), {
        [`GET ${CSV_URL}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      expect(await screen.findByRole('button', { name: 'Preparing…' })).toBeDisabled();

      answer(
        new Response('round,seated\n1,9\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="mentoring-night.csv"',
          },
        }),
      );
      expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeEnabled();
      expect(saved).toHaveLength(1);
      expect(saved[0]?.name).toBe('mentoring-night.csv');
      expect(await saved[0]?.blob.text()).toBe('round,seated\n1,9\n');
      const call = fetchMock.mock.calls.find(([url]) => url === CSV_URL);
      expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-123');
    });

    it('says why the file could not be downloaded', async () => {
      const saved = captureDownloads();
      open(jsonResponse(makeWheelReport()), {
        [`GET ${CSV_URL}`]: errorResponse(403, 'forbidden', 'This wheel is not yours'),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('This wheel is not yours');
      expect(saved).toEqual([]);
    });

    it('falls back to its own message without a server message', async () => {
      captureDownloads();
      open(jsonResponse(makeWheelReport()), {
        [`GET ${CSV_URL}`]: new Response('Bad gateway', { status: 502 }),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to download the CSV. Please try again.',
      );
    });
  });
});
