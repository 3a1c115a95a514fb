export type ErrorPageTexts = { notFound: string; other: string; home: string };

export const ERROR_PAGE_TEXTS_EN: ErrorPageTexts = {
  notFound: '404 Not Found',
  other: 'An error occurred',
  home: 'Go to the home page',
};

// spec §2 / R2.05: '404 Not Found' for status 404, otherwise 'An error occurred'.
export function errorPageTitle(status: number, texts: ErrorPageTexts = ERROR_PAGE_TEXTS_EN): string {
  return status === 404 ? texts.notFound : texts.other;
}
