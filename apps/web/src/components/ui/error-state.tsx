import type { ReactNode } from 'react';

interface ErrorStateProps {
  title?: string;
  message: string;
  /** A retry or way-out button. */
  action?: ReactNode;
  /** Heading level, so the state fits the page outline. */
  headingLevel?: 1 | 2 | 3;
}

export function ErrorState({ title = 'Error', message, action, headingLevel = 2 }: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      role="alert"
      className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50 p-6 text-center"
    >
      <Heading className="text-lg font-semibold text-red-800">{title}</Heading>
      <p className="mt-2 text-red-700">{message}</p>
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
