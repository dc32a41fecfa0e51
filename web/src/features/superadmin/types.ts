// Names the generated API types the super-admin screens use (aliases into schema.ts, never declared by hand).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type NewFranchiseBody = Schemas['NewFranchiseBody'];
export type NewFranchiseOut = Schemas['NewFranchiseOut'];
export type NoticeBody = Schemas['NoticeBody'];
export type NoticeOut = Schemas['NoticeOut'];
/**
 * The audiences a notice may name. The API types `roles` as plain strings; these are the values
 * the server accepts (internal/notices: any role but the super-admin's).
 */
export type NoticeRole = 'admin' | 'moderator' | 'guest' | 'restaurant';
