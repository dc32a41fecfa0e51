/**
 * « Exporter » → « Excel (.xlsx) » / « CSV »: downloads a report table as the server writes it
 * (GET /api/v1/reports/export?report=…), with the figures the screen shows.
 *
 * Usage — put it in the `actions` of the ReportCard holding the table, with the report's key,
 * the table's name and the same parameters the screen sends to the report's own route:
 *
 *   <ReportCard title="Catégories" actions={
 *     <ExportMenu report="products" table="categories" title="Catégories"
 *       params={{ start, end, restaurantId, currency }} />
 *   } />
 *
 * - `report`: products, sales, discounts, discounted-orders, z, performance, counts, revenue, flash;
 * - `table`: one of the report's tables (see the route's doc in the OpenAPI document, e.g.
 *   products: categories | ranking); left out, the xlsx holds every table (one sheet each) and
 *   the CSV the first one;
 * - `params`: start / end (AAAA-MM-JJ), restaurantId, currency, and the report's own ones
 *   (grain, tz, kind, category); empty values are dropped;
 * - `title` names the table in the button's accessible label (« Exporter Catégories »);
 * - `disabled` while the screen has nothing to export; `size` / `variant` as MUI buttons.
 *
 * ExportButtons (same props) shows the two formats as buttons side by side instead of a menu
 * (the « Données » screen). A new report that does not export yet: add its tables to
 * internal/reports/exports.go first.
 */
import { useId, useState } from 'react';
import { Button, CircularProgress, ListItemIcon, ListItemText, Menu, MenuItem, Stack } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../api/client';
import { saveFile } from '../../tags/queries';
import { downloadReportExport, EXPORT_FORMATS, type ExportFormat, type ExportParams, type ExportReport } from '../exports';

export interface ExportMenuProps {
  report: ExportReport;
  table?: string;
  params: ExportParams;
  /** The table's title, for the accessible label. */
  title?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  variant?: 'text' | 'outlined' | 'contained';
}

/** The French message of a failed export. */
export function exportErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return `Export impossible : ${error.detail}`;
  if (error instanceof ApiError && error.status === 0) return "Export impossible : le serveur est injoignable. Vérifiez votre connexion puis réessayez.";
  return "L'export n'a pas pu être préparé. Réessayez dans un instant.";
}

/** Downloads one export at a time: the format being prepared (busy), and run(format). */
export function useReportExport(report: ExportReport, params: ExportParams, table?: string) {
  const toast = useToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const { blob, fileName } = await downloadReportExport(report, format, params, table);
      saveFile(blob, fileName);
    } catch (error) {
      toast.error(exportErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

export function ExportMenu({ report, table, params, title, disabled, size = 'small', variant = 'outlined' }: ExportMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { busy, run: download } = useReportExport(report, params, table);
  const run = (format: ExportFormat) => {
    setAnchor(null);
    return download(format);
  };

  const label = title ? `Exporter ${title}` : 'Exporter';
  return (
    <>
      <Button
        size={size}
        variant={variant}
        color="inherit"
        disabled={disabled || busy !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={busy ? `${label} : préparation du fichier…` : label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-busy={busy !== null}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FileDownloadOutlinedIcon />}
        sx={{ whiteSpace: 'nowrap', borderColor: 'divider', color: 'text.primary' }}
      >
        {busy ? 'Export…' : 'Exporter'}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {EXPORT_FORMATS.map((f) => (
          <MenuItem key={f.format} onClick={() => void run(f.format)}>
            <ListItemIcon>{f.format === 'xlsx' ? <GridOnOutlinedIcon fontSize="small" /> : <DescriptionOutlinedIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{f.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The two formats as two buttons (« Excel (.xlsx) », « CSV »), each with its own busy state. */
export function ExportButtons({ report, table, params, title, disabled, size = 'small' }: ExportMenuProps) {
  const { busy, run } = useReportExport(report, params, table);
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      {EXPORT_FORMATS.map((f) => (
        <Button
          key={f.format}
          size={size}
          variant={f.format === 'xlsx' ? 'contained' : 'outlined'}
          disableElevation
          disabled={disabled || busy !== null}
          onClick={() => void run(f.format)}
          aria-label={title ? `${f.label} : ${title}` : f.label}
          aria-busy={busy === f.format}
          startIcon={busy === f.format ? <CircularProgress size={16} color="inherit" aria-hidden /> : f.format === 'xlsx' ? <GridOnOutlinedIcon /> : <DescriptionOutlinedIcon />}
          sx={{ whiteSpace: 'nowrap', textTransform: 'none' }}
        >
          {f.label}
        </Button>
      ))}
    </Stack>
  );
}
