import fc from 'fast-check';
import { placeholderNumbers } from '@pawline/domain';
import { insertVariable, TEMPLATE_VARIABLE_NAMES, templateProblems, variablesOf } from './template-editor';

const problemsOf = (text: string, variables: string) => templateProblems({ template_text: text, variables_str: variables });

describe('template editor', () => {
  it('R3.13 R3.15 inserting a variable numbers its placeholder after the ones before and names it in variables_str', () => {
    let t = insertVariable('Hello ', '', 'first_name');
    expect(t).toEqual({ text: 'Hello {{1}}', variables_str: 'first_name', cursor: 11 });
    t = insertVariable(`${t.text}, see you on  with `, t.variables_str, 'date', 24);
    t = insertVariable(`${t.text}.`, t.variables_str, 'pet_name', t.text.length);
    expect(t.text).toBe('Hello {{1}}, see you on {{2}} with {{3}}.');
    expect(variablesOf(t.variables_str)).toEqual(['first_name', 'date', 'pet_name']);
    expect(problemsOf(t.text, t.variables_str)).toEqual([]);
  });

  it('R3.13 names a placeholder without its variable, a variable without its placeholder, a gap and a placeholder at the end', () => {
    expect(problemsOf('Hi {{1}} and {{2}}.', 'first_name')).toEqual(['placeholder_count_mismatch']);
    expect(problemsOf('Hi {{1}}.', 'first_name/pet_name')).toEqual(['placeholder_count_mismatch']);
    expect(problemsOf('Hi {{2}}.', 'first_name')).toEqual(['placeholders_not_numbered_in_order']);
    expect(problemsOf('Hi {{1}}', 'first_name')).toEqual(['placeholder_at_start_or_end']);
    expect(problemsOf('No variables', '')).toEqual([]);
  });

  it('R3.13 any sequence of insertions gives a template without problems', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...TEMPLATE_VARIABLE_NAMES), fc.nat(60)), { maxLength: 12 }), (steps) => {
        let state = { text: 'Dear customer, ', variables_str: '' };
        for (const [variable, at] of steps) state = insertVariable(state.text, state.variables_str, variable, at);
        expect(variablesOf(state.variables_str)).toHaveLength(steps.length);
        // numbers appear wherever the cursor was, but each is there once and they run 1..n, one per variable
        expect(placeholderNumbers(state.text)).toEqual(steps.map((_, i) => i + 1));
        expect([...state.text.matchAll(/\{\{\d+\}\}/g)]).toHaveLength(steps.length);
        const problems = problemsOf(state.text, state.variables_str).filter((p) => p !== 'placeholder_at_start_or_end');
        expect(problems).toEqual([]);
      }),
    );
  });
});
