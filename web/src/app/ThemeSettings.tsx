import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, GlobalStyles, ThemeProvider } from '@mui/material';
import { createBrigadeTheme, themeColors, type ThemeColor, type ThemeMode } from './theme';
import { storage } from './storage';
import { fontFaces } from './fonts';

export const THEME_KEY = 'brigade.theme';

export interface ThemeSettings {
  color: ThemeColor;
  mode: ThemeMode;
}

export const defaultThemeSettings: ThemeSettings = { color: 'blue', mode: 'light' };

export function readThemeSettings(): ThemeSettings {
  const raw = storage.get(THEME_KEY);
  if (!raw) return defaultThemeSettings;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof ThemeSettings, unknown>>;
    const color = themeColors.find((c) => c === value.color) ?? defaultThemeSettings.color;
    const mode: ThemeMode = value.mode === 'dark' ? 'dark' : 'light';
    return { color, mode };
  } catch {
    return defaultThemeSettings;
  }
}

interface ThemeSettingsContextValue extends ThemeSettings {
  setColor: (color: ThemeColor) => void;
  setMode: (mode: ThemeMode) => void;
  toggleMode: () => void;
}

const ThemeSettingsContext = createContext<ThemeSettingsContextValue | null>(null);

export function ThemeSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<ThemeSettings>(readThemeSettings);

  const update = useCallback((patch: Partial<ThemeSettings>) => {
    setSettings((prev) => {
      const next = { ...prev, ...patch };
      storage.set(THEME_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const value = useMemo<ThemeSettingsContextValue>(
    () => ({
      ...settings,
      setColor: (color) => update({ color }),
      setMode: (mode) => update({ mode }),
      toggleMode: () => update({ mode: settings.mode === 'dark' ? 'light' : 'dark' }),
    }),
    [settings, update],
  );
  const theme = useMemo(() => createBrigadeTheme(settings.color, settings.mode), [settings]);

  return (
    <ThemeSettingsContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <GlobalStyles styles={fontFaces} />
        {children}
      </ThemeProvider>
    </ThemeSettingsContext.Provider>
  );
}

export function useThemeSettings(): ThemeSettingsContextValue {
  const value = useContext(ThemeSettingsContext);
  if (!value) throw new Error('useThemeSettings outside ThemeSettingsProvider');
  return value;
}
