import { errorPageTitle } from './error-page-text';

describe('errorPageTitle', () => {
  it("R2.05 shows '404 Not Found' for 404 and 'An error occurred' otherwise", () => {
    expect(errorPageTitle(404)).toBe('404 Not Found');
    expect(errorPageTitle(500)).toBe('An error occurred');
    expect(errorPageTitle(403)).toBe('An error occurred');
    expect(errorPageTitle(0)).toBe('An error occurred');
  });
});
