import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { SearchBar } from './SearchBar';

describe('SearchBar', () => {
  it("names what is searched in its placeholder: 'Rechercher {thing}...'", () => {
    renderWithProviders(<SearchBar thing="un produit" />);
    expect(screen.getByPlaceholderText('Rechercher un produit...')).toBeTruthy();
  });

  it('filters as the user types', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SearchBar thing="un produit" onChange={onChange} />);
    await userEvent.type(screen.getByPlaceholderText('Rechercher un produit...'), 'bur');
    expect(onChange).toHaveBeenLastCalledWith('bur');
  });

  it('commits the trimmed text on Enter', async () => {
    const onCommit = vi.fn();
    renderWithProviders(<SearchBar thing="un produit" onCommit={onCommit} />);
    await userEvent.type(screen.getByPlaceholderText('Rechercher un produit...'), '  Burger maison  {Enter}');
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('Burger maison');
  });

  it('commits nothing on blank input', async () => {
    const onCommit = vi.fn();
    renderWithProviders(<SearchBar thing="un produit" onCommit={onCommit} />);
    const input = screen.getByPlaceholderText('Rechercher un produit...');
    await userEvent.type(input, '{Enter}');
    await userEvent.type(input, '    {Enter}');
    expect(onCommit).not.toHaveBeenCalled();
  });
});
