import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  Badge,
  Box,
  Button,
  ClickAwayListener,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItemButton,
  Paper,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { noticeDate } from '../format';
import { noticeDomain, noticeFeedQuery, noticePath, useTooltipSeen } from '../queries';
import type { Notice } from '../types';
import { FIRST_VIEW_TEXT, NO_NOTICE_TEXT, NOTICES_LABEL } from '../texts';


const CALLOUT_MS = 10_000;

/** The header's bell: unread count, the feed in a popover, and the first-view callout (shown once). */
export function NoticesBell() {
  const domain = noticeDomain();
  const feed = useQuery(noticeFeedQuery(domain));
  const seen = useTooltipSeen(domain);
  const navigate = useNavigate();
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const [calloutClosed, setCalloutClosed] = useState(false);
  const toldServer = useRef(false);

  const items = feed.data?.items ?? [];
  const unread = feed.data?.unread ?? 0;
  const callout = !calloutClosed && !open && feed.data?.tooltipSeen === false && items.length > 0;
  const label = unread > 0 ? `${NOTICES_LABEL} (${unread} non ${unread > 1 ? 'lues' : 'lue'})` : NOTICES_LABEL;

  const closeCallout = () => {
    setCalloutClosed(true);
    if (toldServer.current) return;
    toldServer.current = true;
    seen.mutate();
  };

  // The callout never stands in the way: it leaves on its own after a while, or at the first click
  // elsewhere, and either way counts as seen.
  useEffect(() => {
    if (!callout) return;
    const timer = window.setTimeout(closeCallout, CALLOUT_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one countdown per showing
  }, [callout]);

  const openFeed = () => {
    // Opening the bell answers the callout too.
    if (callout) closeCallout();
    setOpen(true);
  };

  const show = (notice: Notice) => {
    setOpen(false);
    void navigate(noticePath(notice.id));
  };

  const icon = unread > 0 ? <NotificationsActiveOutlinedIcon /> : <NotificationsNoneOutlinedIcon />;

  return (
    <>
      {callout && (
        // In the header's own row, beside the bell: it never floats over a page's filters or subtitle.
        <ClickAwayListener onClickAway={closeCallout}>
          <Paper
            role="dialog"
            aria-label="Découvrez les nouveautés"
            elevation={0}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              minWidth: 0,
              flexShrink: 1,
              maxWidth: { xs: 200, sm: 300, lg: 520 },
              height: 40,
              pl: 1.5,
              pr: 0.5,
              borderRadius: 999,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            <NewReleasesOutlinedIcon fontSize="small" sx={{ flexShrink: 0 }} />
            <Typography variant="body2" noWrap title={FIRST_VIEW_TEXT} sx={{ fontWeight: 500, minWidth: 0 }}>
              {FIRST_VIEW_TEXT}
            </Typography>
            <Button
              size="small"
              color="inherit"
              onClick={closeCallout}
              sx={{ flexShrink: 0, minWidth: 0, px: 1.25, borderRadius: 999, fontWeight: 600, bgcolor: 'rgba(255,255,255,0.16)' }}
            >
              Compris
            </Button>
          </Paper>
        </ClickAwayListener>
      )}

      <Tooltip title={callout ? '' : NOTICES_LABEL}>
        <IconButton ref={setButton} aria-label={label} aria-haspopup="dialog" onClick={openFeed}>
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={99} data-testid="notices-badge">
              {icon}
            </Badge>
          ) : (
            icon
          )}
        </IconButton>
      </Tooltip>

      <Popover
        open={open}
        anchorEl={button}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, width: 380, maxWidth: 'calc(100vw - 32px)' }, role: 'dialog', 'aria-label': NOTICES_LABEL } }}
      >
        <Stack direction="row" sx={{ px: 2, pt: 2, pb: 1.5, alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {NOTICES_LABEL}
          </Typography>
          {unread > 0 && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {unread} non {unread > 1 ? 'lues' : 'lue'}
            </Typography>
          )}
        </Stack>
        <Divider />
        <Box sx={{ maxHeight: 440, overflowY: 'auto' }}>
          {feed.isPending ? (
            <Box role="status" aria-label="Chargement" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress size={24} />
            </Box>
          ) : feed.isError ? (
            <Box sx={{ p: 2 }}>
              <ErrorBlock onRetry={() => void feed.refetch()} retrying={feed.isFetching} />
            </Box>
          ) : items.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 3, textAlign: 'center' }}>
              {NO_NOTICE_TEXT}
            </Typography>
          ) : (
            <List aria-label="Liste des nouveautés" sx={{ py: 0 }}>
              {items.map((notice) => (
                <NoticeRow key={notice.id} notice={notice} onOpen={show} />
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}

function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  return (
    <ListItemButton
      onClick={() => onOpen(notice)}
      data-testid="notice-row"
      data-read={notice.read}
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box
        role="img"
        aria-label={notice.read ? 'Lue' : 'Non lue'}
        sx={{
          mt: 0.75,
          width: 8,
          height: 8,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: notice.read ? 'transparent' : 'primary.main',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: notice.read ? 500 : 700 }}>
          {notice.title}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {noticeDate(notice.date)}
        </Typography>
        {notice.shortDescription && (
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              mt: 0.5,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {notice.shortDescription}
          </Typography>
        )}
      </Box>
    </ListItemButton>
  );
}
