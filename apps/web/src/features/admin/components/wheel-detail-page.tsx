import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { PageTitle } from '@/components/ui/page-title';
import { updateWheel, wheelQuery, wheelsKey } from '../api/wheels';
import type { FlashState } from '../hooks/use-flash-message';
import { useFlashMessage } from '../hooks/use-flash-message';
import { toUpdateWheelBody, wheelToFormValues } from '../lib/wheel-form-values';
import { AdminPageHeader } from './admin-page-header';
import { linkClasses } from './data-table';
import { DeleteWheelDialog } from './delete-wheel-dialog';
import { LiveConsole } from './live-console';
import { SendSummaries } from './send-summaries';
import { StatusBadge } from './status-badge';
import { SuccessBanner } from './success-banner';
import { WheelEmbedPanel } from './wheel-embed-panel';
import { WheelForm } from './wheel-form';
import { wheelReportPath } from './wheel-link';
import {
  MATCHING_REPORT_LABEL,
  REGISTERED_LABEL,
  SEATED_NOW_LABEL,
  seatsTaken,
  WHEEL_BANNER_MS,
  WHEEL_DETAIL_ERROR,
  wheelDeletedMessage,
  wheelUpdatedMessage,
} from './wheel-messages';
import { WheelSafetyReports } from './wheel-safety-reports';
import { WheelSharePanel } from './wheel-share-panel';

/** `/admin/wheels/:wheelId`: the wheel's rounds, sharing and settings. */
export function WheelDetailPage() {
  const { wheelId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wheel = useQuery(wheelQuery(wheelId));
  const banner = useFlashMessage(WHEEL_BANNER_MS);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (wheel.isPending) return <LoadingState />;
  if (wheel.isError) {
    return (
      <>
        <PageTitle title="Wheel · Admin" />
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">Wheel</h1>
        <Alert>{WHEEL_DETAIL_ERROR}</Alert>
        <div className="mt-4 flex gap-3">
          <Button variant="secondary" onClick={() => void wheel.refetch()}>
            Try again
          </Button>
          <Link to="/admin/wheels" className={`${linkClasses} self-center`}>
            Back to the wheels
          </Link>
        </div>
      </>
    );
  }

  const data = wheel.data;
  return (
    <>
      <AdminPageHeader
        title={data.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge status={data.status} /> {data.isPrivate ? 'Private' : 'Public'} · {SEATED_NOW_LABEL}:{' '}
            {seatsTaken(data)} · {REGISTERED_LABEL}: {data.participantCount}
          </span>
        }
        actions={
          <>
            <ButtonLink variant="secondary" to={wheelReportPath(data.id)}>
              {MATCHING_REPORT_LABEL}
            </ButtonLink>
            <Button variant="secondary" className="text-red-700" onClick={() => setConfirmDelete(true)}>
              Delete wheel
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        <SuccessBanner banner={banner} />
        <LiveConsole wheel={data} />
        {data.isPrivate ? <WheelSharePanel wheel={data} /> : null}
        <WheelEmbedPanel wheel={data} />
        <SendSummaries wheelId={data.id} />
        <WheelSafetyReports wheelId={data.id} />
        <Card>
          <section aria-labelledby="edit-wheel-heading">
            <h2 id="edit-wheel-heading" className="mb-4 text-lg font-semibold text-slate-900">
              Edit wheel
            </h2>
            <WheelForm
              mode="edit"
              // Read once when the form mounts: later answers (round controls) do not reset it.
              defaultValues={wheelToFormValues(data)}
              onSubmit={async (values) => {
                const updated = await updateWheel(data.id, toUpdateWheelBody(values));
                queryClient.setQueryData(wheelQuery(updated.id).queryKey, updated);
                void queryClient.invalidateQueries({ queryKey: wheelsKey, exact: true });
                banner.show(wheelUpdatedMessage(updated.name));
              }}
            />
          </section>
        </Card>
      </div>
      <DeleteWheelDialog
        wheel={confirmDelete ? { id: data.id, name: data.name } : null}
        onClose={() => setConfirmDelete(false)}
        onDeleted={(deleted) => {
          const state: FlashState = { flash: wheelDeletedMessage(deleted.name) };
          navigate('/admin/wheels', { state });
        }}
      />
    </>
  );
}
