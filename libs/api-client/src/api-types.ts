import type { HTTP_ROUTES, RealtimeMessage } from '@pawline/contracts';
import type { RouteAnswer, RouteBody, RouteQuery } from './route-ref';

// Shapes of the /api/v1 JSON the frontends use (snake_case as on the wire, spec §3).

// the one list of languages and of countries (libs/contracts' zod-free constants), re-exported for the frontends
export { COUNTRY_CODES as COUNTRIES, LANGUAGE_NAMES, LANGUAGES, type Language } from '@pawline/contracts';

// Every wire shape below is derived from the route declarations of libs/contracts/src/http (their
// zod schemas): a changed contract changes these types, and no copy can drift from the gateway.
// Imported as types only, so no schema reaches a browser bundle.

type Declared = typeof HTTP_ROUTES;
export type RouteName = keyof Declared;
/** The JSON body a route takes (the schema's input: optional and defaulted fields may be left out). */
export type BodyOf<Name extends RouteName> = RouteBody<Declared[Name]>;
/** The JSON answer of a route. */
export type AnswerOf<Name extends RouteName> = RouteAnswer<Declared[Name]>;
/** The query a route takes (its input: text, lists comma-joined). */
export type QueryOf<Name extends RouteName> = RouteQuery<Declared[Name]>;

/** spec §9: a country offered at registration (UK is sent as its ISO code GB). */
export type Country = BodyOf<'register'>['country'];

/** Person data (spec §3). */
export type PersonUser = AnswerOf<'getUser'>;
/** An organization with its stores and users (GET /orga/{orga}). */
export type Organization = AnswerOf<'getOrga'>;
export type Store = Organization['stores'][number];
export type OrganizationUser = Organization['users'][number];

export type RegisterRequest = BodyOf<'register'>;
/** What sign-in answers: the access token (the refresh token stays in the httpOnly cookie). */
export type Session = AnswerOf<'login'>;
export type UpdateUserRequest = BodyOf<'updateUser'>;
export type ChangePasswordRequest = BodyOf<'changePassword'>;

/** spec §3 organization user with the contact data administrators see (GET /orga/{orga}/users). */
export type TeamMember = AnswerOf<'listTeam'>[number];
/** The writable fields of a team member (create takes them with e-mail and language, update any of them). */
export type TeamMemberFields = Omit<BodyOf<'createTeamMember'>, 'email' | 'language'>;
export type CreateTeamMemberRequest = BodyOf<'createTeamMember'>;
/** The answer of a create: the first password is shown once (R3.03). */
export type CreatedTeamMember = AnswerOf<'createTeamMember'>;
export type StoreFields = BodyOf<'createStore'>;
export type OrganizationDataRequest = BodyOf<'updateOrga'>;
export type OrganizationSettingsRequest = BodyOf<'updateOrgaSettings'>;
export type AutologinLink = AnswerOf<'getAutologinLink'>;
export type RatingRequest = BodyOf<'rate'>;

// spec §3 / R3.17: a realtime message as the gateway pushes it.
export type { RealtimeMessage };
