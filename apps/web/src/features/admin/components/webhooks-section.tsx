import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreatedWebhook,
  type CreateWebhookRequest,
  createWebhookRequestSchema,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@wheelmeet/contracts';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, InputField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  createWebhook,
  deleteWebhook,
  webhookDeliveriesQuery,
  webhooksKey,
  webhooksQuery,
} from '../api/webhooks';
import { useAdminForm } from '../hooks/use-admin-form';
import { contractResolver } from '../lib/contract-resolver';
import { formatDateTime } from '../lib/format';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { type Column, ListTable } from './data-table';
import { DialogForm } from './dialog-form';
import { ListContent } from './list-content';
import { ShownOncePanel } from './shown-once-panel';
import { statusTone } from './status-badge';

export const WEBHOOKS_TITLE = 'Webhooks';
export const WEBHOOKS_LOAD_ERROR = 'Failed to load webhooks';
export const WEBHOOKS_EMPTY = 'No webhooks yet';
export const ADD_WEBHOOK_LABEL = 'Add webhook';
export const WEBHOOK_CREATE_ERROR = 'Failed to add the webhook';
export const WEBHOOK_DELETE_ERROR = 'Failed to delete the webhook';
export const WEBHOOK_DELETE_CONFIRM = 'Deliveries to this URL stop at once.';
export const WEBHOOK_SECRET_SHOWN_ONCE = 'Copy this secret now: it will not be shown again.';
export const DELIVERIES_TITLE = 'Latest deliveries';
export const DELIVERIES_LOAD_ERROR = 'Failed to load the deliveries';
export const DELIVERIES_EMPTY = 'No deliveries yet';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'round.completed': 'Round completed',
  'match.accepted': 'Match accepted',
  'connection.made': 'Connection made',
};

export const DELIVERY_STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const resolver = contractResolver<CreateWebhookRequest>(createWebhookRequestSchema);

function AddWebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (webhook: CreatedWebhook) => void;
  onCancel: () => void;
}) {
  const form = useAdminForm<CreateWebhookRequest>({
    defaultValues: { url: '', events: [] },
    resolver,
    fieldNames: ['url', 'events'],
    fallbackError: WEBHOOK_CREATE_ERROR,
    save: async (values) => onCreated(await createWebhook(values)),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const eventsErrorId = useId();
  // The server may name a single event (`events.1`); its message belongs to the whole group.
  const eventsError = errors.events?.message ?? errors.events?.find?.((item) => item?.message)?.message;
  return (
    <DialogForm form={form} onCancel={onCancel} submitLabel={ADD_WEBHOOK_LABEL}>
      <InputField
        label="URL"
        hint="WheelMeet sends a POST request here each time one of the chosen events happens."
        required
        type="url"
        inputMode="url"
        placeholder="https://example.com/wheelmeet"
        error={errors.url?.message}
        autoComplete="off"
        {...register('url')}
      />
      <fieldset aria-describedby={eventsError ? eventsErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Events
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        </legend>
        {WEBHOOK_EVENTS.map((event) => (
          // The whole row is the label, so the touch target is the row, not the small box.
          <label key={event} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              value={event}
              aria-invalid={eventsError ? true : undefined}
              className="size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
              {...register('events')}
            />
            {WEBHOOK_EVENT_LABELS[event]}
          </label>
        ))}
        <FieldError id={eventsErrorId} error={eventsError} />
      </fieldset>
    </DialogForm>
  );
}

const WEBHOOK_COLUMNS: Column<Webhook>[] = [
  {
    header: 'URL',
    cell: (webhook) => webhook.url,
    className: 'font-medium break-all max-sm:text-base max-sm:font-semibold',
  },
  {
    header: 'Events',
    cell: (webhook) => webhook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', '),
  },
  { header: 'Created', cell: (webhook) => formatDateTime(webhook.createdAt), className: 'whitespace-nowrap' },
];

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[delivery.event]}</span>
        <Badge tone={statusTone(delivery.status)}>{DELIVERY_STATUS_LABELS[delivery.status]}</Badge>
      </div>
      <p className="text-xs text-slate-500">
        <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
      </p>
      <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <div>
          <dt className="inline">Attempts: </dt>
          <dd className="inline tabular-nums text-slate-900">{delivery.attempts}</dd>
        </div>
        <div>
          <dt className="inline">Last HTTP status: </dt>
          <dd className="inline tabular-nums text-slate-900">{delivery.lastStatusCode ?? '—'}</dd>
        </div>
      </dl>
    </li>
  );
}

