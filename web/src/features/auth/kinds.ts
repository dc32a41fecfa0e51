// The sign-in doors, without zod: the sign-in page validates its two fields itself (issue 16).
export const signinKinds = ['franchise', 'restaurant', 'guest'] as const;
export type SigninKind = (typeof signinKinds)[number];
