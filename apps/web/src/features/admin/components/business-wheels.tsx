import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '@/components/ui/button';
import { wheelsQuery } from '../api/wheels';
import { useAdminSession } from '../hooks/use-admin-session';
import { ListTable } from './data-table';
import { ListContent } from './list-content';
import { wheelColumns } from './wheel-columns';
import { WHEELS_LOAD_ERROR } from './wheel-messages';

const OWN_WHEEL_COLUMNS = wheelColumns();

/**
 * A business user's own wheels. The server already answers only their wheels; the filter on
 * businessUserId repeats that with the signed-in user's id, so nothing else can slip in.
 */
export function BusinessWheels({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { profile, userType } = useAdminSession();
  const isBusinessUser = userType === 'BusinessUser';
  const wheels = useQuery({
    ...wheelsQuery(),
    select: (rows) => (isBusinessUser ? rows.filter((wheel) => wheel.businessUserId === profile.id) : rows),
  });
  const Heading = `h${headingLevel}` as const;
  // The report is about wheels: offered once the organiser has one (before, it had nothing to show).
  const hasWheels = wheels.isSuccess && wheels.data.length > 0;

  return (
    <section aria-labelledby="business-wheels-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="business-wheels-heading" className="text-lg font-semibold text-slate-900">
          Your wheels
        </Heading>
        <div className="flex flex-wrap gap-3">
          {isBusinessUser && hasWheels ? (
            <ButtonLink variant="secondary" to={`/admin/reports/business-user/${profile.id}`}>
              View report
            </ButtonLink>
          ) : null}
          <ButtonLink to="/admin/wheels/new">Create Wheel</ButtonLink>
        </div>
      </div>
      <ListContent
        query={wheels}
        loadError={WHEELS_LOAD_ERROR}
        headingLevel={3}
        empty="No wheels yet"
        emptyDetail={
          <>
            Create your first wheel to start matching people.
            {isBusinessUser
              ? ' Its report (calls, connections, ratings) appears here once it has one.'
              : null}
          </>
        }
      >
        {(own) => <ListTable caption="Your wheels" columns={OWN_WHEEL_COLUMNS} rows={own} />}
      </ListContent>
    </section>
  );
}
