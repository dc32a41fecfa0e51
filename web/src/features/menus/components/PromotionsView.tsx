import { memo } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import type { EditorViewProps } from '../editorView';

/** 'Promotions' of the carte editor (placeholder until its screen lands). */
export const PromotionsView = memo(function PromotionsView(_props: EditorViewProps) {
  return <EmptyState title="Promotions" message="Bientôt disponible." />;
});
