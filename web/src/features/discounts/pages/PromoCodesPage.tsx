import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  LinearProgress,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import { errorMessage } from '../../../api/client';
import type { AppRoute } from '../../../app/routeTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { crumbsOf } from '../../../components/crumbs';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { useToast } from '../../../components/Toast';
import { isoDay } from '../../reports/format';
import { codeState, effectText, usagePercent, usageText, validityText } from '../amounts';
import { PromoCodeDialog } from '../components/PromoCodeDialog';
import { CONFIG_LIST_PATH } from '../paths';
import { deletePromoCodeMutation, discountsChanged, discountsQuery, promoCodesQuery, updatePromoCodeMutation } from '../queries';
import type { Discount, PromoCode } from '../types';
import { useCanManageDiscounts } from './DiscountsPage';

export const EMPTY_CODES_TEXT = 'Aucun code promo : créez le premier.';

type StateFilter = 'all' | 'open' | 'closed';

const STATE_CHIPS = {
  open: { label: 'Utilisable', color: 'success' },
  inactive: { label: 'Inactif', color: 'default' },
  exhausted: { label: 'Épuisé', color: 'warning' },
  expired: { label: 'Expiré', color: 'default' },
  upcoming: { label: 'À venir', color: 'info' },
} as const;

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/** « Codes Promo »: the codes that grant the franchise's discounts, their quotas and validity. */
export function PromoCodesPage({ route }: { route: AppRoute }) {
  const client = useQueryClient();
  const toast = useToast();
  const canManage = useCanManageDiscounts();
  const codes = useQuery(promoCodesQuery());
  const discounts = useQuery(discountsQuery());
  const [query, setQuery] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [editing, setEditing] = useState<PromoCode | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [toDelete, setToDelete] = useState<PromoCode | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const today = isoDay(new Date());

  const discountOf = useMemo(() => {
    const byId = new Map((discounts.data ?? []).map((d) => [d.id, d]));
    return (id: number): Discount | undefined => byId.get(id);
  }, [discounts.data]);

  const change = useMutation({
    ...updatePromoCodeMutation(),
    onSuccess: (c) => toast.success(c.active ? `Le code « ${c.code} » est activé.` : `Le code « ${c.code} » est désactivé.`),
    onError: (error) => toast.error(error.detail),
    onSettled: () => {
      discountsChanged(client);
      setDeleteOpen(false);
    },
  });
  const remove = useMutation({
    ...deletePromoCodeMutation(),
    onSuccess: () => toast.success(`Le code « ${toDelete?.code ?? ''} » est supprimé.`),
    onError: (error) => toast.error(error.detail),
    onSettled: () => {
      discountsChanged(client);
      setDeleteOpen(false);
    },
  });
  const setActive = (c: PromoCode, active: boolean) =>
    change.mutate({ id: c.id, body: { maxUses: c.maxUses ?? 0, perCustomer: c.perCustomer ?? 0, validFrom: c.validFrom ?? '', validUntil: c.validUntil ?? '', active } });

  const items = useMemo(() => [...(codes.data ?? [])].sort((a, b) => a.code.localeCompare(b.code, 'fr')), [codes.data]);
  const visible = useMemo(() => {
    const q = query.trim().toUpperCase();
    return items.filter((c) => {
      const open = codeState(c, today) === 'open';
      if (state === 'open' && !open) return false;
      if (state === 'closed' && open) return false;
      return !q || c.code.includes(q.replace(/\s/g, '')) || c.discountName.toUpperCase().includes(q);
    });
  }, [items, query, state, today]);
  const openCount = items.filter((c) => codeState(c, today) === 'open').length;

  const newButton = (variant: 'contained' | 'outlined') =>
    canManage ? (
      <Button
        variant={variant}
        startIcon={<AddRoundedIcon />}
        sx={{ whiteSpace: 'nowrap' }}
        onClick={() => {
          setEditing(null);
          setDialogOpen(true);
        }}
      >
        Nouveau code
      </Button>
    ) : undefined;

  return (
    <PageHeader
      title={route.title}
      subtitle="Les codes que vos clients saisissent à la borne, à la caisse ou en click & collect : la réduction qu'ils accordent, leur quota et leur validité."
      breadcrumbs={crumbsOf(route)}
      actions={
        <Button component={RouterLink} to={CONFIG_LIST_PATH} variant="outlined">
          Réductions
        </Button>
      }
    >
      <Card>
        <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2} sx={{ alignItems: { xl: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              Codes promo
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {codes.isSuccess ? `${items.length} code${items.length > 1 ? 's' : ''} · ${openCount} utilisable${openCount > 1 ? 's' : ''} aujourd'hui` : '\u00a0'}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }}>
            <Box sx={{ width: { xs: '100%', md: 260 } }}>
              <SearchBar thing="un code" value={query} onChange={setQuery} />
            </Box>
            <ToggleButtonGroup exclusive size="small" value={state} onChange={(_, v: StateFilter | null) => v && setState(v)} aria-label="Filtrer par état">
              <ToggleButton value="all">Tous</ToggleButton>
              <ToggleButton value="open">Utilisables</ToggleButton>
              <ToggleButton value="closed">Inactifs, épuisés ou expirés</ToggleButton>
            </ToggleButtonGroup>
            {newButton('contained')}
          </Stack>
        </Stack>
        {codes.isPending ? (
          <LoadingPanel />
        ) : codes.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock message={errorMessage(codes.error)} onRetry={() => void codes.refetch()} retrying={codes.isFetching} />
          </Box>
        ) : items.length === 0 ? (
          <EmptyState icon={<ConfirmationNumberOutlinedIcon />} title="Aucun code promo" message={EMPTY_CODES_TEXT} action={newButton('outlined')} />
        ) : visible.length === 0 ? (
          <EmptyState icon={<ConfirmationNumberOutlinedIcon />} message={query.trim() ? `Aucun code ne correspond à « ${query.trim()} » avec ce filtre.` : 'Aucun code avec ce filtre.'} />
        ) : (
          <TableContainer>
            <Table aria-label="Codes promo">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 3 }}>Code</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>Réduction</TableCell>
                  <TableCell sx={{ minWidth: 170 }}>Utilisations</TableCell>
                  <TableCell>Par client</TableCell>
                  <TableCell>Validité</TableCell>
                  <TableCell>État</TableCell>
                  <TableCell align="center">Actif</TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ pr: 3 }}>
                      Actions
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((c) => {
                  const d = discountOf(c.discountId);
                  const s = codeState(c, today);
                  const pct = usagePercent(c);
                  return (
                    <TableRow key={c.id} hover data-testid={`code-row-${c.code}`} sx={{ '&:last-child td': { borderBottom: 0 } }}>
                      <TableCell sx={{ pl: 3, whiteSpace: 'nowrap' }}>
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                          <Typography component="span" sx={{ fontFamily: MONO, fontWeight: 600, fontSize: '0.875rem', letterSpacing: 0.4 }}>
                            {c.code}
                          </Typography>
                          <CopyButton text={c.code} what={`le code ${c.code}`} onCopied={() => toast.success(`Code « ${c.code} » copié.`)} />
                        </Stack>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {c.discountName}
                        </Typography>
                        {d && (
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {effectText(d)}
                            {d.active ? '' : ' · réduction inactive'}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {usageText(c)}
                        </Typography>
                        {pct !== null && (
                          <LinearProgress
                            variant="determinate"
                            value={pct}
                            color={pct >= 100 ? 'warning' : 'primary'}
                            aria-label={`Quota utilisé du code ${c.code}`}
                            sx={{ mt: 0.5, height: 6, borderRadius: 3, maxWidth: 160 }}
                          />
                        )}
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2">{c.perCustomer ? `${c.perCustomer} au plus` : 'Illimité'}</Typography>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2">{validityText(c)}</Typography>
                      </TableCell>
                      <TableCell>
                        <Chip size="small" variant="outlined" color={STATE_CHIPS[s].color} label={STATE_CHIPS[s].label} />
                      </TableCell>
                      <TableCell align="center">
                        <Switch
                          checked={c.active}
                          disabled={!canManage || (change.isPending && change.variables.id === c.id)}
                          onChange={(e) => setActive(c, e.target.checked)}
                          slotProps={{ input: { 'aria-label': `Code ${c.code} actif` } }}
                        />
                      </TableCell>
                      {canManage && (
                        <TableCell align="right" sx={{ pr: 2, whiteSpace: 'nowrap' }}>
                          <Tooltip title="Modifier">
                            <IconButton
                              aria-label={`Modifier le code ${c.code}`}
                              onClick={() => {
                                setEditing(c);
                                setDialogOpen(true);
                              }}
                            >
                              <EditOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={c.used > 0 ? 'Déjà utilisé : à désactiver' : 'Supprimer'}>
                            <IconButton
                              aria-label={`Supprimer le code ${c.code}`}
                              onClick={() => {
                                setToDelete(c);
                                setDeleteOpen(true);
                              }}
                              sx={{ '&:hover': { color: 'error.main' } }}
                            >
                              <DeleteOutlineRoundedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {!canManage && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Votre compte invité lit les codes sans pouvoir les modifier. Les réductions se définissent dans{' '}
          <Link component={RouterLink} to={CONFIG_LIST_PATH}>
            Configuration Réductions
          </Link>
          .
        </Typography>
      )}
      <PromoCodeDialog open={dialogOpen} code={editing} discounts={discounts.data ?? []} onClose={() => setDialogOpen(false)} />
      {toDelete && toDelete.used > 0 ? (
        <ConfirmDialog
          open={deleteOpen}
          title="Ce code a déjà servi"
          icon={<BlockRoundedIcon />}
          tone="warning"
          message={`Le code « ${toDelete.code} » a déjà servi ${toDelete.used} fois : il ne peut pas être supprimé, pour que les commandes qui l'ont utilisé le gardent dans leurs rapports.`}
          warning={toDelete.active ? "Désactivez-le : les bornes et les caisses le refuseront dès maintenant, et vous pourrez le réactiver." : 'Il est déjà désactivé : les bornes et les caisses le refusent.'}
          confirmLabel={toDelete.active ? 'Désactiver' : 'Fermer'}
          cancelLabel={toDelete.active ? 'Annuler' : 'Retour'}
          pending={change.isPending}
          onCancel={() => setDeleteOpen(false)}
          onConfirm={() => (toDelete.active ? setActive(toDelete, false) : setDeleteOpen(false))}
        />
      ) : (
        <DeleteConfirmDialog
          open={deleteOpen && toDelete !== null}
          kind="promoCode"
          names={[toDelete?.code ?? '']}
          pending={remove.isPending}
          warning="Il n'a jamais servi : il disparaît sans laisser de trace dans les rapports."
          onCancel={() => setDeleteOpen(false)}
          onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        />
      )}
    </PageHeader>
  );
}
