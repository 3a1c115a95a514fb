import { calendarFeedUrls } from './calendar-feed';

describe('calendar feed URLs', () => {
  it('R1.15 builds the full https URL from the page origin and the webcal:// variant', () => {
    expect(calendarFeedUrls('https://app.pawline.example', '/api/v1/public/calendar/abc.ics')).toEqual({
      http: 'https://app.pawline.example/api/v1/public/calendar/abc.ics',
      webcal: 'webcal://app.pawline.example/api/v1/public/calendar/abc.ics',
    });
  });

  it('R1.15 keeps an http origin with its port and joins the path with exactly one slash', () => {
    expect(calendarFeedUrls('http://localhost:3994/', 'api/v1/public/calendar/x.ics')).toEqual({
      http: 'http://localhost:3994/api/v1/public/calendar/x.ics',
      webcal: 'webcal://localhost:3994/api/v1/public/calendar/x.ics',
    });
  });
});
