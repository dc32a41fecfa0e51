import { memo } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import type { EditorViewProps } from '../editorView';

/** 'Familles' of the carte editor (placeholder until its screen lands). */
export const MenuFamiliesView = memo(function MenuFamiliesView(_props: EditorViewProps) {
  return <EmptyState title="Familles" message="Bientôt disponible." />;
});
