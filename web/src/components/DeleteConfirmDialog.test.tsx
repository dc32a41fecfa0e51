import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { DeleteConfirmDialog, deleteQuestion } from './DeleteConfirmDialog';

describe('DeleteConfirmDialog', () => {
  it('names the kind and the element', () => {
    expect(deleteQuestion('product', ['Burger'])).toBe('Êtes-vous sûr de vouloir supprimer le produit « Burger » ?');
    expect(deleteQuestion('category', ['Boissons'])).toBe('Êtes-vous sûr de vouloir supprimer la catégorie « Boissons » ?');
    expect(deleteQuestion('option', ['Cheddar'])).toBe("Êtes-vous sûr de vouloir supprimer l'option « Cheddar » ?");
    expect(deleteQuestion('ingredient', ['Tomate'])).toBe("Êtes-vous sûr de vouloir supprimer l'ingrédient « Tomate » ?");
  });

  it('gives the count for several elements', () => {
    expect(deleteQuestion('product', ['A', 'B', 'C'])).toBe('Êtes-vous sûr de vouloir supprimer ces 3 produits ?');
  });

  it('shows the question with Annuler and Supprimer', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(
      <DeleteConfirmDialog open kind="product" names={['Burger']} onCancel={onCancel} onConfirm={onConfirm} />,
    );
    expect(screen.getByText('Êtes-vous sûr de vouloir supprimer le produit « Burger » ?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('escapes names instead of injecting them as HTML', () => {
    renderWithProviders(
      <DeleteConfirmDialog open kind="product" names={['<b>Burger</b>']} onCancel={vi.fn()} onConfirm={vi.fn()} />,
    );
    expect(screen.getByText('Êtes-vous sûr de vouloir supprimer le produit « <b>Burger</b> » ?')).toBeTruthy();
  });
});
