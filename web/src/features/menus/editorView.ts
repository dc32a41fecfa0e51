import type { MenuDocument } from './documentTypes';

/**
 * What every view of the carte editor receives. The document is the one loaded at the version the
 * page holds; `send` saves a whole new document at that version and resolves to null on success or
 * to the error (an ApiError for 4xx/5xx). A 409 also raises the page's "reload" banner; the view
 * shows its own toast (SAVE_SUCCESS / SAVE_FAILED or a specific text) and keeps what was typed.
 */
export interface EditorViewProps {
  campaignId: number;
  document: MenuDocument;
  canEdit: boolean;
  saving: boolean;
  send: (next: MenuDocument) => Promise<unknown>;
}
