/** The account the fake provider signs in, described once and rendered in each provider's own JSON shape. */
export interface FakeOAuthUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  username: string;
  avatar: string | null;
  /** GitHub's /user `email` (the public one), which may differ from the primary address in /user/emails. */
  publicEmail?: string | null;
}

export const defaultFakeUser: FakeOAuthUser = {
  id: '1001',
  email: 'octo@example.com',
  emailVerified: true,
  name: 'Octo Cat',
  username: 'octocat',
  avatar: 'https://avatars.example.com/octocat.png',
  publicEmail: null,
};

type Shape = (user: FakeOAuthUser, query: URLSearchParams) => unknown;

/** Path → body, for the profile endpoints of GitHub, Google, Discord, Facebook and a generic OIDC issuer. */
export const profileShapes: Record<string, Shape> = {
  '/user': (user) => ({ id: Number(user.id), login: user.username, name: user.name, email: user.publicEmail ?? null, avatar_url: user.avatar }),
  '/user/emails': (user) => (user.email ? [{ email: user.email, primary: true, verified: user.emailVerified, visibility: 'private' }] : []),
  '/v1/userinfo': (user) => ({
    sub: user.id,
    name: user.name,
    given_name: user.name.split(' ')[0],
    picture: user.avatar ?? undefined,
    ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
  }),
  '/users/@me': (user) => ({
    id: user.id,
    username: user.username,
    global_name: user.name,
    avatar: user.avatar ? 'a1b2c3' : null,
    email: user.email,
    verified: user.emailVerified,
  }),
  // The Graph API returns only the fields asked for, as Facebook does.
  '/me': (user, query) => {
    const fields = new Set((query.get('fields') ?? 'id,name').split(','));
    const all: Record<string, unknown> = {
      id: user.id,
      name: user.name,
      email: user.email && user.emailVerified ? user.email : undefined,
      picture: { data: { url: user.avatar, is_silhouette: false } },
    };
    return Object.fromEntries(Object.entries(all).filter(([key, value]) => fields.has(key) && value !== undefined));
  },
  '/userinfo': (user) => ({
    sub: user.id,
    name: user.name,
    preferred_username: user.username,
    picture: user.avatar ?? undefined,
    ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
  }),
};
