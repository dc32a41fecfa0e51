import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../api/client';
import { downloadExport, exportMutation, isFinished, jobKeys, jobQuery } from '../queries';
import { EXPORT_FINISHED, EXPORT_STARTED } from '../texts';
import { formatCount } from '../format';

function saveFile(blob: Blob, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * 'Exporter les produits': the products of each restaurant's deployed menu as spreadsheets, zipped.
 * Runs as a job with progress; the zip downloads itself when it is ready.
 */
export function ExportProductsButton({ restaurantIds }: { restaurantIds?: number[] }) {
  const client = useQueryClient();
  const toast = useToast();
  const [job, setJob] = useState<{ id: number; fileName: string } | null>(null);
  const progress = useQuery({ ...jobQuery(job?.id ?? 0), enabled: job !== null });
  const handled = useRef<number | null>(null);

  const start = useMutation({
    ...exportMutation(),
    onSuccess: (started) => {
      client.setQueryData(jobKeys.detail(started.id), started);
      setJob({ id: started.id, fileName: started.fileName });
    },
    onError: (error) => toast.error(error.detail),
  });

  const data = progress.data;
  useEffect(() => {
    if (!job || !data || !isFinished(data) || handled.current === data.id) return;
    handled.current = data.id;
    if (data.status === 'failed') {
      toast.error(data.error || 'Une erreur est survenue');
      setJob(null);
      return;
    }
    downloadExport(data.id, job.fileName)
      .then(({ blob, fileName }) => {
        saveFile(blob, fileName);
        toast.success(EXPORT_FINISHED);
      })
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setJob(null));
  }, [data, job, toast]);

  const running = job !== null;
  const value = data && data.total > 0 ? Math.round((data.done / data.total) * 100) : 0;
  return (
    <Stack spacing={0.75} sx={{ minWidth: 220 }}>
      <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} loading={start.isPending || running} loadingPosition="start" onClick={() => start.mutate(restaurantIds)}>
        Exporter les produits
      </Button>
      {running && (
        <Box role="status" aria-label="Exportation des produits">
          <LinearProgress variant={data && data.total > 0 ? 'determinate' : 'indeterminate'} value={value} sx={{ height: 4, borderRadius: 2 }} />
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.25 }} noWrap>
            {data?.message || EXPORT_STARTED}
            {data && data.total > 0 ? ` · ${formatCount(data.done)} / ${formatCount(data.total)}` : ''}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
