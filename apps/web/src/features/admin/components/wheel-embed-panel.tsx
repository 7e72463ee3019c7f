import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EmbedSettings, embedOriginsSchema } from '@wheelmeet/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { embedSettingsQuery, saveEmbedOrigins } from '../api/embed';
import { useTimedMessage } from '../hooks/use-timed-message';
import { embedSnippet } from '../lib/embed-snippet';
import { CopyButton } from './copy-button';

export const EMBED_HEADING = 'Embed on your site';
export const ALLOWED_SITES_LABEL = 'Allowed sites';
export const EMBED_CODE_LABEL = 'Embed code';
export const EMBED_LOAD_ERROR = 'Failed to load the embed settings. Please try again.';
export const EMBED_SAVE_ERROR = 'The allowed sites could not be saved. Please try again.';
export const EMBED_SAVED = 'Allowed sites saved.';
export const NO_SITES_YET = 'No site may show this wheel yet: add yours above, then paste the code on it.';

/** The lines of the field as origins, or the first line that is not one, in the organiser's words. */
function parseSites(text: string): { origins: string[] } | { problem: string } {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const parsed = embedOriginsSchema.safeParse(lines);
  if (parsed.success) return { origins: parsed.data };
  const issue = parsed.error.issues[0];
  const line = typeof issue?.path[0] === 'number' ? lines[issue.path[0]] : undefined;
  return { problem: line ? `“${line}”: ${issue?.message}` : (issue?.message ?? EMBED_SAVE_ERROR) };
}

function EmbedSettingsForm({
  wheel,
  settings,
}: {
  wheel: { id: string; name: string };
  settings: EmbedSettings;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(settings.allowedOrigins.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const saved = useTimedMessage(5_000);
  const save = useMutation({
    mutationFn: (origins: string[]) => saveEmbedOrigins(wheel.id, origins),
    onSuccess: (updated) => {
      queryClient.setQueryData(embedSettingsQuery(wheel.id).queryKey, updated);
      setText(updated.allowedOrigins.join('\n'));
      saved.show(EMBED_SAVED);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseSites(text);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    save.mutate(result.origins);
  };

  const snippet = embedSnippet({ name: wheel.name, embedPath: settings.embedPath });
  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <FormField
          label={ALLOWED_SITES_LABEL}
          error={problem ?? undefined}
          hint="One site a line, as its address without a path: https://events.example.com or http://host:8080. Other sites cannot show the wheel."
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              value={text}
              onChange={(event) => setText(event.target.value)}
              spellCheck={false}
              autoCapitalize="off"
              placeholder="https://events.example.com"
              className={`${inputClasses} font-mono`}
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save allowed sites'}
          </Button>
          <span role="status" className="text-sm font-medium text-emerald-700">
            {saved.message ?? ''}
          </span>
        </div>
        {save.isError ? <Alert>{errorMessage(save.error, EMBED_SAVE_ERROR)}</Alert> : null}
      </form>

      <div>
        <h3 className="text-sm font-medium text-slate-800">Sites that can show this wheel now</h3>
        {settings.allowedOrigins.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{NO_SITES_YET}</p>
        ) : (
          <ul aria-label="Sites that can show this wheel" className="mt-1 flex flex-wrap gap-2">
            {settings.allowedOrigins.map((origin) => (
              <li
                key={origin}
                className="break-all rounded-full bg-indigo-50 px-3 py-1 font-mono text-xs text-indigo-900"
              >
                {origin}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="space-y-2">
        <FormField
          label={EMBED_CODE_LABEL}
          hint="Paste it where the wheel should appear. The frame may use the camera and microphone for the video calls."
        >
          {(control) => (
            <textarea
              {...control}
              readOnly
              rows={5}
              value={snippet}
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClasses} bg-slate-50 font-mono text-xs`}
            />
          )}
        </FormField>
        <CopyButton text={snippet} label="Copy embed code" />
      </div>
    </div>
  );
}

/** The wheel on the organiser's own site: the sites allowed to embed it, and the code to paste (decision 017). */
export function WheelEmbedPanel({ wheel }: { wheel: { id: string; name: string } }) {
  const settings = useQuery(embedSettingsQuery(wheel.id));
  return (
    <Card>
      <section aria-labelledby="embed-heading" className="space-y-4">
        <div>
          <h2 id="embed-heading" className="text-lg font-semibold text-slate-900">
            {EMBED_HEADING}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Show this wheel on your event's website. People register, take a seat and meet inside it, without
            leaving your page.
          </p>
        </div>
        {settings.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading embed settings...
          </p>
        ) : settings.isError ? (
          <div className="space-y-3">
            <Alert>{EMBED_LOAD_ERROR}</Alert>
            <Button variant="secondary" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <EmbedSettingsForm wheel={wheel} settings={settings.data} />
        )}
      </section>
    </Card>
  );
}
