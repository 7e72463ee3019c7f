import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteWheel, wheelQuery, wheelsKey } from '../api/wheels';
import { WHEEL_DELETE_CONFIRM, WHEEL_DELETE_ERROR } from './wheel-messages';

interface DeleteWheelDialogProps {
  /** The wheel to delete; null keeps the dialog closed. */
  wheel: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted: (wheel: { id: string; name: string }) => void;
}

/** Asks 'Are you sure you want to delete this wheel?' and deletes it on confirmation. */
export function DeleteWheelDialog({ wheel, onClose, onDeleted }: DeleteWheelDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: { id: string; name: string }) => deleteWheel(target.id),
    onSuccess: (_, target) => {
      queryClient.removeQueries({ queryKey: wheelQuery(target.id).queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: wheelsKey });
      onDeleted(target);
    },
  });

  return (
    <ConfirmDialog
      open={wheel !== null}
      onOpenChange={(open) => {
        if (open) return;
        remove.reset();
        onClose();
      }}
      title="Delete wheel"
      message={
        <>
          {WHEEL_DELETE_CONFIRM}
          {wheel ? (
            <>
              {' '}
              <strong className="font-semibold text-slate-900">{wheel.name}</strong> and its seats, rounds and
              matches will be removed.
            </>
          ) : null}
        </>
      }
      onConfirm={() => {
        if (wheel) remove.mutate(wheel);
      }}
      pending={remove.isPending}
      error={remove.isError ? WHEEL_DELETE_ERROR : null}
    />
  );
}
