// Names the generated API types of the people screens. Nothing is declared by hand: every alias
// points into schema.ts, generated from the server's OpenAPI document.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Person = Schemas['Person'];
export type PersonRole = Person['role'];
export type PersonId = Person['id'];
export type PersonBody = Schemas['PersonBody'];
export type NewPersonBody = Schemas['NewPersonBody'];
export type PersonList = Schemas['PersonList'];
