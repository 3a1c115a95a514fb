import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf } from '@pawline/api-client';

// The wire shapes of the API keys screen (issue 33), derived from the route declarations
// (libs/contracts/src/http/orga.routes.ts); the page reads and writes them through the data layer.
export type ApiKey = AnswerOf<'listApiKeys'>['keys'][number];
export type ApiKeyCreation = BodyOf<'createApiKey'>;
export type CreatedApiKey = AnswerOf<'createApiKey'>;

/** A key created or revoked changes the list only. */
export function apiKeyWrites(orga: string): ApiQueryFilter[] {
  return [apiQueryFilter('listApiKeys', { orga })];
}
