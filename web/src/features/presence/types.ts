// Names the generated API types this feature uses (aliases into schema.ts, never declared by hand).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type PresenceReport = Schemas['PresenceReport'];
export type PresenceEntry = Schemas['PresenceEntry'];
export type PresenceList = Schemas['PresenceList'];
