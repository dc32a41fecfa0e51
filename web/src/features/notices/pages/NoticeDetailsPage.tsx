import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { ApiError } from '../../../api/client';
import { homePath, useSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { noticeDate, paragraphs, safeUrl } from '../format';
import { openNoticeQuery } from '../queries';
import { NOTICE_NOT_FOUND_TEXT, NOTICES_LABEL } from '../texts';

/** Reads the `id` route parameter: a positive whole number, or null. */
function noticeId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /config/NotificationDetails/:id — one notice; opening it marks it read. */
export function NoticeDetailsPage() {
  const id = noticeId(useParams().id);
  const session = useSession();
  const home = homePath(session);
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const notice = useQuery({ ...openNoticeQuery(client, id ?? 0), enabled: id !== null });

  // Back where the user came from; home when the page was opened directly.
  const back = () => void (location.key !== 'default' ? navigate(-1) : navigate(home));
  const backButton = (
    <Button variant="outlined" color="inherit" startIcon={<ArrowBackRoundedIcon />} onClick={back}>
      Retour
    </Button>
  );
  const notFound = id === null || (notice.error instanceof ApiError && notice.error.status === 404);
  const title = notice.data?.title ?? NOTICES_LABEL;
  const link = notice.data ? safeUrl(notice.data.contentUrl) : null;

  return (
    <PageHeader
      title={title}
      breadcrumbs={[{ label: 'Accueil', to: home }, { label: NOTICES_LABEL }, ...(notice.data ? [{ label: notice.data.title }] : [])]}
      actions={backButton}
    >
      <Card variant="outlined">
        {notFound ? (
          <EmptyState
            title="Nouveauté introuvable"
            message={NOTICE_NOT_FOUND_TEXT}
            action={
              <Button variant="contained" component={RouterLink} to={home}>
                Retour à l’accueil
              </Button>
            }
          />
        ) : notice.isPending ? (
          <LoadingPanel />
        ) : notice.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorBlock onRetry={() => void notice.refetch()} retrying={notice.isFetching} />
          </Box>
        ) : (
          <CardContent component="article" sx={{ p: { xs: 2.5, md: 4 }, maxWidth: 820 }}>
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
              Publiée {noticeDate(notice.data.date)}
            </Typography>
            {notice.data.shortDescription && (
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 2 }}>
                {notice.data.shortDescription}
              </Typography>
            )}
            <Stack spacing={2} data-testid="notice-content">
              {paragraphs(notice.data.content).map((text, i) => (
                <Typography key={i} variant="body1" sx={{ whiteSpace: 'pre-line' }}>
                  {text}
                </Typography>
              ))}
            </Stack>
            {link && (
              <Box sx={{ mt: 3 }}>
                <Link href={link} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
                  En savoir plus
                  <OpenInNewRoundedIcon sx={{ fontSize: 16 }} aria-hidden />
                </Link>
              </Box>
            )}
          </CardContent>
        )}
      </Card>
    </PageHeader>
  );
}
