import { useQuery } from '@tanstack/react-query';
import { type AdminParticipant, displayNameOf } from '@wheelmeet/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormField, InputField, inputClasses } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { participantsQuery } from '../api/participants';
import { wheelsQuery } from '../api/wheels';
import { formatDateTime } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { type Column, ListTable } from './data-table';
import { WheelLink } from './wheel-link';

export const USERS_PAGE_SIZE = 25;
export const USERS_LOAD_ERROR = 'Failed to load users';

const capitalise = (text: string | null) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : '—');

const COLUMNS: Column<AdminParticipant>[] = [
  // The name the wheel and the match card show: the username, else the alias.
  { header: 'Username', cell: displayNameOf },
  { header: 'Age', cell: (participant) => participant.age ?? '—' },
  { header: 'Gender', cell: (participant) => capitalise(participant.gender) },
  { header: 'Who am I', cell: (participant) => capitalise(participant.whoAmI) },
  {
    header: 'Wheel',
    cell: (participant) => <WheelLink id={participant.wheelId} name={participant.wheelName} />,
  },
  {
    header: 'Joined',
    cell: (participant) => formatDateTime(participant.joinedAt),
    className: 'whitespace-nowrap',
  },
];

/** `/admin/users` (admins): the participants who joined a wheel, searchable and paged. */
export function UsersPage() {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [wheelId, setWheelId] = useState('');
  const [page, setPage] = useState(0);
  const wheels = useQuery(wheelsQuery());
  const participants = useQuery(
    participantsQuery({
      ...(search ? { search } : {}),
      ...(wheelId ? { wheelId } : {}),
      limit: USERS_PAGE_SIZE,
      offset: page * USERS_PAGE_SIZE,
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(0);
  };

  const total = participants.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const first = page * USERS_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * USERS_PAGE_SIZE);

  let content: ReactNode;
  if (participants.isPending) content = <LoadingState />;
  else if (participants.isError) content = <ErrorState message={USERS_LOAD_ERROR} />;
  else if (participants.data.items.length === 0) {
    content = <EmptyState title={search || wheelId ? 'No users match your search' : 'No users found'} />;
  } else {
    content = (
      <>
        <ListTable
          caption="Participants"
          columns={COLUMNS}
          rows={participants.data.items}
          rowKey={(participant) => `${participant.id}-${participant.wheelId}`}
        />
        <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p aria-live="polite" className="text-slate-600">
            Showing {first}–{last} of {total}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              variant="secondary"
              disabled={page + 1 >= pageCount}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        </nav>
      </>
    );
  }

  return (
    <>
      <AdminPageHeader title="Users" description="Participants who have joined a wheel." />
      <search>
        <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3">
          <InputField
            label="Search by username"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            className="min-w-56 flex-1 sm:max-w-xs"
          />
          <FormField label="Wheel" className="min-w-56 sm:max-w-xs">
            {(control) => (
              <select
                {...control}
                value={wheelId}
                onChange={(event) => {
                  setWheelId(event.target.value);
                  setPage(0);
                }}
                className={inputClasses}
              >
                <option value="">All wheels</option>
                {wheels.data?.map((wheel) => (
                  <option key={wheel.id} value={wheel.id}>
                    {wheel.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      {content}
    </>
  );
}
