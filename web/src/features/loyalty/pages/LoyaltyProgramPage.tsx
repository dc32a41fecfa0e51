import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import type { AppRoute } from '../../../app/routeTable';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { ReportCard } from '../../reports/components/ReportCard';
import { ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { RewardDialog, RuleDialog, TierDialog } from '../components/ProgramDialogs';
import { REWARD_KINDS, RULE_KINDS, formatMoney, formatPoints, ruleText } from '../format';
import { deleteProgramPartMutation, loyaltyChanged, loyaltyRewardsQuery, loyaltyRulesQuery, loyaltyTiersQuery, type ProgramPart } from '../queries';
import type { EarnRule, Reward, Tier } from '../types';

/** Admins and moderators set the program up; guests and restaurant logins read it. */
export function useCanManageLoyalty(): boolean {
  const roles = useSession()?.roles;
  return roles === 'admin' || roles === 'moderator' || roles === 'superadmin';
}

const PART_WORDS: Record<ProgramPart, { title: string; the: string; deleted: (name: string) => string }> = {
  rule: { title: 'Supprimer la règle', the: 'la règle', deleted: (n) => `Règle «\u00a0${n}\u00a0» supprimée.` },
  tier: { title: 'Supprimer le niveau', the: 'le niveau', deleted: (n) => `Niveau «\u00a0${n}\u00a0» supprimé.` },
  reward: { title: 'Supprimer la récompense', the: 'la récompense', deleted: (n) => `Récompense «\u00a0${n}\u00a0» supprimée.` },
};

const activeChip = (active: boolean) => <Chip size="small" variant="outlined" color={active ? 'success' : 'default'} label={active ? 'Active' : 'Inactive'} />;

function RowActions({ name, canManage, onEdit, onDelete }: { name: string; canManage: boolean; onEdit: () => void; onDelete: () => void }) {
  if (!canManage) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Modifier">
        <IconButton size="small" aria-label={`Modifier ${name}`} onClick={onEdit}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Supprimer">
        <IconButton size="small" aria-label={`Supprimer ${name}`} onClick={onDelete}>
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

type Editing = { part: 'rule'; value: EarnRule | null } | { part: 'tier'; value: Tier | null } | { part: 'reward'; value: Reward | null } | null;

/** « Fidélité clients »: the program's setup, its earning rules, tiers and rewards, each edited in a dialog. */
export function LoyaltyProgramPage({ route }: { route: AppRoute }) {
  const canManage = useCanManageLoyalty();
  const client = useQueryClient();
  const toast = useToast();
  const rules = useQuery(loyaltyRulesQuery());
  const tiers = useQuery(loyaltyTiersQuery());
  const rewards = useQuery(loyaltyRewardsQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<{ part: ProgramPart; id: number; name: string } | null>(null);
  const remove = useMutation({
    ...deleteProgramPartMutation(),
    onSuccess: () => {
      if (deleting) toast.success(PART_WORDS[deleting.part].deleted(deleting.name));
      setDeleting(null);
      loyaltyChanged(client);
    },
    onError: (error) => toastSaveError(toast, error, "La suppression n'a pas pu se faire."),
  });
  const close = () => setEditing(null);

  const addButton = (label: string, onClick: () => void): ReactNode =>
    canManage ? (
      <Button size="small" variant="contained" startIcon={<AddRoundedIcon />} onClick={onClick}>
        {label}
      </Button>
    ) : undefined;

  const ruleColumns: ReportColumn<EarnRule>[] = [
    { key: 'name', header: 'Règle', sortValue: (r) => r.name, render: (r) => r.name },
    { key: 'kind', header: 'Type', render: (r) => RULE_KINDS[r.kind] },
    { key: 'gives', header: 'Gain', render: (r) => ruleText(r) },
    { key: 'active', header: 'État', render: (r) => activeChip(r.active) },
    { key: 'actions', header: '', align: 'right', render: (r) => <RowActions name={r.name} canManage={canManage} onEdit={() => setEditing({ part: 'rule', value: r })} onDelete={() => setDeleting({ part: 'rule', id: r.id, name: r.name })} /> },
  ];
  const tierColumns: ReportColumn<Tier>[] = [
    { key: 'name', header: 'Niveau', render: (t) => t.name },
    { key: 'min', header: 'À partir de', align: 'right', render: (t) => formatPoints(t.minPoints) },
    { key: 'perks', header: 'Avantages', render: (t) => t.perks || '—' },
    { key: 'actions', header: '', align: 'right', render: (t) => <RowActions name={t.name} canManage={canManage} onEdit={() => setEditing({ part: 'tier', value: t })} onDelete={() => setDeleting({ part: 'tier', id: t.id, name: t.name })} /> },
  ];
  const rewardColumns: ReportColumn<Reward>[] = [
    { key: 'name', header: 'Récompense', render: (w) => w.name },
    { key: 'kind', header: 'Type', render: (w) => REWARD_KINDS[w.kind] },
    { key: 'cost', header: 'Coût', align: 'right', render: (w) => formatPoints(w.costPoints) },
    { key: 'value', header: 'Valeur', align: 'right', render: (w) => (w.value ? formatMoney(w.value) : '—') },
    { key: 'active', header: 'État', render: (w) => activeChip(w.active) },
    { key: 'actions', header: '', align: 'right', render: (w) => <RowActions name={w.name} canManage={canManage} onEdit={() => setEditing({ part: 'reward', value: w })} onDelete={() => setDeleting({ part: 'reward', id: w.id, name: w.name })} /> },
  ];

  const state = <T,>(q: { isPending: boolean; isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: T[] }) => ({
    rows: q.data,
    loading: q.isPending,
    refreshing: q.isFetching && !q.isPending,
    error: q.isError ? q.error : undefined,
    onRetry: () => void q.refetch(),
  });

  return (
    <PageHeader title={route.title} subtitle="Le programme de fidélité : comment les clients gagnent des points, leurs niveaux et les récompenses à la borne." breadcrumbs={crumbsOf(route)}>
      <ReportCard title="Règles de gain" help="Plusieurs règles actives s'additionnent sur une même commande." bodyPadding={0} actions={addButton('Nouvelle règle', () => setEditing({ part: 'rule', value: null }))}>
        <ReportTable label="Règles de gain" columns={ruleColumns} rowKey={(r) => r.id} emptyText="Aucune règle : les clients ne gagnent pas encore de points." {...state(rules)} />
      </ReportCard>
      <ReportCard title="Niveaux" help="Atteints selon les points cumulés depuis l'inscription." bodyPadding={0} actions={addButton('Nouveau niveau', () => setEditing({ part: 'tier', value: null }))}>
        <ReportTable label="Niveaux" columns={tierColumns} rowKey={(t) => t.id} emptyText="Aucun niveau." {...state(tiers)} />
      </ReportCard>
      <ReportCard title="Récompenses" help="Échangées contre des points à la borne ; elles apparaissent dans Mes Réductions sous « Fidélité : <récompense> »." bodyPadding={0} actions={addButton('Nouvelle récompense', () => setEditing({ part: 'reward', value: null }))}>
        <ReportTable label="Récompenses" columns={rewardColumns} rowKey={(w) => w.id} emptyText="Aucune récompense." {...state(rewards)} />
      </ReportCard>

      <RuleDialog open={editing?.part === 'rule'} value={editing?.part === 'rule' ? editing.value : null} onClose={close} />
      <TierDialog open={editing?.part === 'tier'} value={editing?.part === 'tier' ? editing.value : null} onClose={close} />
      <RewardDialog open={editing?.part === 'reward'} value={editing?.part === 'reward' ? editing.value : null} onClose={close} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? PART_WORDS[deleting.part].title : ''}
        message={deleting ? `Êtes-vous sûr de vouloir supprimer ${PART_WORDS[deleting.part].the} «\u00a0${deleting.name}\u00a0»\u00a0?` : ''}
        warning={deleting?.part === 'rule' ? 'Les points déjà gagnés restent.' : deleting?.part === 'reward' ? 'Les récompenses déjà prises restent dans l’historique.' : undefined}
        confirmLabel="Supprimer"
        tone="error"
        icon={<DeleteOutlineRoundedIcon />}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ part: deleting.part, id: deleting.id })}
      />
    </PageHeader>
  );
}
