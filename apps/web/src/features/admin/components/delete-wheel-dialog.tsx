import { useQueryClient } from '@tanstack/react-query';
import { deleteWheel, wheelQuery, wheelsKey } from '../api/wheels';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { WHEEL_DELETE_CONFIRM, WHEEL_DELETE_ERROR } from './wheel-messages';

type WheelName = { id: string; name: string };

interface DeleteWheelDialogProps {
  /** The wheel to delete; null keeps the dialog closed. */
  wheel: WheelName | null;
  onClose: () => void;
  onDeleted: (wheel: WheelName) => void;
}

/** Asks 'Are you sure you want to delete this wheel?' and deletes it on confirmation. */
export function DeleteWheelDialog({ wheel, onClose, onDeleted }: DeleteWheelDialogProps) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteDialog
      target={wheel}
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
      errorFallback={WHEEL_DELETE_ERROR}
      ignoreServerMessage
      remove={(target) => deleteWheel(target.id)}
      onClose={onClose}
      onDeleted={(target) => {
        queryClient.removeQueries({ queryKey: wheelQuery(target.id).queryKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: wheelsKey });
        onDeleted(target);
      }}
    />
  );
}
