import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

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
        // Chakra's red.500 on white is 3.8:1; error texts (field errors, the login error) need 4.5:1 (WCAG 1.4.3)
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
      },
    },
  },
  globalCss: {
    'html, body': { margin: 0, padding: 0 },
  },
});

/**
 * The recipes of the components the app renders (chakra-shared.ts lists them, with Accordion and
 * Alert of the shell's lazy pages; the spec checks the two agree). Chakra's defaultConfig carries all 70-odd recipes, a third of its weight.
 */
export const PAWLINE_RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const PAWLINE_SLOT_RECIPES = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  table: tableSlotRecipe,
};

// Chakra's default theme (tokens, semantic tokens, text and layer styles, global css) without
// the recipes of components we do not render.
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: PAWLINE_RECIPES,
    slotRecipes: PAWLINE_SLOT_RECIPES,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

export const pawlineSystem = createSystem(defaultBaseConfig, chakraTheme, config);
