import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { LightTextField } from './LightTextField';

describe('LightTextField', () => {
  it('names its input with its label', () => {
    renderWithProviders(<LightTextField label="Identifiant" autoComplete="username" />);
    const input = screen.getByLabelText('Identifiant');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('autocomplete')).toBe('username');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('marks the input invalid and describes it with the error text', () => {
    renderWithProviders(<LightTextField label="Identifiant" error helperText="Veuillez saisir votre identifiant." />);
    const input = screen.getByLabelText('Identifiant');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { description: 'Veuillez saisir votre identifiant.' })).toBe(input);
    expect(screen.getByText('Veuillez saisir votre identifiant.').className).toContain('Mui-error');
  });
});
