import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  createApiKeyRequestSchema,
} from '@wheelmeet/contracts';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { InputField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { apiKeysKey, apiKeysQuery, createApiKey, revokeApiKey } from '../api/api-keys';
import { useAdminForm } from '../hooks/use-admin-form';
import { useAdminSession } from '../hooks/use-admin-session';
import { contractResolver } from '../lib/contract-resolver';
import { formatDateTime } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { type Column, ListTable } from './data-table';
import { DialogForm } from './dialog-form';
import { ShownOncePanel } from './shown-once-panel';
import { WebhooksSection } from './webhooks-section';

export const API_KEYS_LOAD_ERROR = 'Failed to load API keys';
export const API_KEYS_EMPTY = 'No API keys yet';
export const API_KEY_CREATE_ERROR = 'Failed to create the API key';
export const API_KEY_REVOKE_ERROR = 'Failed to revoke the API key';
export const API_KEY_REVOKE_CONFIRM = 'Apps using this key stop working at once. This cannot be undone.';
export const API_KEY_SHOWN_ONCE = 'Copy this key now: it will not be shown again.';
export const upgradeMessage = (plans: readonly string[]) =>
  `The API is part of the ${plans.length > 0 ? plans.join(' and ') : 'Professional and Enterprise'} plans. Upgrade your plan to create and use API keys.`;

const resolver = contractResolver<CreateApiKeyRequest>(createApiKeyRequestSchema);

function CreateKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const form = useAdminForm<CreateApiKeyRequest>({
    defaultValues: { name: '' },
    resolver,
    fieldNames: ['name'],
    fallbackError: API_KEY_CREATE_ERROR,
    save: async (values) => onCreated(await createApiKey(values)),
  });
  return (
    <DialogForm form={form} onCancel={onCancel} submitLabel="Create key">
      <InputField
        label="Name"
        hint="What the key is for, e.g. “CRM sync”."
        required
        error={form.formState.errors.name?.message}
        autoComplete="off"
        {...form.register('name')}
      />
    </DialogForm>
  );
}

const KEY_COLUMNS: Column<ApiKey>[] = [
  { header: 'Name', cell: (key) => key.name },
  { header: 'Key', cell: (key) => <code className="font-mono text-sm">{key.prefix}…</code> },
  { header: 'Created', cell: (key) => formatDateTime(key.createdAt), className: 'whitespace-nowrap' },
  {
    header: 'Last used',
    cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'),
    className: 'whitespace-nowrap',
  },
];

/**
 * `/admin/api-keys` (business users): keys for the public API and, below them, webhooks, on
 * Professional and Enterprise plans.
 */
export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const allowed = keys.data?.planAllowsApi ?? false;

  return (
    <>
      <AdminPageHeader
        title="API keys"
        description={
          <>
            Send a key to the WheelMeet API in the <code className="font-mono">Authorization: Bearer</code>{' '}
            header; it reaches only your own wheels. See the{' '}
            <a href="/api/docs" className="font-medium text-indigo-700 underline">
              API documentation
            </a>
            .
          </>
        }
        actions={allowed ? <Button onClick={() => setCreating(true)}>Create API key</Button> : null}
      />
      {created ? (
        <ShownOncePanel
          className="mb-6"
          headingLevel="h2"
          title={`Your new key “${created.name}”`}
          notice={API_KEY_SHOWN_ONCE}
          value={created.key}
          valueLabel="New API key"
          copyLabel="Copy key"
          onDone={() => setCreated(null)}
        />
      ) : null}
      {keys.isPending ? (
        <LoadingState />
      ) : keys.isError ? (
        <ErrorState message={API_KEYS_LOAD_ERROR} />
      ) : (
        <>
          {keys.data.planAllowsApi ? null : (
            <Alert tone="info" className="mb-4">
              {upgradeMessage(keys.data.apiPlans)}{' '}
              <Link to="/business#pricing-section" className="font-medium underline">
                See the plans
              </Link>
            </Alert>
          )}
          {keys.data.keys.length === 0 ? (
            keys.data.planAllowsApi ? (
              <EmptyState title={API_KEYS_EMPTY}>Create a key to connect your own tools.</EmptyState>
            ) : null
          ) : (
            <ListTable
              caption="API keys"
              columns={KEY_COLUMNS}
              rows={keys.data.keys}
              actions={(key) => (
                <Button
                  variant="secondary"
                  onClick={() => setToRevoke(key)}
                  aria-label={`Revoke ${key.name}`}
                >
                  Revoke
                </Button>
              )}
            />
          )}
          {/* Webhooks are part of the same API: without it the upgrade message says it all. */}
          {keys.data.planAllowsApi ? <WebhooksSection /> : null}
        </>
      )}
      <Dialog open={creating} onOpenChange={setCreating} title="Create API key">
        <CreateKeyForm
          key={String(creating)}
          onCancel={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void queryClient.invalidateQueries({ queryKey: apiKeysKey });
          }}
        />
      </Dialog>
      <ConfirmDeleteDialog
        target={toRevoke}
        title={toRevoke ? `Revoke “${toRevoke.name}”?` : 'Revoke API key'}
        message={API_KEY_REVOKE_CONFIRM}
        confirmLabel="Revoke"
        errorFallback={API_KEY_REVOKE_ERROR}
        remove={(key) => revokeApiKey(key.id)}
        onClose={() => setToRevoke(null)}
        onDeleted={() => {
          setToRevoke(null);
          void queryClient.invalidateQueries({ queryKey: apiKeysKey });
        }}
      />
    </>
  );
}

/** Only business users hold keys; anyone else goes back to the dashboard (the server refuses them anyway). */
export function ApiKeysForBusinessUsers() {
  const session = useAdminSession();
  if (session.userType !== 'BusinessUser') return <Navigate to="/admin/dashboard" replace />;
  return <ApiKeysPage />;
}
