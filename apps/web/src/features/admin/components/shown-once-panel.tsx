import { type ReactNode, type RefObject, useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { COPIED_MESSAGE, COPY_FAILED_MESSAGE, useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

/**
 * A secret the server gives once (an API key, a webhook's signing secret): shown whole in a
 * read-only field with a copy button until dismissed, because it cannot be read again later.
 */
export function ShownOncePanel({
  title,
  headingLevel,
  notice,
  value,
  valueLabel,
  copyLabel,
  inputRef,
  onDone,
  className,
}: {
  title: ReactNode;
  /** h2 on a page of its own, h3 inside a page's section. */
  headingLevel: 'h2' | 'h3';
  notice: string;
  value: string;
  valueLabel: string;
  copyLabel: string;
  /** To move focus to the value when the panel appears. */
  inputRef?: RefObject<HTMLInputElement | null>;
  onDone: () => void;
  className?: string;
}) {
  const { copy, copied, failed } = useCopyToClipboard();
  const titleId = useId();
  const inputId = useId();
  const Heading = headingLevel;
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:p-5', className)}
    >
      <Heading id={titleId} className="font-semibold text-emerald-950">
        {title}
      </Heading>
      <p className="mt-1 text-sm text-emerald-900">{notice}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={inputId} className="sr-only">
          {valueLabel}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-emerald-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy(value)}>
            {copyLabel}
          </Button>
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
      <p aria-live="polite" className="mt-2 text-sm font-medium text-emerald-800 empty:hidden">
        {copied ? COPIED_MESSAGE : ''}
      </p>
      {failed ? <Alert className="mt-2">{COPY_FAILED_MESSAGE}</Alert> : null}
    </section>
  );
}
