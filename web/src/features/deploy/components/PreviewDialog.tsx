import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import AddCircleOutlineRoundedIcon from '@mui/icons-material/AddCircleOutlineRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import EuroRoundedIcon from '@mui/icons-material/EuroRounded';
import ReportGmailerrorredRoundedIcon from '@mui/icons-material/ReportGmailerrorredRounded';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { errorMessage } from '../../../api/client';
import { previewQuery, type DeployPreview, type DroppedItem, type MenuChange } from '../queries';
import { plural } from '../format';

const kindLabel = (kind: string) => (kind === 'product' ? 'Produit' : kind === 'option' ? 'Option' : kind);

interface Props {
  restaurantIds: number[] | null;
  onClose: () => void;
  /** Deploys the previewed restaurants; undefined hides the button (e.g. a deployment is running). */
  onDeploy?: () => void;
}

/** What a deployment would change for each selected restaurant, against what its kiosks have now. */
export function PreviewDialog({ restaurantIds, onClose, onDeploy }: Props) {
  const open = restaurantIds !== null && restaurantIds.length > 0;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="preview-title" scroll="paper">
      <DialogTitle id="preview-title">
        Aperçu du déploiement
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Ce que chaque borne recevrait, comparé à la carte déployée aujourd’hui. Rien n’est enregistré.
        </Typography>
      </DialogTitle>
      <DialogContent dividers>{open && <PreviewBody restaurantIds={restaurantIds} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer</Button>
        {onDeploy && (
          <Button variant="contained" startIcon={<RocketLaunchOutlinedIcon />} onClick={onDeploy}>
            Déployer {restaurantIds && restaurantIds.length > 1 ? `ces ${restaurantIds.length} restaurants` : 'ce restaurant'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function PreviewBody({ restaurantIds }: { restaurantIds: number[] }) {
  const preview = useQuery(previewQuery(restaurantIds));
  if (preview.isPending) return <LoadingPanel text="Calcul de l’aperçu..." />;
  if (preview.isError) return <ErrorBlock message={errorMessage(preview.error)} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />;
  const list = [...preview.data].sort((a, b) => Number(a.upToDate) - Number(b.upToDate) || a.nom.localeCompare(b.nom, 'fr'));
  const changed = list.filter((p) => !p.upToDate).length;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {changed === 0
          ? 'Toutes les bornes ont déjà cette carte : un déploiement ne changerait rien.'
          : `${plural(changed, 'restaurant')} sur ${list.length} recevrai${changed > 1 ? 'ent' : 't'} une nouvelle carte.`}
      </Typography>
      {list.map((p, i) => (
        <RestaurantPreview key={p.id} preview={p} defaultExpanded={i === 0 || list.length <= 3} />
      ))}
    </Stack>
  );
}

function RestaurantPreview({ preview: p, defaultExpanded }: { preview: DeployPreview; defaultExpanded: boolean }) {
  const [expanded, setExpanded] = useState(defaultExpanded && !p.upToDate);
  const added = p.added ?? [];
  const removed = p.removed ?? [];
  const repriced = p.repriced ?? [];
  const dropped = p.dropped ?? [];
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, v) => setExpanded(v)}
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 2, '&:before': { display: 'none' } }}
      slotProps={{ heading: { component: 'h3' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />} aria-label={`Aperçu de ${p.nom}`}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, width: '100%', pr: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{p.nom}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {p.version > 0 ? `Version ${p.version} en service` : 'Jamais déployé'} · {plural(p.products, 'produit')} après déploiement
            </Typography>
          </Box>
          {p.upToDate ? (
            <Chip size="small" color="success" label="À jour" />
          ) : (
            <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              <Counter n={added.length} label="ajouté" color="success" />
              <Counter n={removed.length} label="retiré" color="error" />
              <Counter n={repriced.length} label="prix modifié" plural="prix modifiés" color="info" />
              <Counter n={dropped.length} label="écarté" color="warning" />
            </Stack>
          )}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {p.upToDate && dropped.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Ses bornes ont déjà exactement cette carte.
          </Typography>
        ) : added.length + removed.length + repriced.length + dropped.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Aucun produit ni prix ne change ; la carte sera régénérée (dates, ordre ou réglages).
          </Typography>
        ) : (
          <Grid container spacing={2}>
            <ChangeList title="Ajoutés" icon={<AddCircleOutlineRoundedIcon />} color="success" items={added} />
            <ChangeList title="Retirés" icon={<RemoveCircleOutlineRoundedIcon />} color="error" items={removed} />
            <ChangeList title="Prix modifiés" icon={<EuroRoundedIcon />} color="info" items={repriced} />
            <DroppedList items={dropped} />
          </Grid>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

type Tone = 'success' | 'error' | 'info' | 'warning';

function Counter({ n, label, plural: many, color }: { n: number; label: string; plural?: string; color: Tone }) {
  if (n === 0) return null;
  return <Chip size="small" variant="outlined" color={color} label={plural(n, label, many)} />;
}

function Section({ title, icon, color, count, children }: { title: string; icon: ReactNode; color: Tone; count: number; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Box
        role="region"
        aria-label={title}
        sx={(theme) => ({ border: 1, borderColor: alpha(theme.palette[color].main, 0.35), borderRadius: 2, overflow: 'hidden', height: '100%' })}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={(theme) => ({ alignItems: 'center', px: 1.5, py: 1, bgcolor: alpha(theme.palette[color].main, 0.08), color: `${color}.main`, '& svg': { fontSize: 18 } })}
        >
          {icon}
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          <Typography variant="caption" sx={{ fontWeight: 700 }}>
            {count}
          </Typography>
        </Stack>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 220, overflowY: 'auto' }}>
          {children}
        </Box>
      </Box>
    </Grid>
  );
}

function Row({ kind, name, detail }: { kind: string; name: string; detail?: string }) {
  return (
    <Box component="li" sx={{ px: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', minWidth: 48 }}>
          {kindLabel(kind)}
        </Typography>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          {detail && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {detail}
            </Typography>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

function Empty() {
  return (
    <Box component="li" sx={{ px: 1.5, py: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.disabled' }}>
        Aucun
      </Typography>
    </Box>
  );
}

function ChangeList({ title, icon, color, items }: { title: string; icon: ReactNode; color: Tone; items: MenuChange[] }) {
  return (
    <Section title={title} icon={icon} color={color} count={items.length}>
      {items.length === 0 ? <Empty /> : items.map((c, i) => <Row key={`${c.kind}-${c.name}-${i}`} kind={c.kind} name={c.name} detail={c.detail} />)}
    </Section>
  );
}

function DroppedList({ items }: { items: DroppedItem[] }) {
  return (
    <Section title="Écartés à la génération" icon={<ReportGmailerrorredRoundedIcon />} color="warning" count={items.length}>
      {items.length === 0 ? <Empty /> : items.map((d, i) => <Row key={`${d.kind}-${d.name}-${i}`} kind={d.kind} name={d.name} detail={d.reason} />)}
    </Section>
  );
}