/** Mounted only while its dialog is open, so the deliveries load (again) each time it opens. */
function DeliveriesList({ webhookId }: { webhookId: string }) {
  const deliveries = useQuery(webhookDeliveriesQuery(webhookId));
  return (
    <ListContent
      query={deliveries}
      loadingLabel="Loading deliveries…"
      headingLevel={3}
      retry
      loadError={errorMessage(deliveries.error, DELIVERIES_LOAD_ERROR)}
      empty={DELIVERIES_EMPTY}
      emptyDetail="Each event WheelMeet sends to this URL shows up here."
    >
      {(rows) => (
        <ul aria-label="Deliveries" className="divide-y divide-slate-200">
          {rows.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </ListContent>
  );
}

/** The webhook is gone either way: deleted now, or already (say, from another tab). */
async function deleteWebhookIfThere(webhook: Webhook): Promise<void> {
  try {
    await deleteWebhook(webhook.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/**
 * The business user's webhooks on the API keys page: URLs WheelMeet POSTs signed events to.
 * Only mounted when the plan includes the API (the server refuses the routes otherwise).
 */
export function WebhooksSection() {
  const queryClient = useQueryClient();
  const webhooks = useQuery(webhooksQuery());
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  // These dialogs open without a Radix trigger, so closing one would leave focus nowhere.
  const addButton = useRef<HTMLButtonElement>(null);
  const secretInput = useRef<HTMLInputElement>(null);
  const deliveriesOpener = useRef<HTMLElement | null>(null);

  return (
    <section aria-labelledby="webhooks-heading" className="mt-10 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900">
            {WEBHOOKS_TITLE}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A webhook is a URL of yours that WheelMeet sends a POST request to when an event happens, signed
            with the webhook’s secret in the <code className="font-mono">WheelMeet-Signature</code> header
            (see the{' '}
            <a href="/api/docs" className="font-medium text-indigo-700 underline">
              API documentation
            </a>{' '}
            for the format).
          </p>
        </div>
        <Button ref={addButton} onClick={() => setAdding(true)}>
          {ADD_WEBHOOK_LABEL}
        </Button>
      </div>
      {created ? (
        <ShownOncePanel
          headingLevel="h3"
          title={
            <>
              Signing secret for <span className="break-all">{created.url}</span>
            </>
          }
          notice={WEBHOOK_SECRET_SHOWN_ONCE}
          value={created.secret}
          valueLabel="Webhook secret"
          copyLabel="Copy secret"
          inputRef={secretInput}
          onDone={() => {
            setCreated(null);
            addButton.current?.focus();
          }}
        />
      ) : null}
      <ListContent
        query={webhooks}
        loadingLabel="Loading webhooks…"
        headingLevel={3}
        retry
        loadError={errorMessage(webhooks.error, WEBHOOKS_LOAD_ERROR)}
        empty={WEBHOOKS_EMPTY}
        emptyDetail="Add one to hear about rounds, matches and connections as they happen."
      >
        {(rows) => (
          <ListTable
            caption={WEBHOOKS_TITLE}
            columns={WEBHOOK_COLUMNS}
            rows={rows}
            actions={(webhook) => (
              <>
                <Button
                  variant="secondary"
                  onClick={(event) => {
                    deliveriesOpener.current = event.currentTarget;
                    setDeliveriesOf(webhook);
                  }}
                >
                  Deliveries<span className="sr-only"> to {webhook.url}</span>
                </Button>
                <Button
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => setToDelete(webhook)}
                >
                  Delete<span className="sr-only"> the webhook to {webhook.url}</span>
                </Button>
              </>
            )}
          />
        )}
      </ListContent>
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title={ADD_WEBHOOK_LABEL}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // Straight to the new secret (focusing selects it, ready to copy), else back to the button.
          (created ? secretInput.current : addButton.current)?.focus();
        }}
      >
        <AddWebhookForm
          key={String(adding)}
          onCancel={() => setAdding(false)}
          onCreated={(webhook) => {
            setAdding(false);
            setCreated(webhook);
            void queryClient.invalidateQueries({ queryKey: webhooksKey });
          }}
        />
      </Dialog>
      <Dialog
        open={deliveriesOf !== null}
        onOpenChange={(open) => {
          if (!open) setDeliveriesOf(null);
        }}
        title={DELIVERIES_TITLE}
        description={deliveriesOf ? <span className="break-all">{deliveriesOf.url}</span> : undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          deliveriesOpener.current?.focus();
        }}
      >
        {deliveriesOf ? <DeliveriesList webhookId={deliveriesOf.id} /> : null}
      </Dialog>
      <ConfirmDeleteDialog
        target={toDelete}
        title="Delete this webhook?"
        message={
          <>
            <span className="block font-medium break-all text-slate-900">{toDelete?.url}</span>
            {WEBHOOK_DELETE_CONFIRM}
          </>
        }
        errorFallback={WEBHOOK_DELETE_ERROR}
        remove={deleteWebhookIfThere}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null);
          void queryClient.invalidateQueries({ queryKey: webhooksKey });
        }}
      />
    </section>
  );
}
