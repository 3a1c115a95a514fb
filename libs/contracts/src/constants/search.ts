// Issue 29 the command palette's search (libs/domain/src/search, libs/contracts/src/http/search.routes.ts).

/** The shortest term the palette searches: one letter finds half the salon. */
export const SEARCH_MIN_CHARS = 2;
/** How many of each kind the palette shows: enough to tell two Halls apart, few enough to read at once. */
export const SEARCH_GROUP_SIZE = 5;
