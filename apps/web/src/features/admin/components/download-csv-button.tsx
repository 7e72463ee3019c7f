import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { downloadWheelCsv } from '../api/wheels';
import { saveFile } from '../lib/save-file';

export const CSV_DOWNLOAD_ERROR = 'Failed to download the CSV. Please try again.';

/** The wheel's figures as a CSV file, for a spreadsheet (issue 35). */
export function DownloadCsvButton({ wheelId }: { wheelId: string }) {
  const download = useMutation({
    mutationFn: () => downloadWheelCsv(wheelId),
    onSuccess: saveFile,
  });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? (
          <>
            <Spinner className="size-4" /> Preparing…
          </>
        ) : (
          'Download CSV'
        )}
      </Button>
      {download.isError ? (
        <p role="alert" className="max-w-xs text-sm text-red-700">
          {errorMessage(download.error, CSV_DOWNLOAD_ERROR)}
        </p>
      ) : null}
    </div>
  );
}
