import fc from 'fast-check';
import { insertVariable, placeholderNumbers, TEMPLATE_VARIABLE_NAMES, templateProblem, variablesOf } from './template-editor';

describe('template editor', () => {
  it('R3.13 R3.15 inserting a variable numbers its placeholder after the ones before and names it in variables_str', () => {
    let t = insertVariable('Hello ', '', 'first_name');
    expect(t).toEqual({ text: 'Hello {{1}}', variables_str: 'first_name', cursor: 11 });
    t = insertVariable(`${t.text}, see you on  with `, t.variables_str, 'date', 24);
    t = insertVariable(t.text, t.variables_str, 'pet_name');
    expect(t.text).toBe('Hello {{1}}, see you on {{2}} with {{3}}');
    expect(variablesOf(t.variables_str)).toEqual(['first_name', 'date', 'pet_name']);
    expect(templateProblem(t.text, t.variables_str)).toBeNull();
  });

  it('R3.13 names a placeholder without its variable, a variable without its placeholder, and a gap', () => {
    expect(templateProblem('Hi {{1}} {{2}}', 'first_name')).toBe('placeholderWithoutVariable');
    expect(templateProblem('Hi {{1}}', 'first_name/pet_name')).toBe('variableWithoutPlaceholder');
    expect(templateProblem('Hi {{2}}', 'first_name/pet_name')).toBe('placeholdersUnnumbered');
    expect(templateProblem('No variables', '')).toBeNull();
    expect(placeholderNumbers('{{1}} and {{12}}')).toEqual([1, 12]);
  });

  it('R3.13 any sequence of insertions gives a template without problems', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...TEMPLATE_VARIABLE_NAMES), fc.nat(60)), { maxLength: 12 }), (steps) => {
        let state = { text: 'Dear customer, ', variables_str: '' };
        for (const [variable, at] of steps) state = insertVariable(state.text, state.variables_str, variable, at);
        expect(variablesOf(state.variables_str)).toHaveLength(steps.length);
        // numbers appear wherever the cursor was, but each is there once and they run 1..n
        expect([...placeholderNumbers(state.text)].sort((a, b) => a - b)).toEqual(steps.map((_, i) => i + 1));
        expect(templateProblem(state.text, state.variables_str)).toBeNull();
      }),
    );
  });
});
