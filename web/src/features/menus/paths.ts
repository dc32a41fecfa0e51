export const CARTES_PATH = '/campagne/MesCartes';
export const TRASH_PATH = '/config/CarteTrash';
export const HISTORY_PATH = '/campagne/Historique';
export const editorPath = (campaignId: number) => `${CARTES_PATH}/${campaignId}`;
