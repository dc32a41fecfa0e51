import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Box,
  Card,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../api/client';
import { deployKeys, generationSummary, isFinished, jobQuery, type Job } from '../queries';
import { GENERATION_SUCCESS } from '../texts';
import { formatCount, plural } from '../format';

export const GENERATION_FAILED = 'La génération de la Carte a échoué. Veuillez réessayer.';

/** 'n / total restaurants', as the progress bar reads. */
export const progressText = (job: Pick<Job, 'done' | 'total'>) => `${formatCount(job.done)} / ${formatCount(job.total)} restaurants`;

/**
 * Follows a generation job: its progress (job.progress events invalidate it; it is also polled, so
 * a dropped stream does not freeze the bar), then the spec's success text and what each restaurant got.
 */
export function GenerationPanel({ jobId, onDismiss, onDone }: { jobId: number; onDismiss: () => void; onDone?: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const job = useQuery(jobQuery(jobId));
  const announced = useRef<number | null>(null);
  const data = job.data;

  useEffect(() => {
    if (!data || !isFinished(data) || announced.current === data.id) return;
    announced.current = data.id;
    if (data.status === 'done') {
      toast.success(generationSummary(data)?.message || GENERATION_SUCCESS);
      onDone?.();
    } else toast.error(data.error || GENERATION_FAILED);
    void client.invalidateQueries({ queryKey: deployKeys.all });
  }, [data, client, toast, onDone]);

  if (!data) {
    return (
      <Card sx={{ p: 3 }}>
        {job.isError ? (
          <Alert severity="error">Impossible de suivre le déploiement : {errorMessage(job.error)}</Alert>
        ) : (
          <LinearProgress aria-label="Progression du déploiement" />
        )}
      </Card>
    );
  }

  const running = !isFinished(data);
  const value = data.total > 0 ? Math.round((data.done / data.total) * 100) : 0;
  const summary = generationSummary(data);

  return (
    <Card role="region" aria-label="Déploiement en cours" sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {running ? 'Déploiement en cours' : data.status === 'done' ? 'Déploiement terminé' : 'Déploiement interrompu'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="job-message">
            {data.message}
          </Typography>
        </Box>
        <Typography variant="h6" component="p" data-testid="job-progress" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {progressText(data)}
        </Typography>
        {!running && (
          <IconButton aria-label="Masquer le résultat du déploiement" onClick={onDismiss}>
            <CloseRoundedIcon />
          </IconButton>
        )}
      </Stack>
      <LinearProgress
        aria-label="Progression du déploiement"
        variant={data.status === 'queued' || (running && data.total === 0) ? 'indeterminate' : 'determinate'}
        value={data.status === 'done' ? 100 : value}
        color={data.status === 'failed' ? 'error' : data.status === 'done' ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {data.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {data.error || GENERATION_FAILED}
        </Alert>
      )}
      {data.status === 'done' && summary && <Summary summary={summary} />}
    </Card>
  );
}

function Summary({ summary }: { summary: NonNullable<ReturnType<typeof generationSummary>> }) {
  const changed = summary.restaurants.filter((r) => r.changed).length;
  const same = summary.restaurants.length - changed;
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity="success" variant="outlined">
        <AlertTitle>{summary.message || GENERATION_SUCCESS}</AlertTitle>
        {plural(changed, 'restaurant')} avec une nouvelle version
        {same > 0 ? `, ${plural(same, 'restaurant')} déjà à jour` : ''}. Les bornes reçoivent leur nouvelle carte immédiatement.
      </Alert>
      {summary.restaurants.length > 0 && (
        <Box sx={{ mt: 2, maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table size="small" stickyHeader aria-label="Résultat du déploiement">
            <TableHead>
              <TableRow>
                <TableCell>Restaurant</TableCell>
                <TableCell align="right">Version</TableCell>
                <TableCell align="right">Cartes</TableCell>
                <TableCell align="right">Produits</TableCell>
                <TableCell align="right">Prix personnalisés</TableCell>
                <TableCell align="right">Écartés</TableCell>
                <TableCell>Résultat</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {summary.restaurants.map((r) => (
                <TableRow key={r.restaurantId}>
                  <TableCell sx={{ fontWeight: 500 }}>{r.nom}</TableCell>
                  <TableCell align="right">{r.version}</TableCell>
                  <TableCell align="right">{r.cartes}</TableCell>
                  <TableCell align="right">{formatCount(r.products)}</TableCell>
                  <TableCell align="right">{r.customised}</TableCell>
                  <TableCell align="right" sx={{ color: r.dropped > 0 ? 'warning.main' : undefined }}>
                    {r.dropped}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={r.changed ? 'success' : 'default'} label={r.changed ? 'Nouvelle version' : 'Inchangée'} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
