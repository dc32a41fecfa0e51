// Names the generated API types this feature uses (aliases into schema.ts, never declared by hand).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type NoticeFeed = Schemas['NoticeFeed'];
export type Notice = Schemas['NoticeOut'];
