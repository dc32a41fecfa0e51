import { useMemo, useState, type KeyboardEvent } from 'react';
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
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import KeyOffOutlinedIcon from '@mui/icons-material/KeyOffOutlined';
import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import type { Equipment, IssuedKey, Restaurant } from '../../../api/types';
import { errorMessage } from '../../../api/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { useToast } from '../../../components/Toast';
import { equipmentSaved, equipmentsQuery, issueKeyMutation, renameEquipmentMutation, revokeKeyMutation } from '../queries';
import { isSilent, shortDate } from '../time';
import { AddEquipmentDialog } from './AddEquipmentDialog';
import { equipmentKinds } from './equipmentKinds';
import { KeyDialog } from './KeyDialog';
import { LastSeen, useNow } from './LastSeen';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: '0.01em' } as const;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n > 1 ? many : one}`;
}

type Pending = { action: 'renew' | 'revoke'; equipment: Equipment } | null;

export interface DevicesPanelProps {
  restaurant: Restaurant;
  /** Admins manage devices; everyone else reads (the API refuses their writes anyway). */
  canEdit: boolean;
  /** The panel's heading level on the page (h2 in a page, h2 as well under the devices route). */
  title?: string;
}

/** The restaurant's tills and kiosks: names, stable ids, keys, last contact; keys issued and revoked here. */
export function DevicesPanel({ restaurant, canEdit, title = 'Caisses et bornes' }: DevicesPanelProps) {
  const client = useQueryClient();
  const toast = useToast();
  const now = useNow();
  const list = useQuery(equipmentsQuery(restaurant.id));
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<Pending>(null);
  const [issued, setIssued] = useState<{ key: IssuedKey; renewed: boolean } | null>(null);
  const writable = canEdit && !restaurant.archived;

  const devices = useMemo(
    () => [...(list.data ?? [])].sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === 'caisse' ? -1 : 1)),
    [list.data],
  );
  const tills = devices.filter((d) => d.kind === 'caisse').length;
  const kiosks = devices.length - tills;
  const silent = devices.filter((d) => isSilent(d.lastSeenAt, now)).length;

  const issue = useMutation({
    ...issueKeyMutation(restaurant.id),
    onSuccess: (answer, { equipmentId }) => {
      const renewed = devices.find((d) => d.id === equipmentId)?.hasKey ?? false;
      equipmentSaved(client, answer.equipment);
      setConfirm(null);
      setIssued({ key: answer, renewed });
    },
    onError: (error) => {
      setConfirm(null);
      toast.error(error.detail);
    },
  });

  const revoke = useMutation({
    ...revokeKeyMutation(restaurant.id),
    onSuccess: (equipment) => {
      equipmentSaved(client, equipment);
      setConfirm(null);
      toast.success(`La clé de « ${equipment.name} » est révoquée : l'équipement est refusé dès son prochain appel.`);
    },
    onError: (error) => {
      setConfirm(null);
      toast.error(error.detail);
    },
  });

  const busyId = issue.isPending ? issue.variables.equipmentId : revoke.isPending ? revoke.variables.equipmentId : null;

  const summary = list.isSuccess
    ? devices.length === 0
      ? 'Aucun équipement enregistré'
      : [tills ? plural(tills, 'caisse', 'caisses') : 'Aucune caisse', kiosks ? plural(kiosks, 'borne', 'bornes') : 'aucune borne'].join(' · ')
    : ' ';

  return (
    <Card component="section" aria-labelledby="devices-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id="devices-title" variant="h6" component="h2">
            {title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {summary}
            </Typography>
            {silent > 0 && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={`${plural(silent, 'équipement muet', 'équipements muets')} depuis plus de 24 h`}
                sx={{ height: 22 }}
              />
            )}
          </Stack>
        </Box>
        {canEdit && (
          <Tooltip title={restaurant.archived ? 'Restaurant archivé : restaurez-le pour ajouter des équipements.' : ''}>
            <span>
              <Button variant="contained" startIcon={<AddRoundedIcon />} disabled={!writable} onClick={() => setAdding(true)}>
                Ajouter un équipement
              </Button>
            </span>
          </Tooltip>
        )}
      </Stack>

      {list.isPending ? (
        <LoadingPanel />
      ) : list.isError ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <ErrorBlock message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        </Box>
      ) : devices.length === 0 ? (
        <EmptyState
          icon={<DevicesOutlinedIcon />}
          title="Aucune caisse ni borne"
          message={
            writable
              ? 'Ajoutez les caisses et les bornes du restaurant, puis remettez à chacune sa clé.'
              : "Ce restaurant n'a pas encore d'équipement enregistré."
          }
          action={
            writable ? (
              <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={() => setAdding(true)}>
                Ajouter un équipement
              </Button>
            ) : undefined
          }
        />
      ) : (
        <TableContainer>
          <Table aria-label="Équipements" sx={{
              '& th': { whiteSpace: 'nowrap' },
              '& td, & th': { px: 1.5 },
              '& td:first-of-type, & th:first-of-type': { pl: 3 },
              '& td:last-of-type, & th:last-of-type': { pr: 3 },
            }}>
            <TableHead>
              <TableRow>
                <TableCell>Équipement</TableCell>
                <TableCell>Identifiant stable</TableCell>
                <TableCell>Clé</TableCell>
                <TableCell>Dernier contact</TableCell>
                {canEdit && (
                  <TableCell align="right">
                    Actions
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {devices.map((d) => (
                <DeviceRow
                  key={d.id}
                  device={d}
                  restaurant={restaurant}
                  now={now}
                  canEdit={canEdit}
                  writable={writable}
                  busy={busyId === d.id}
                  onIssue={() => (d.hasKey ? setConfirm({ action: 'renew', equipment: d }) : issue.mutate({ equipmentId: d.id }))}
                  onRevoke={() => setConfirm({ action: 'revoke', equipment: d })}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {adding && (
        <AddEquipmentDialog open={adding} restaurant={restaurant} existing={devices} onClose={() => setAdding(false)} />
      )}

      <ConfirmDialog
        open={confirm?.action === 'renew'}
        title="Renouveler la clé"
        icon={<AutorenewRoundedIcon />}
        tone="warning"
        message={`Renouveler la clé de « ${confirm?.equipment.name ?? ''} » ?`}
        warning="L'ancienne clé cesse de fonctionner immédiatement : l'équipement sera refusé tant que la nouvelle clé n'y est pas saisie."
        confirmLabel="Renouveler la clé"
        pending={issue.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && issue.mutate({ equipmentId: confirm.equipment.id })}
      />
      <ConfirmDialog
        open={confirm?.action === 'revoke'}
        title="Révoquer la clé"
        icon={<BlockRoundedIcon />}
        tone="error"
        message={`Révoquer la clé de « ${confirm?.equipment.name ?? ''} » ?`}
        warning="L'équipement est refusé dès son prochain appel. Ses commandes passées sont conservées ; vous pourrez lui émettre une nouvelle clé plus tard."
        confirmLabel="Révoquer"
        pending={revoke.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && revoke.mutate({ equipmentId: confirm.equipment.id })}
      />
      <KeyDialog issued={issued?.key ?? null} renewed={issued?.renewed} onClose={() => setIssued(null)} />
    </Card>
  );
}

interface DeviceRowProps {
  device: Equipment;
  restaurant: Restaurant;
  now: number;
  canEdit: boolean;
  writable: boolean;
  busy: boolean;
  onIssue: () => void;
  onRevoke: () => void;
}

function DeviceRow({ device: d, restaurant, now, canEdit, writable, busy, onIssue, onRevoke }: DeviceRowProps) {
  const toast = useToast();
  const { label, Icon } = equipmentKinds[d.kind];
  return (
    <TableRow data-testid={`device-row-${d.id}`} sx={{ '&:last-child td': { borderBottom: 0 } }}>
      <TableCell sx={{ py: 1.25, minWidth: 180 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Tooltip title={label}>
            <Box
              sx={{
                width: 34,
                height: 34,
                borderRadius: '10px',
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                color: d.kind === 'borne' ? 'primary.main' : 'text.secondary',
                bgcolor: 'action.hover',
              }}
              aria-label={label}
              role="img"
            >
              <Icon sx={{ fontSize: 19 }} />
            </Box>
          </Tooltip>
          <EquipmentName device={d} canRename={canEdit} restaurantId={restaurant.id} kindLabel={label} />
        </Stack>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography component="code" variant="body2" sx={{ ...mono, fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {d.user_keen_id}
          </Typography>
          <CopyButton
            text={d.user_keen_id}
            what={`l'identifiant de ${d.name}`}
            onCopied={() => toast.success('Identifiant copié.')}
            onFailed={() => toast.error("Copie impossible : sélectionnez l'identifiant puis copiez-le.")}
          />
        </Stack>
      </TableCell>
      <TableCell>
        {d.hasKey ? (
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
            <KeyRoundedIcon sx={{ fontSize: 18, color: 'success.main' }} />
            <Box>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                Clé{' '}
                <Box component="span" sx={{ ...mono, fontWeight: 600 }}>
                  …{d.keyHint}
                </Box>
              </Typography>
              {d.keyIssuedAt && (
                <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', display: 'block' }}>
                  émise le {shortDate(d.keyIssuedAt, restaurant.timeZone)}
                </Typography>
              )}
            </Box>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <KeyOffOutlinedIcon sx={{ fontSize: 18 }} />
            <Box>
              <Typography variant="body2">Aucune clé</Typography>
              <Typography variant="caption" sx={{ whiteSpace: 'nowrap', display: 'block' }}>
                Ne peut pas se connecter
              </Typography>
            </Box>
          </Stack>
        )}
      </TableCell>
      <TableCell>
        <LastSeen lastSeenAt={d.lastSeenAt} timeZone={restaurant.timeZone} now={now} />
      </TableCell>
      {canEdit && (
        <TableCell align="right">
          <Tooltip title={writable ? '' : 'Restaurant archivé : ses équipements ne peuvent pas recevoir de clé.'}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {d.hasKey ? (
                <>
                  <Button
                    size="small"
                    variant="outlined"
                    color="inherit"
                    startIcon={<AutorenewRoundedIcon />}
                    disabled={!writable || busy}
                    onClick={onIssue}
                    aria-label={`Renouveler la clé de ${d.name}`}
                  >
                    Renouveler
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<BlockRoundedIcon />}
                    disabled={busy}
                    onClick={onRevoke}
                    aria-label={`Révoquer la clé de ${d.name}`}
                  >
                    Révoquer
                  </Button>
                </>
              ) : (
                <Button
                  size="small"
                  variant="contained"
                  startIcon={<KeyRoundedIcon />}
                  disabled={!writable}
                  loading={busy}
                  onClick={onIssue}
                  aria-label={`Émettre la clé de ${d.name}`}
                >
                  Émettre la clé
                </Button>
              )}
            </Stack>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
}

interface EquipmentNameProps {
  device: Equipment;
  canRename: boolean;
  restaurantId: Restaurant['id'];
  kindLabel: string;
}

/** The device's name, renamed in place: Enter saves, Escape cancels; a refusal keeps what was typed. */
function EquipmentName({ device, canRename, restaurantId, kindLabel }: EquipmentNameProps) {
  const client = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const rename = useMutation({
    ...renameEquipmentMutation(restaurantId),
    onSuccess: (equipment) => {
      equipmentSaved(client, equipment);
      setDraft(null);
      toast.success(`L'équipement est renommé « ${equipment.name} ».`);
    },
  });

  const save = () => {
    if (draft === null) return;
    const name = draft.trim();
    if (!name) return setLocalError("Le nom de l'équipement est obligatoire.");
    if (name.length > 80) return setLocalError("Le nom de l'équipement ne doit pas dépasser 80 caractères.");
    if (name === device.name) return setDraft(null);
    setLocalError(null);
    rename.mutate({ equipmentId: device.id, name });
  };
  const cancel = () => {
    setDraft(null);
    setLocalError(null);
    rename.reset();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    }
  };

  if (draft !== null) {
    const message = localError ?? (rename.isError ? (rename.error.errors.find((x) => x.location === 'body.name')?.message ?? rename.error.detail) : null);
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          autoFocus
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setLocalError(null);
          }}
          onKeyDown={onKeyDown}
          error={Boolean(message)}
          helperText={message ?? undefined}
          disabled={rename.isPending}
          slotProps={{ htmlInput: { 'aria-label': `Nouveau nom de ${device.name}`, maxLength: 80 } }}
          sx={{ width: 220 }}
        />
        <Tooltip title="Enregistrer">
          <IconButton size="small" aria-label="Enregistrer le nom" onClick={save} disabled={rename.isPending} sx={{ mt: 0.25 }}>
            <CheckRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Annuler">
          <IconButton size="small" aria-label="Annuler le renommage" onClick={cancel} disabled={rename.isPending} sx={{ mt: 0.25 }}>
            <CloseRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    );
  }

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0, '&:hover .rename, & .rename:focus-visible': { opacity: 1 } }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {device.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {kindLabel}
        </Typography>
      </Box>
      {canRename && (
        <Tooltip title="Renommer">
          <IconButton
            className="rename"
            size="small"
            aria-label={`Renommer ${device.name}`}
            onClick={() => setDraft(device.name)}
            sx={{ opacity: 0.55, color: 'text.secondary', transition: 'opacity 120ms' }}
          >
            <EditOutlinedIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
