import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTimedMessage } from './use-timed-message';

interface CrudListOptions<T, V> {
  /** What a row is, capitalised ('Admin', 'Business user'): the banner starts with it. */
  noun: string;
  /** The row's name in the banner and in its buttons' accessible names. */
  nameOf: (item: T) => string;
  /** The list to load again after every change. */
  listKey: QueryKey;
  create: (values: V) => Promise<T>;
  update: (item: T, values: V) => Promise<T>;
  remove: (item: T) => Promise<unknown>;
  /** After a create or an update, once the list is reloading. */
  onSaved?: (saved: T) => void;
}

/**
 * An admin list whose rows are created and edited in a form dialog and deleted after a
 * confirmation: which row the dialogs are open on, a banner after each change (5 seconds), and
 * the list loaded again. Spread `formDialog` and `deleteDialog` onto the two dialogs.
 */
export function useCrudList<T, V>({
  noun,
  nameOf,
  listKey,
  create,
  update,
  remove,
  onSaved,
}: CrudListOptions<T, V>) {
  const queryClient = useQueryClient();
  const banner = useTimedMessage(5_000);
  // null: no dialog; { item: null }: the create dialog.
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: listKey });

  const save = async (values: V) => {
    const current = editing?.item ?? null;
    const saved = current ? await update(current, values) : await create(values);
    setEditing(null);
    banner.show(`${noun} ${nameOf(saved)} was ${current ? 'updated' : 'created'}.`);
    reload();
    onSaved?.(saved);
  };

  return {
    banner,
    nameOf,
    startCreate: () => setEditing({ item: null }),
    startEdit: (item: T) => setEditing({ item }),
    askDelete: (item: T) => setToDelete(item),
    formDialog: {
      open: editing !== null,
      item: editing?.item ?? null,
      onOpenChange: (open: boolean) => {
        if (!open) setEditing(null);
      },
      onSubmit: save,
    },
    deleteDialog: {
      target: toDelete,
      remove,
      onClose: () => setToDelete(null),
      onDeleted: (item: T) => {
        setToDelete(null);
        banner.show(`${noun} ${nameOf(item)} was deleted.`);
        reload();
      },
    },
  };
}
