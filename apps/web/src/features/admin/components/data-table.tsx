import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * A real table with a caption. Below 640 px (a phone) each row becomes a card: the header row
 * is hidden, cells stack, and a cell with a `label` shows it beside its value. From 640 px up a
 * table too wide for its box scrolls sideways inside the box, never the page.
 */
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
    // `relative` keeps the screen-reader-only texts (absolutely placed) inside the scrolling box;
    // without it they stretch the page itself.
    <div
      className={cn(
        'relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm',
        'max-sm:overflow-visible max-sm:rounded-none max-sm:border-0 max-sm:bg-transparent max-sm:shadow-none',
        className,
      )}
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm max-sm:block max-sm:divide-y-0">
        <caption
          className={cn(
            'px-4 py-3 text-left text-sm font-semibold text-slate-900 max-sm:block max-sm:px-0',
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

/** The header row; on a phone the cells' own labels take its place. */
export function Thead(props: ComponentProps<'thead'>) {
  return <thead className="max-sm:hidden" {...props} />;
}

// A cell in a phone's card: full width; with a label, the label on the left and the value on the right.
const STACKED_CELL = 'max-sm:block max-sm:whitespace-normal max-sm:px-0 max-sm:py-1';
const STACKED_LABELLED =
  'max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-4 ' +
  'max-sm:before:shrink-0 max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';

/**
 * A column's header cell. `wrap` lets a long name take two lines, for tables with many narrow
 * columns of figures that would otherwise not fit a laptop's width.
 */
export function Th({ className, wrap = false, ...props }: ComponentProps<'th'> & { wrap?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        'bg-slate-50 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600',
        wrap ? 'px-3 align-bottom' : 'whitespace-nowrap px-4',
        className,
      )}
      {...props}
    />
  );
}

/** A row's header cell (its first), styled like the body's cells; the title of a phone's card. */
export function RowTh({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="row"
      className={cn(
        'px-4 py-3 text-left align-top font-medium text-slate-800',
        STACKED_CELL,
        'max-sm:font-semibold',
        className,
      )}
      {...props}
    />
  );
}

/** The table body, with a faint rule between rows; on a phone, a stack of cards. */
export function Tbody(props: ComponentProps<'tbody'>) {
  return (
    <tbody className="divide-y divide-slate-100 max-sm:block max-sm:space-y-3 max-sm:divide-y-0" {...props} />
  );
}

/** A row; on a phone, a card. */
export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'max-sm:block max-sm:rounded-2xl max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:px-4 max-sm:py-3 max-sm:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A cell. On a phone's card, `label` (the column's name) shows beside the value, drawn by CSS
 * from `data-label` (screen readers read it too), so no hidden copy of the header sits in the
 * cell's text; a cell without one spans the card, as the row's title does.
 */
export function Td({ className, label, children, ...props }: ComponentProps<'td'> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cn('px-4 py-3 align-top text-slate-800', STACKED_CELL, label && STACKED_LABELLED, className)}
      {...props}
    >
      {label ? (
        <span className="max-sm:min-w-0 max-sm:text-right max-sm:break-words">{children}</span>
      ) : (
        children
      )}
    </td>
  );
}

/** The header of the row-actions column: named for screen readers, blank on screen. */
function ActionsTh() {
  return (
    <Th>
      <span className="sr-only">Actions</span>
    </Th>
  );
}

/** The last cell of a row: its Edit, Delete and other buttons, right-aligned; on a phone, under a rule. */
function RowActions({ children }: { children: ReactNode }) {
  return (
    <Td className="max-sm:mt-2 max-sm:border-t max-sm:border-slate-100 max-sm:pt-3">
      {/* Side by side in a table row (which scrolls sideways when narrow), wrapped on a phone's card. */}
      <div className="flex items-center justify-end gap-2 max-sm:flex-wrap max-sm:justify-start">
        {children}
      </div>
    </Td>
  );
}

/** A row's Edit button; `itemName` tells screen readers which row it edits. */
function EditRowButton({ itemName, onClick }: { itemName: string; onClick: () => void }) {
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

/** A row's Edit and Delete buttons, for a list kept by useCrudList. */
export function EditDeleteButtons<T>({
  list,
  item,
}: {
  list: { nameOf: (item: T) => string; startEdit: (item: T) => void; askDelete: (item: T) => void };
  item: T;
}) {
  const name = list.nameOf(item);
  return (
    <>
      <EditRowButton itemName={name} onClick={() => list.startEdit(item)} />
      <DeleteRowButton itemName={name} onClick={() => list.askDelete(item)} />
    </>
  );
}

/** A row's first cell when it is not the row's header cell: the title of a phone's card. */
const ROW_TITLE = 'font-medium max-sm:text-base max-sm:font-semibold';

/** A column of a ListTable: its header (also the cell's label on a phone's card) and its cells. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the column's cells; on the first column they replace the row title's own. */
  className?: string;
  /** Right-aligned header and cells, for figures. */
  alignRight?: boolean;
}

interface ListTableProps<T> {
  /** For screen readers only: the page's heading already names the list. */
  caption: string;
  /** The first names the row (it is the title of a phone's card and needs no label). */
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey?: (row: T) => string;
  /** The row's buttons and links, in a last column headed 'Actions' for screen readers. */
  actions?: (row: T) => ReactNode;
  /** The first cell is the row's header cell, for tables whose rows are compared figure by figure. */
  rowHeaders?: boolean;
  /** Headers may take two lines (see Th), for many narrow columns of figures. */
  wrapHeaders?: boolean;
}

/** An admin list as a DataTable, from its columns: the table every admin list page shows. */
export function ListTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  rowKey = (row) => row.id,
  actions,
  rowHeaders = false,
  wrapHeaders = false,
}: ListTableProps<T>) {
  const [title, ...others] = columns;
  if (!title) return null;
  return (
    <DataTable caption={caption} captionHidden>
      <Thead>
        <tr>
          {columns.map((column) => (
            <Th
              key={column.header}
              wrap={wrapHeaders}
              className={column.alignRight ? 'text-right' : undefined}
            >
              {column.header}
            </Th>
          ))}
          {actions ? <ActionsTh /> : null}
        </tr>
      </Thead>
      <Tbody>
        {rows.map((row) => (
          <Tr key={rowKey(row)}>
            {rowHeaders ? (
              <RowTh className={title.className ?? 'max-sm:text-base'}>{title.cell(row)}</RowTh>
            ) : (
              <Td className={title.className ?? ROW_TITLE}>{title.cell(row)}</Td>
            )}
            {others.map((column) => (
              <Td
                key={column.header}
                label={column.header}
                className={cn(column.alignRight && 'text-right', column.className)}
              >
                {column.cell(row)}
              </Td>
            ))}
            {actions ? <RowActions>{actions(row)}</RowActions> : null}
          </Tr>
        ))}
      </Tbody>
    </DataTable>
  );
}

/** Classes for row actions that are links. */
export const linkClasses =
  'rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
