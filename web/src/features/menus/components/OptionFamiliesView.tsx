import { memo } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import type { EditorViewProps } from '../editorView';

/** 'Familles options' of the carte editor (placeholder until its screen lands). */
export const OptionFamiliesView = memo(function OptionFamiliesView(_props: EditorViewProps) {
  return <EmptyState title="Familles options" message="Bientôt disponible." />;
});
