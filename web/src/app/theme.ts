import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { frFR } from '@mui/material/locale';

export const HEADER_HEIGHT = 70;
export const DRAWER_WIDTH = 272;

export const themeColors = ['blue', 'green', 'purple', 'indigo', 'red', 'black'] as const;
export type ThemeColor = (typeof themeColors)[number];
export type ThemeMode = 'light' | 'dark';

interface Swatch {
  label: string;
  light: string;
  dark: string;
}

export const swatches: Record<ThemeColor, Swatch> = {
  blue: { label: 'Bleu', light: '#2563eb', dark: '#60a5fa' },
  green: { label: 'Vert', light: '#059669', dark: '#34d399' },
  purple: { label: 'Violet', light: '#7c3aed', dark: '#a78bfa' },
  indigo: { label: 'Indigo', light: '#4f46e5', dark: '#818cf8' },
  red: { label: 'Rouge', light: '#dc2626', dark: '#f87171' },
  black: { label: 'Noir', light: '#18181b', dark: '#e4e4e7' },
};

const fontFamily = [
  '"Inter Variable"',
  'Inter',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export function createBrigadeTheme(color: ThemeColor, mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  const primary = swatches[color][mode];
  const text = dark
    ? { primary: '#e7e9ee', secondary: '#9aa3b2', disabled: '#5d6472' }
    : { primary: '#0f172a', secondary: '#5b6475', disabled: '#a3a9b5' };
  const divider = dark ? 'rgba(255,255,255,0.08)' : 'rgba(15,23,42,0.08)';

  const base = createTheme({
    palette: {
      mode,
      primary: {
        main: primary,
        contrastText: color === 'black' && dark ? '#0b0d12' : '#ffffff',
      },
      secondary: { main: dark ? '#94a3b8' : '#475569' },
      success: { main: dark ? '#34d399' : '#059669' },
      warning: { main: dark ? '#fbbf24' : '#d97706' },
      error: { main: dark ? '#f87171' : '#dc2626' },
      info: { main: dark ? '#60a5fa' : '#2563eb' },
      background: dark ? { default: '#0b0d12', paper: '#12151c' } : { default: '#f5f6f8', paper: '#ffffff' },
      text,
      divider,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      fontSize: 14,
      h1: { fontWeight: 700, letterSpacing: '-0.03em' },
      h2: { fontWeight: 700, letterSpacing: '-0.03em' },
      h3: { fontWeight: 700, letterSpacing: '-0.02em' },
      h4: { fontWeight: 700, fontSize: '1.625rem', letterSpacing: '-0.02em' },
      h5: { fontWeight: 650, fontSize: '1.25rem', letterSpacing: '-0.015em' },
      h6: { fontWeight: 600, fontSize: '1.0625rem', letterSpacing: '-0.01em' },
      subtitle1: { fontWeight: 500 },
      subtitle2: { fontWeight: 600 },
      overline: { fontWeight: 600, letterSpacing: '0.08em', fontSize: '0.6875rem' },
      button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
    },
  });

  const outline = `1px solid ${divider}`;
  return createTheme(base, {
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: {
            WebkitFontSmoothing: 'antialiased',
            MozOsxFontSmoothing: 'grayscale',
            fontFeatureSettings: '"cv11", "ss01"',
          },
          '::selection': { backgroundColor: alpha(primary, 0.22) },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 8, paddingInline: 14 },
          sizeLarge: { paddingBlock: 10, fontSize: '0.9375rem' },
          outlined: { borderColor: dark ? 'rgba(255,255,255,0.16)' : 'rgba(15,23,42,0.16)' },
        },
      },
      MuiIconButton: { styleOverrides: { root: { borderRadius: 8 } } },
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: {
          root: {
            borderRadius: 14,
            border: outline,
            boxShadow: dark ? 'none' : '0 1px 2px rgba(15,23,42,0.04)',
          },
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: { root: { borderBottom: outline } },
      },
      MuiDrawer: {
        styleOverrides: { paper: { borderRight: outline, backgroundImage: 'none' } },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          root: { borderRadius: 8, backgroundColor: dark ? 'rgba(255,255,255,0.02)' : '#ffffff' },
          notchedOutline: { borderColor: dark ? 'rgba(255,255,255,0.14)' : 'rgba(15,23,42,0.14)' },
        },
      },
      MuiListItemButton: { styleOverrides: { root: { borderRadius: 8 } } },
      MuiListItemIcon: { styleOverrides: { root: { minWidth: 36, color: 'inherit' } } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 44 } } },
      MuiTabs: { styleOverrides: { root: { minHeight: 44 } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 650, fontSize: '1.125rem' } } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 10, alignItems: 'center' } } },
      MuiChip: { styleOverrides: { root: { fontWeight: 600, borderRadius: 8 } } },
      MuiTooltip: {
        defaultProps: { arrow: true },
        styleOverrides: {
          tooltip: {
            fontSize: '0.75rem',
            fontWeight: 500,
            borderRadius: 6,
            backgroundColor: dark ? '#e7e9ee' : '#0f172a',
            color: dark ? '#0f172a' : '#ffffff',
          },
          arrow: { color: dark ? '#e7e9ee' : '#0f172a' },
        },
      },
      MuiMenu: {
        styleOverrides: {
          paper: {
            border: outline,
            boxShadow: dark ? '0 12px 32px rgba(0,0,0,0.5)' : '0 12px 32px rgba(15,23,42,0.12)',
          },
        },
      },
      MuiPopover: {
        styleOverrides: {
          paper: {
            border: outline,
            boxShadow: dark ? '0 12px 32px rgba(0,0,0,0.5)' : '0 12px 32px rgba(15,23,42,0.12)',
          },
        },
      },
      MuiSwitch: {
        styleOverrides: {
          root: { padding: 8 },
          track: { borderRadius: 11 },
          thumb: { boxShadow: 'none' },
        },
      },
      MuiTableCell: {
        styleOverrides: {
          root: { borderBottom: outline },
          head: { fontWeight: 600, color: text.secondary, fontSize: '0.75rem', textTransform: 'uppercase', letterSpacing: '0.04em' },
        },
      },
      MuiBreadcrumbs: { styleOverrides: { li: { fontSize: '0.8125rem' } } },
      // A narrow card wraps its pager onto a second line, right-aligned, rather than cutting it.
      MuiTablePagination: {
        styleOverrides: {
          toolbar: { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 4, paddingLeft: 12, paddingRight: 4 },
          spacer: { flex: '1 1 0' },
          input: { marginRight: 16 },
          actions: { marginLeft: 8 },
        },
      },
    },
    // MUI's built-in texts (pagers' labels, close buttons…) in French.
  }, frFR);
}
