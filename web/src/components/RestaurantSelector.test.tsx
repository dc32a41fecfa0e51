import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { restaurants } from '../test/fixtures';
import type { Restaurant } from '../api/types';
import { RestaurantSelector, type RestaurantChoice } from './RestaurantSelector';

function Harness({ list = restaurants, allowAll = false, initial = null as RestaurantChoice, onChange = vi.fn() }: {
  list?: Restaurant[];
  allowAll?: boolean;
  initial?: RestaurantChoice;
  onChange?: (v: RestaurantChoice) => void;
}) {
  const [value, setValue] = useState<RestaurantChoice>(initial);
  return (
    <RestaurantSelector
      restaurants={list}
      value={value}
      allowAll={allowAll}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('RestaurantSelector', () => {
  it('shows the count in parentheses when there are restaurants', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('button', { name: 'Selectionner Restaurant (4)' })).toBeTruthy();
  });

  it('shows no parentheses when the count is 0, and the empty text in the drawer', async () => {
    renderWithProviders(<Harness list={[]} />);
    const button = screen.getByRole('button', { name: 'Selectionner Restaurant' });
    expect(button.textContent).toBe('Selectionner Restaurant');
    await userEvent.click(button);
    expect(await screen.findByText('Pas de donnees a afficher')).toBeTruthy();
  });

  it("offers 'All restaurants' to admins only", async () => {
    const { unmount } = renderWithProviders(<Harness allowAll />);
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    expect(within(await screen.findByRole('list', { name: 'Restaurants' })).getByText('All restaurants')).toBeTruthy();
    unmount();

    renderWithProviders(<Harness allowAll={false} />);
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    const list = await screen.findByRole('list', { name: 'Restaurants' });
    expect(within(list).queryByText('All restaurants')).toBeNull();
    expect(within(list).getByText('Burger Bastille')).toBeTruthy();
  });

  it('filters by name as the user types and shows the empty text when nothing matches', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    const search = await screen.findByPlaceholderText('Rechercher un restaurant...');
    await userEvent.type(search, 'burger');
    const list = screen.getByRole('list', { name: 'Restaurants' });
    expect(within(list).getByText('Burger Bastille')).toBeTruthy();
    expect(within(list).getByText('Burger Confluence')).toBeTruthy();
    expect(within(list).queryByText('Pizza Vieux-Port')).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'introuvable');
    expect(screen.getByText('Pas de donnees a afficher')).toBeTruthy();
  });

  it('chooses a restaurant, shows its name with a clear icon, and clears it', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    await userEvent.click(await screen.findByText('Pizza Vieux-Port'));
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(await screen.findByRole('button', { name: 'Pizza Vieux-Port' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Désélectionner le restaurant' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(await screen.findByRole('button', { name: 'Selectionner Restaurant (4)' })).toBeTruthy();
  });

  it("'All restaurants' is value 0 and Annuler leaves the choice unchanged", async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness allowAll onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    await userEvent.click(await screen.findByText('All restaurants'));
    expect(onChange).toHaveBeenLastCalledWith(0);

    await userEvent.click(await screen.findByRole('button', { name: 'All restaurants' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
