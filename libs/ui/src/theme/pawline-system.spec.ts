import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contrastRatio } from '@pawline/domain';
import { pawlineSystem } from './pawline-system';

// The recipe (or slot recipe) each Chakra export of chakra-shared.ts is drawn with; null for
// layout parts and functions that have none. A component added to the facade needs a line here.
const RECIPE_OF: Record<string, { recipe: string } | { slot: string } | null> = {
  Accordion: { slot: 'accordion' },
  Alert: { slot: 'alert' },
  Badge: { recipe: 'badge' },
  Box: null,
  Button: { recipe: 'button' },
  CloseButton: { recipe: 'button' },
  IconButton: { recipe: 'button' },
  Card: { slot: 'card' },
  Checkbox: { slot: 'checkbox' },
  Code: { recipe: 'code' },
  Dialog: { slot: 'dialog' },
  Field: { slot: 'field' },
  Flex: null,
  Grid: null,
  Heading: { recipe: 'heading' },
  Image: null,
  Input: { recipe: 'input' },
  Link: { recipe: 'link' },
  NativeSelect: { slot: 'nativeSelect' },
  Portal: null,
  Separator: { recipe: 'separator' },
  SimpleGrid: null,
  Spinner: { recipe: 'spinner' },
  HStack: null,
  Stack: null,
  Table: { slot: 'table' },
  Text: null,
  Textarea: { recipe: 'textarea' },
  ChakraProvider: null,
  createSystem: null,
  defineConfig: null,
  defaultBaseConfig: null,
};

const facade = readFileSync(path.join(__dirname, '..', 'chakra', 'chakra-shared.ts'), 'utf8');
// taken from Chakra's own entries: the shell's lazy pages' Accordion and Alert, and Dialog and
// Checkbox, shared apart (chakra-shared.ts says why)
const OUTSIDE_FACADE = ['Accordion', 'Alert', 'Dialog', 'Checkbox'];
const shared = [
  ...[...facade.matchAll(/export \{([^}]*)\} from/g)].flatMap((m) => (m[1] ?? '').split(',').map((n) => n.trim())),
  ...OUTSIDE_FACADE,
];

describe('pawlineSystem', () => {
  it('knows the recipe of every Chakra part the frontends share', () => {
    expect(shared.filter((name) => !(name in RECIPE_OF))).toEqual([]);
  });

  it.each(shared.filter((name) => RECIPE_OF[name]))('carries the recipe %s is drawn with', (name) => {
    const entry = RECIPE_OF[name];
    if (entry && 'recipe' in entry) expect(pawlineSystem.isRecipe(entry.recipe)).toBe(true);
    if (entry && 'slot' in entry) expect(pawlineSystem.isSlotRecipe(entry.slot)).toBe(true);
  });

  it('carries no recipe of a component the app does not render', () => {
    expect(pawlineSystem.isSlotRecipe('colorPicker')).toBe(false);
    expect(pawlineSystem.isSlotRecipe('datePicker')).toBe(false);
    expect(pawlineSystem.isRecipe('kbd')).toBe(false);
  });

  it('R9.09 keeps Chakra tokens and the brand colours', () => {
    expect(pawlineSystem.token('colors.brand.500')).toBe('#4c61b4');
    expect(pawlineSystem.token('colors.gray.500')).toBeDefined();
    expect(pawlineSystem.token('spacing.4')).toBe('1rem');
  });

  it('draws error texts (fg.error) at 4.5:1 or more on white and on the page background (WCAG 1.4.3)', () => {
    const light = pawlineSystem.tokens.getByName('colors.fg.error')?.extensions.conditions?._light ?? '';
    const colour = pawlineSystem.token(`colors.${/^\{colors\.(.+)\}$/.exec(light)?.[1] ?? ''}`);
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    for (const background of ['#ffffff', pawlineSystem.token('colors.gray.50'), pawlineSystem.token('colors.red.50')])
      expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
  });
});
