import { Link as RouterLink } from 'react-router';
import { Button, Card } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { ApiError, errorMessage } from '../../../api/client';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { ESTABLISHMENTS_PATH } from '../paths';

/** A restaurant that does not exist (or belongs to someone else: same 404), or failed to load. */
export function RestaurantMissing({ error, onRetry, retrying, showList }: { error: unknown; onRetry: () => void; retrying: boolean; showList: boolean }) {
  if (error === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <Card>
        <EmptyState
          icon={<StorefrontOutlinedIcon />}
          title="Restaurant introuvable"
          message="Ce restaurant n'existe pas ou ne fait pas partie de votre franchise."
          action={
            showList ? (
              <Button component={RouterLink} to={ESTABLISHMENTS_PATH} variant="outlined">
                Retour à mes établissements
              </Button>
            ) : undefined
          }
        />
      </Card>
    );
  }
  return <ErrorBlock message={errorMessage(error)} onRetry={onRetry} retrying={retrying} />;
}
