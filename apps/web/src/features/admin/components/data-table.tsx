import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A real table with a caption, scrolling sideways on narrow screens instead of squeezing. */
export function DataTable({
  caption,
  captionHidden = false,
  children,
  className,
}: {
  caption: ReactNode;
  /** Keep the caption for screen readers only when a heading already says the same. */
  captionHidden?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm', className)}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption
          className={cn(
            'px-4 py-3 text-left text-sm font-semibold text-slate-900',
            captionHidden && 'sr-only',
          )}
        >
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'whitespace-nowrap bg-slate-50 px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600',
        className,
      )}
      {...props}
    />
  );
}

/** The table body, with a faint rule between rows. */
export function Tbody(props: ComponentProps<'tbody'>) {
  return <tbody className="divide-y divide-slate-100" {...props} />;
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-top text-slate-800', className)} {...props} />;
}

/** The header of the row-actions column: named for screen readers, blank on screen. */
export function ActionsTh() {
  return (
    <Th>
      <span className="sr-only">Actions</span>
    </Th>
  );
}

/** The last cell of a row: its Edit, Delete and other buttons, right-aligned. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Td>
      <div className="flex items-center justify-end gap-2">{children}</div>
    </Td>
  );
}

/** A row's Edit button; `itemName` tells screen readers which row it edits. */
export function EditRowButton({ itemName, onClick }: { itemName: string; onClick: () => void }) {
  return (
    <Button variant="ghost" aria-label={`Edit ${itemName}`} onClick={onClick}>
      Edit
    </Button>
  );
}

/** A row's Delete button, in red; `itemName` tells screen readers which row it deletes. */
export function DeleteRowButton({ itemName, onClick }: { itemName: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      className="text-red-700 hover:bg-red-50"
      aria-label={`Delete ${itemName}`}
      onClick={onClick}
    >
      Delete
    </Button>
  );
}

/** Classes for row actions that are links. */
export const linkClasses =
  'rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
