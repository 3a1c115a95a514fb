// spec §3 and §9 (R3.03, R9.09): a user's appointment card colours, stored as 'border:card'.
export const DEFAULT_BORDER = '#4c61b4';
export const DEFAULT_CARD = '#6d81d0';

export type ColourScheme = { border: string; card: string };

export const DEFAULT_COLOUR_SCHEME: ColourScheme = { border: DEFAULT_BORDER, card: DEFAULT_CARD };

/** Eight presets: the border a darker shade of the card, white card text at least 4.5:1 (WCAG AA). */
export const COLOUR_PRESETS: readonly ColourScheme[] = [
  { border: '#0d47a1', card: '#1565c0' }, // blue
  { border: '#004d40', card: '#00796b' }, // teal
  { border: '#1b5e20', card: '#2e7d32' }, // green
  { border: '#7a3d00', card: '#b35900' }, // orange
  { border: '#8e1c1c', card: '#c62828' }, // red
  { border: '#4a148c', card: '#6a1b9a' }, // purple
  { border: '#880e4f', card: '#c2185b' }, // pink
  { border: '#263238', card: '#546e7a' }, // slate
];

/** Done (checked out) and cancelled cards, distinct from every preset (values not given by the spec). */
export const DONE_COLOUR_SCHEME: ColourScheme = { border: '#424242', card: '#757575' };
export const CANCELLED_COLOUR_SCHEME: ColourScheme = { border: '#6d4c41', card: '#8d6e63' };

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value.trim());
}

function normalizeHex(value: string): string {
  const hex = value.trim().toLowerCase();
  if (hex.length === 4) return `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`;
  return hex;
}

/** 'border:card' to colours; a missing or invalid part falls back to its default. */
export function parseColourScheme(value: string | null | undefined): ColourScheme {
  const [border = '', card = ''] = (value ?? '').split(':');
  return {
    border: isHexColour(border) ? normalizeHex(border) : DEFAULT_BORDER,
    card: isHexColour(card) ? normalizeHex(card) : DEFAULT_CARD,
  };
}

export function formatColourScheme(scheme: ColourScheme): string {
  const parsed = parseColourScheme(`${scheme.border}:${scheme.card}`);
  return `${parsed.border}:${parsed.card}`;
}

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(normalizeHex(hex).slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
