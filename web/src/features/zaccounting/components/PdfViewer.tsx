import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { errorText } from '../../reports/components/states';
import { downloadZPdf, type ZDayParams } from '../queries';

export const PDF_FRAME_TITLE = 'Aperçu du Z du jour (PDF)';
export const PRINT_LABEL = 'Imprimer le Z';
export const DOWNLOAD_PDF_LABEL = 'Télécharger le PDF';

/** The Z's PDF as a query: fetched with the token, shown through an object URL. */
export const zPdfQuery = (p: ZDayParams) => ({
  queryKey: ['accounting', 'zpdf', p] as const,
  queryFn: () => downloadZPdf(p),
  staleTime: 60_000,
});

/** An object URL for a blob, revoked when the blob changes or the viewer goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

export interface PdfViewerProps {
  params: ZDayParams;
  height?: number | string;
  /** Open the print dialog as soon as the PDF is shown (« Imprimer le Z » from the table). */
  autoPrint?: boolean;
  onPrinted?: () => void;
}

/**
 * The Z of the day's PDF embedded in the page (the browser's PDF viewer in an <iframe>), with
 * « Imprimer le Z » (the frame's print dialog) and « Télécharger le PDF » (a link to the same
 * object URL, named as the server names the file).
 */
export function PdfViewer({ params, height = 'min(78vh, 1000px)', autoPrint = false, onPrinted }: PdfViewerProps) {
  const pdf = useQuery(zPdfQuery(params));
  const url = useObjectUrl(pdf.data?.blob);
  const frame = useRef<HTMLIFrameElement>(null);
  const print = () => {
    const w = frame.current?.contentWindow;
    if (!w) return;
    try {
      w.focus();
      w.print();
    } catch {
      if (url) window.open(url, '_blank', 'noopener');
    }
  };
  if (pdf.isError) {
    return <ErrorBlock message={errorText(pdf.error)} onRetry={() => void pdf.refetch()} />;
  }
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={print} disabled={!url}>
          {PRINT_LABEL}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          component="a"
          href={url}
          download={pdf.data?.fileName}
          disabled={!url}
        >
          {DOWNLOAD_PDF_LABEL}
        </Button>
        {pdf.data && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {pdf.data.fileName} · {Math.max(1, Math.round(pdf.data.blob.size / 1024))} Ko
          </Typography>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ overflow: 'hidden', bgcolor: 'grey.100', height }}>
        {url ? (
          <Box
            component="iframe"
            ref={frame}
            title={PDF_FRAME_TITLE}
            src={url}
            onLoad={() => {
              if (!autoPrint) return;
              onPrinted?.();
              // The browser's PDF viewer needs a moment after load before it can print.
              setTimeout(print, 400);
            }}
            sx={{ border: 0, width: '100%', height: '100%', display: 'block' }}
          />
        ) : (
          <Box sx={{ p: 3, height: '100%' }} aria-busy="true" aria-label="Préparation du PDF">
            <Skeleton variant="rectangular" sx={{ mx: 'auto', maxWidth: 560, height: '100%', borderRadius: 1 }} />
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
