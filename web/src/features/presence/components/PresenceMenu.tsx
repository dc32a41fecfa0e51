import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import {
  Avatar,
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  ListSubheader,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { useSession } from '../../../app/session';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { absoluteTime, pageTitle, PRESENCE_TITLE, presenceRoleLabel, relativeTime } from '../format';
import { PRESENCE_PATH, presenceListQuery } from '../queries';
import type { PresenceEntry } from '../types';
import { useNow } from '../useNow';
import { colleagues, initials } from '../view';

/** How many recently seen colleagues the popover shows (the page shows them all). */
const RECENT_LIMIT = 8;

export const NOBODY_ONLINE_TEXT = 'Aucun collègue en ligne pour le moment.';

/** 'Qui est en ligne' in the header: the franchise admin only (the list is theirs alone). */
export function PresenceMenu() {
  const session = useSession();
  if (session?.roles !== 'admin') return null;
  return <AdminPresenceMenu selfId={session.id} />;
}

function AdminPresenceMenu({ selfId }: { selfId: number }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const presence = useQuery(presenceListQuery());
  const now = useNow();
  const others = colleagues(presence.data ?? [], selfId);
  const online = others.filter((e) => e.online);
  const recent = others.filter((e) => !e.online).slice(0, RECENT_LIMIT);
  const count = online.length;
  const label = count > 0 ? `${PRESENCE_TITLE} (${count} en ligne)` : PRESENCE_TITLE;

  return (
    <>
      <Tooltip title={PRESENCE_TITLE}>
        <IconButton aria-label={label} aria-haspopup="dialog" onClick={(e) => setAnchor(e.currentTarget)}>
          {count > 0 ? (
            <Badge
              badgeContent={count}
              color="success"
              max={99}
              sx={{ '& .MuiBadge-badge': { fontSize: 10, height: 16, minWidth: 16, px: 0.5 } }}
            >
              <PeopleAltOutlinedIcon />
            </Badge>
          ) : (
            <PeopleAltOutlinedIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, width: 360, maxWidth: 'calc(100vw - 32px)' }, role: 'dialog', 'aria-label': PRESENCE_TITLE } }}
      >
        <Box sx={{ px: 2, pt: 2, pb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {PRESENCE_TITLE}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {count === 0 ? 'Personne d’autre en ligne' : count === 1 ? '1 collègue en ligne' : `${count} collègues en ligne`}
          </Typography>
        </Box>
        <Divider />
        <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {presence.isPending ? (
            <Box role="status" aria-label="Chargement" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress size={24} />
            </Box>
          ) : presence.isError ? (
            <Box sx={{ p: 2 }}>
              <ErrorBlock onRetry={() => void presence.refetch()} retrying={presence.isFetching} />
            </Box>
          ) : online.length === 0 && recent.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 3, textAlign: 'center' }}>
              {NOBODY_ONLINE_TEXT}
            </Typography>
          ) : (
            <List dense aria-label="Collègues" sx={{ py: 0 }}>
              {online.length > 0 && <ListSubheader sx={{ lineHeight: '36px' }}>En ligne</ListSubheader>}
              {online.map((entry) => (
                <PresenceRow key={entry.userId} entry={entry} now={now} />
              ))}
              {recent.length > 0 && <ListSubheader sx={{ lineHeight: '36px' }}>Vus récemment</ListSubheader>}
              {recent.map((entry) => (
                <PresenceRow key={entry.userId} entry={entry} now={now} />
              ))}
            </List>
          )}
        </Box>
        <Divider />
        <Box sx={{ p: 1, display: 'flex', justifyContent: 'flex-end' }}>
          <Button size="small" component={RouterLink} to={PRESENCE_PATH} onClick={() => setAnchor(null)}>
            Tout voir
          </Button>
        </Box>
      </Popover>
    </>
  );
}

function PresenceRow({ entry, now }: { entry: PresenceEntry; now: number }) {
  const status = entry.online ? 'En ligne' : 'Hors ligne';
  return (
    <ListItem
      data-testid="presence-row"
      data-online={entry.online}
      secondaryAction={
        <Tooltip title={absoluteTime(entry.lastActive)}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {relativeTime(entry.lastActive, now)}
          </Typography>
        </Tooltip>
      }
      sx={{ opacity: entry.online ? 1 : 0.55, pr: 12 }}
    >
      <ListItemAvatar sx={{ minWidth: 48 }}>
        <Badge
          overlap="circular"
          variant="dot"
          color={entry.online ? 'success' : 'default'}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          aria-label={status}
          sx={{ '& .MuiBadge-dot': { border: 2, borderColor: 'background.paper', width: 12, height: 12, borderRadius: '50%', bgcolor: entry.online ? undefined : 'grey.400' } }}
        >
          <Avatar aria-hidden sx={{ width: 34, height: 34, fontSize: '0.75rem', fontWeight: 700 }}>{initials(entry.userName)}</Avatar>
        </Badge>
      </ListItemAvatar>
      <ListItemText
        primary={entry.userName}
        secondary={`${presenceRoleLabel(entry.role)} · ${pageTitle(entry.page)}`}
        slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
      />
    </ListItem>
  );
}
