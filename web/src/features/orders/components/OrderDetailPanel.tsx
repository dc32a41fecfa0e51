import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import TouchAppOutlinedIcon from '@mui/icons-material/TouchAppOutlined';
import { errorMessage } from '../../../api/client';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { useToast } from '../../../components/Toast';
import { restaurantsQuery } from '../../restaurants/queries';
import { useFranchiseCurrency } from '../../reports/components/useCurrency';
import { DETAIL_TITLE, NO_SELECTION_TEXT, type OrderOut } from '../format';
import { downloadTicket, saveFile, ticketFileName } from '../queries';
import { OrderHistory } from './OrderHistory';
import { OrderTicket } from './OrderTicket';
import { printTicket } from '../print';

export const PDF_LABEL = 'Télécharger le PDF';
export const PRINT_LABEL = 'Imprimer';
export const PDF_ERROR_TEXT = "Le PDF du ticket n'a pas pu être téléchargé. Veuillez réessayer.";

export interface OrderDetailPanelProps {
  detail: OrderOut | undefined;
  /** Nothing chosen yet. */
  idle?: boolean;
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  /** Message shown instead of the server's for a missing order. */
  notFoundText?: string;
}

/** 'Détails de la commande': the ticket of the chosen order, with PDF and print. */
export function OrderDetailPanel({ detail, idle, loading, error, onRetry, notFoundText }: OrderDetailPanelProps) {
  const restaurants = useQuery(restaurantsQuery());
  const restaurant = detail ? restaurants.data?.find((r) => r.siret === detail.siret) : undefined;
  const franchiseCurrency = useFranchiseCurrency();
  // Every amount of the order is in the currency it states (its restaurant's).
  const currency = detail?.currency || restaurant?.currency || franchiseCurrency;
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const ticketRef = useRef<HTMLDivElement>(null);

  const print = () => {
    const node = ticketRef.current?.querySelector<HTMLElement>('.order-ticket');
    if (node && detail) printTicket(node, `Ticket ${detail.order.order_id}`);
  };

  const download = async () => {
    if (!detail) return;
    setDownloading(true);
    try {
      saveFile(await downloadTicket(detail.id), ticketFileName(detail.order.order_id));
    } catch (e) {
      console.error('ticket PDF', e);
      toast.error(errorMessage(e) === 'Une erreur est survenue' ? PDF_ERROR_TEXT : errorMessage(e));
    } finally {
      setDownloading(false);
    }
  };

  const status = error && typeof error === 'object' && 'status' in error ? (error as { status: number }).status : 0;

  return (
    <Card component="section" aria-labelledby="order-detail-title" sx={{ minWidth: 0 }}>
      <Stack
        direction="row"
        sx={{ px: 2, py: 1.5, alignItems: 'center', justifyContent: 'space-between', gap: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
      >
        <Typography id="order-detail-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {DETAIL_TITLE}
        </Typography>
        {detail && (
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" startIcon={<PictureAsPdfOutlinedIcon />} onClick={() => void download()} loading={downloading}>
              {PDF_LABEL}
            </Button>
            <Button size="small" variant="outlined" color="inherit" startIcon={<PrintOutlinedIcon />} onClick={print}>
              {PRINT_LABEL}
            </Button>
          </Stack>
        )}
      </Stack>
      <Box sx={{ p: 2 }} ref={ticketRef}>
        {idle ? (
          <EmptyState message={NO_SELECTION_TEXT} icon={<TouchAppOutlinedIcon />} minHeight={320} />
        ) : loading ? (
          <LoadingPanel minHeight={320} />
        ) : error ? (
          <ErrorBlock message={status === 404 && notFoundText ? notFoundText : errorMessage(error)} onRetry={status === 404 ? undefined : onRetry} />
        ) : detail ? (
          <>
            <OrderTicket detail={detail} currency={currency} timeZone={restaurant?.timeZone} />
            <OrderHistory detail={detail} currency={currency} timeZone={restaurant?.timeZone} />
          </>
        ) : null}
      </Box>
    </Card>
  );
}
