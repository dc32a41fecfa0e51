import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { useToast } from '../../../components/Toast';
import { noticeKeys } from '../../notices/queries';
import { NoticeDialog, PUBLISH_NOTICE_LABEL } from '../components/NoticeDialog';
import { noticeDay } from '../format';
import { adminNoticesQuery, deleteNoticeMutation } from '../queries';
import { noticeRoleLabel } from '../schemas';
import { SUPERADMIN_NOTICES_LABEL } from '../texts';
import type { NoticeOut } from '../types';

export const NO_NOTICES_TEXT = 'Aucune nouveauté publiée pour le moment.';

/** /superadmin/notices — the notices every user reads in their bell: publish, edit, delete. */
export function NoticesPage() {
  const client = useQueryClient();
  const toast = useToast();
  const list = useQuery(adminNoticesQuery());
  // undefined: closed; null: a new notice; a notice: editing it.
  const [editing, setEditing] = useState<NoticeOut | null | undefined>(undefined);
  // The notice asked about stays named while its dialog closes.
  const [removing, setRemoving] = useState<NoticeOut | null>(null);
  const [confirming, setConfirming] = useState(false);
  const askRemove = (n: NoticeOut) => {
    setRemoving(n);
    setConfirming(true);
  };

  const remove = useMutation({
    ...deleteNoticeMutation(),
    onSuccess: (_, { title }) => {
      toast.success(`La nouveauté «\u00a0${title}\u00a0» est supprimée.`);
      setConfirming(false);
    },
    onError: (error) => toast.error(error.detail),
    onSettled: () => client.invalidateQueries({ queryKey: noticeKeys.all }),
  });

  const items = list.data ?? [];
  const publish = (
    <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing(null)}>
      {PUBLISH_NOTICE_LABEL}
    </Button>
  );

  return (
    <PageHeader
      title={SUPERADMIN_NOTICES_LABEL}
      subtitle="Les nouveautés de Brigade que les utilisateurs lisent dans leur cloche, selon leur rôle et le domaine du back-office."
      breadcrumbs={[{ label: 'Super-admin' }, { label: SUPERADMIN_NOTICES_LABEL }]}
      actions={publish}
    >
      <Card>
        <Box sx={{ px: 3, py: 2.5 }}>
          <Typography variant="h6" component="h2">
            Nouveautés publiées
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {list.isSuccess ? (items.length > 1 ? `${items.length} nouveautés, la plus récente d’abord` : items.length === 1 ? '1 nouveauté' : '\u00a0') : '\u00a0'}
          </Typography>
        </Box>
        {list.isPending ? (
          <LoadingPanel />
        ) : list.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />
          </Box>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<NewReleasesOutlinedIcon />}
            title="Aucune nouveauté"
            message={NO_NOTICES_TEXT}
            action={
              <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={() => setEditing(null)}>
                {PUBLISH_NOTICE_LABEL}
              </Button>
            }
          />
        ) : (
          <TableContainer>
            <Table aria-label={SUPERADMIN_NOTICES_LABEL}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 3 }}>Nouveauté</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Date</TableCell>
                  <TableCell>Destinataires</TableCell>
                  <TableCell>Domaine</TableCell>
                  <TableCell align="right" sx={{ pr: 3 }}>
                    Actions
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((n) => (
                  <TableRow key={n.id} hover data-testid={`notice-row-${n.id}`}>
                    <TableCell sx={{ pl: 3, maxWidth: 480 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {n.title}
                      </Typography>
                      {n.shortDescription && (
                        <Typography
                          variant="caption"
                          sx={{ color: 'text.secondary', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                        >
                          {n.shortDescription}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{noticeDay(n.date)}</TableCell>
                    <TableCell>
                      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
                        {(n.roles ?? []).map((r) => (
                          <Chip key={r} size="small" variant="outlined" label={noticeRoleLabel(r)} />
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      {n.domaineName ? (
                        <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8125rem' }}>
                          {n.domaineName}
                        </Typography>
                      ) : (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          Tous les domaines
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ pr: 3, whiteSpace: 'nowrap' }}>
                      <Tooltip title="Modifier">
                        <IconButton aria-label={`Modifier la nouveauté ${n.title}`} onClick={() => setEditing(n)}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Supprimer">
                        <IconButton aria-label={`Supprimer la nouveauté ${n.title}`} color="error" onClick={() => askRemove(n)}>
                          <DeleteOutlineRoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {editing !== undefined && <NoticeDialog key={editing?.id ?? 'new'} notice={editing ?? undefined} onClose={() => setEditing(undefined)} />}
      <DeleteConfirmDialog
        open={confirming && removing !== null}
        kind="notice"
        names={removing ? [removing.title] : []}
        warning="Elle disparaît aussitôt de la cloche de tous les utilisateurs."
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => removing && remove.mutate({ id: removing.id, title: removing.title })}
      />
    </PageHeader>
  );
}
