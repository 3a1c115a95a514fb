/** Default IANA time zone of a new store by the organization's country. */
const defaultZones: Record<string, string> = {
  GB: 'Europe/London',
  IT: 'Europe/Rome',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  ES: 'Europe/Madrid',
  CH: 'Europe/Zurich',
};

export function defaultTimeZone(country: string): string {
  return defaultZones[country.toUpperCase()] ?? 'UTC';
}
