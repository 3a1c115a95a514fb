import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// spec §9 / R9.09: the default border colour #4c61b4 and card colour #6d81d0 lead the brand family.
export const BRAND_COLORS = {
  50: '#eef0f9',
  100: '#d6dbf1',
  200: '#b4bee5',
  300: '#8f9dd8',
  400: '#6d81d0',
  500: '#4c61b4',
  600: '#3e4f96',
  700: '#313f77',
  800: '#242e58',
  900: '#171d39',
  950: '#0e1224',
} as const;

const brandTokens = Object.fromEntries(Object.entries(BRAND_COLORS).map(([shade, value]) => [shade, { value }]));

const config = defineConfig({
  theme: {
    tokens: { colors: { brand: brandTokens } },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { margin: 0, padding: 0 },
  },
});

export const pawlineSystem = createSystem(defaultConfig, config);
