import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { DeleteConfirmDialog, deleteQuestion } from './DeleteConfirmDialog';

describe('DeleteConfirmDialog', () => {
  it('names the kind and the element', () => {
    expect(deleteQuestion('product', ['Burger'])).toBe('Êtes-vous sûr de vouloir supprimer le produit «\u00a0Burger\u00a0»\u00a0?');
    expect(deleteQuestion('category', ['Boissons'])).toBe('Êtes-vous sûr de vouloir supprimer la catégorie «\u00a0Boissons\u00a0»\u00a0?');
    expect(deleteQuestion('option', ['Cheddar'])).toBe("Êtes-vous sûr de vouloir supprimer l'option «\u00a0Cheddar\u00a0»\u00a0?");
    expect(deleteQuestion('ingredient', ['Tomate'])).toBe("Êtes-vous sûr de vouloir supprimer l'ingrédient «\u00a0Tomate\u00a0»\u00a0?");
  });

  it('gives the count for several elements', () => {
    expect(deleteQuestion('product', ['A', 'B', 'C'])).toBe('Êtes-vous sûr de vouloir supprimer ces 3 produits\u00a0?');
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
