import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material/styles';
import { renderWithProviders } from '../test/render';
import { ModeSwitch, PaletteMenu } from './shell/PaletteMenu';
import { THEME_KEY, readThemeSettings } from './ThemeSettings';
import { createBrigadeTheme, HEADER_HEIGHT, swatches, themeColors } from './theme';

function Probe() {
  const theme = useTheme();
  return <output data-testid="theme">{`${theme.palette.mode} ${theme.palette.primary.main}`}</output>;
}

describe('theme', () => {
  it('has six colours in light and dark, and a 70 px header', () => {
    expect(themeColors).toEqual(['blue', 'green', 'purple', 'indigo', 'red', 'black']);
    expect(HEADER_HEIGHT).toBe(70);
    for (const color of themeColors) {
      expect(createBrigadeTheme(color, 'light').palette.primary.main).toBe(swatches[color].light);
      expect(createBrigadeTheme(color, 'dark').palette.mode).toBe('dark');
    }
  });

  it('remembers the chosen colour and mode in localStorage', async () => {
    const { unmount } = renderWithProviders(
      <>
        <PaletteMenu />
        <ModeSwitch />
        <Probe />
      </>,
    );
    expect(screen.getByTestId('theme').textContent).toBe(`light ${swatches.blue.light}`);

    await userEvent.click(screen.getByRole('button', { name: 'Apparence' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Violet' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Passer en mode sombre' }));
    expect(screen.getByTestId('theme').textContent).toBe(`dark ${swatches.purple.dark}`);
    expect(JSON.parse(window.localStorage.getItem(THEME_KEY) ?? '{}')).toEqual({ color: 'purple', mode: 'dark' });
    unmount();

    // A new page load starts from what was stored.
    renderWithProviders(<Probe />);
    expect(screen.getByTestId('theme').textContent).toBe(`dark ${swatches.purple.dark}`);
  });

  it('falls back to the default on unreadable storage', () => {
    window.localStorage.setItem(THEME_KEY, '{not json');
    expect(readThemeSettings()).toEqual({ color: 'blue', mode: 'light' });
    window.localStorage.setItem(THEME_KEY, JSON.stringify({ color: 'pink', mode: 'dark' }));
    expect(readThemeSettings()).toEqual({ color: 'blue', mode: 'dark' });
  });
});
